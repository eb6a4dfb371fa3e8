import { randomInt } from 'node:crypto';
import type { Context } from 'hono';
import { MSG } from '../../../contract/messages.ts';
import {
  VERIFY_TOKEN_DIGITS,
  VERIFY_TOKEN_INTERVAL_MS,
  VERIFY_TOKEN_MAX_TRIES,
  VERIFY_TOKEN_TTL_MS,
} from '../../../contract/schemas/settings.ts';
import type { AppEnv } from '../../app-env.ts';
import { idempotent, ok, refuse } from '../../idempotency/idempotent.ts';
import { jsonError } from '../../lib/http.ts';
import { newId } from '../../lib/ids.ts';
import { ensurePerfil } from './perfil.ts';

/** At most this many codes per user per hour, on top of one a minute. */
const HOURLY_LIMIT = 5;

/**
 * GET /api/client/common/contacto/criarNumeroVerifyToken: a 6-digit code for the account's phone, valid 10 minutes.
 * No SMS gateway in the embedded server: the code is written to the console (the SMS stand-in).
 */
export async function createVerifyToken(c: Context<AppEnv>): Promise<Response> {
  const me = c.get('user').id;
  return idempotent(c, async (trx) => {
    const user = await trx.selectFrom('usuarios').select(['telefone', 'nome_usuario']).where('id', '=', me).executeTakeFirst();
    if (!user) return refuse(401, MSG.unauthenticated);
    if (!user.telefone) return refuse(400, MSG.phoneMissing);
    const now = Date.now();
    const recent = await trx
      .selectFrom('verificacoes_telefone')
      .select('created_at')
      .where('usuario_id', '=', me)
      .where('created_at', '>', new Date(now - 3_600_000).toISOString())
      .orderBy('created_at', 'desc')
      .execute();
    const last = recent[0] ? Date.parse(recent[0].created_at) : 0;
    if (now - last < VERIFY_TOKEN_INTERVAL_MS || recent.length >= HOURLY_LIMIT) {
      c.header('Retry-After', String(Math.ceil(VERIFY_TOKEN_INTERVAL_MS / 1000)));
      return refuse(429, MSG.verifyTokenWait);
    }
    const token = String(randomInt(0, 10 ** VERIFY_TOKEN_DIGITS)).padStart(VERIFY_TOKEN_DIGITS, '0');
    const expiraEm = new Date(now + VERIFY_TOKEN_TTL_MS).toISOString();
    await trx
      .insertInto('verificacoes_telefone')
      .values({
        id: newId(),
        usuario_id: me,
        numero: user.telefone,
        token,
        tentativas: 0,
        usado: 0,
        expira_em: expiraEm,
        created_at: new Date(now).toISOString(),
      })
      .execute();
    console.info(`[sms] código de verificação de ${user.nome_usuario} para ${user.telefone}: ${token}`);
    return ok({ message: MSG.verifyTokenSent, expiraEm });
  });
}

/**
 * GET /api/client/common/contacto/verifyNumeroTelemovel/{token}: the latest code for the current number, unexpired,
 * at most 5 tries. A wrong try is counted even though the refusal itself changes nothing else.
 */
export async function verifyPhone(c: Context<AppEnv>): Promise<Response> {
  const token = (c.req.param('token') ?? '').trim();
  if (!token) return jsonError(c, 400, MSG.verifyTokenRequired);
  if (!/^\d{6}$/.test(token)) return jsonError(c, 400, MSG.verifyTokenInvalid);
  const me = c.get('user').id;
  const wrongTry: { id: string | null } = { id: null };
  const response = await idempotent(c, async (trx) => {
    const user = await trx.selectFrom('usuarios').select('telefone').where('id', '=', me).executeTakeFirst();
    if (!user) return refuse(401, MSG.unauthenticated);
    const pending = await trx
      .selectFrom('verificacoes_telefone')
      .selectAll()
      .where('usuario_id', '=', me)
      .where('usado', '=', 0)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    const usable =
      pending &&
      pending.numero === user.telefone &&
      pending.tentativas < VERIFY_TOKEN_MAX_TRIES &&
      Date.parse(pending.expira_em) > Date.now();
    if (!pending || !usable) return refuse(400, MSG.verifyTokenInvalid);
    if (pending.token !== token) {
      wrongTry.id = pending.id;
      return refuse(400, MSG.verifyTokenInvalid);
    }
    await trx.updateTable('verificacoes_telefone').set({ usado: 1 }).where('id', '=', pending.id).execute();
    await ensurePerfil(trx, me);
    await trx.updateTable('perfis').set({ telefone_verificado: 1 }).where('usuario_id', '=', me).execute();
    return ok({ message: MSG.phoneVerified });
  });
  if (wrongTry.id) {
    await c
      .get('db')
      .updateTable('verificacoes_telefone')
      .set((eb) => ({ tentativas: eb('tentativas', '+', 1) }))
      .where('id', '=', wrongTry.id)
      .execute();
  }
  return response;
}
