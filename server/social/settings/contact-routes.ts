import { randomInt, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { MSG } from '../../../contract/messages.ts';
import {
  VERIFY_TOKEN_DIGITS,
  VERIFY_TOKEN_INTERVAL_MS,
  VERIFY_TOKEN_MAX_TRIES,
  VERIFY_TOKEN_TTL_MS,
  VerifyTokenResponseSchema,
} from '../../../contract/schemas/settings.ts';
import { MessageResponseSchema } from '../../../contract/schemas/auth.ts';
import { brandForHost, type Brand } from '../../../contract/brands.ts';
import type { AppEnv } from '../../hono-env.ts';
import { idempotent, ok, refuse } from '../../idempotency/idempotent.ts';
import { jsonError, requestHost } from '../../lib/http.ts';
import { newId } from '../../lib/ids.ts';
import { ensurePerfil } from './perfil.ts';
import { SmsNotSent, smsSenderFor, type Sms } from '../../sms/sms-sender.ts';

/** At most this many codes per user per hour, on top of one a minute. */
const HOURLY_LIMIT = 5;

/**
 * The code's SMS in the language of the host that asked. Written in the GSM-7 alphabet (é and É are in it; ó, ç, ã and
 * á are not): one accented letter outside it makes the whole SMS UCS-2, 70 characters a part, and this one two parts.
 */
export function codeSms(to: string, code: string, brand: Brand): Sms {
  const text =
    brand.locale === 'en'
      ? `Your ${brand.name} verification code is ${code}. It is valid for 10 minutes.`
      : `O teu codigo de verificacao ${brand.name} é ${code}. É valido durante 10 minutos.`;
  return { to, text };
}

/**
 * GET /api/client/common/contacto/criarNumeroVerifyToken: a 6-digit code for the account's phone, valid 10 minutes,
 * sent through the SMS sender (server/sms/sms-sender.ts).
 */
export async function createVerifyToken(c: Context<AppEnv>): Promise<Response> {
  const me = c.get('user').id;
  const db = c.get('db');
  let expiraEm = '';
  // The code is stored, then sent, before the call's own transaction: a gateway that takes seconds (and tries again)
  // must not hold every writer of the database. A code that could not be sent is taken away again, and the user is
  // told so; a replay of the call answers what it answered the first time and sends nothing.
  const prepare = async () => {
    const user = await db.selectFrom('usuarios').select('telefone').where('id', '=', me).executeTakeFirst();
    if (!user) return refuse(401, MSG.unauthenticated);
    if (!user.telefone) return refuse(400, MSG.phoneMissing);
    const now = Date.now();
    const recent = await db
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
    const id = newId();
    const token = String(randomInt(0, 10 ** VERIFY_TOKEN_DIGITS)).padStart(VERIFY_TOKEN_DIGITS, '0');
    expiraEm = new Date(now + VERIFY_TOKEN_TTL_MS).toISOString();
    await db
      .insertInto('verificacoes_telefone')
      .values({ id, usuario_id: me, numero: user.telefone, token, tentativas: 0, usado: 0, expira_em: expiraEm, created_at: new Date(now).toISOString() })
      .execute();
    try {
      await smsSenderFor(c.get('config')).send(codeSms(user.telefone, token, brandForHost(requestHost(c))));
    } catch (error) {
      await db.deleteFrom('verificacoes_telefone').where('id', '=', id).execute();
      if (!(error instanceof SmsNotSent)) throw error;
      return refuse(502, error.permanent ? MSG.smsNumberRefused : MSG.smsNotSent);
    }
    return null;
  };
  return idempotent(c, async () => ok(VerifyTokenResponseSchema, { message: MSG.verifyTokenSent, expiraEm }), { prepare });
}

/** Compares two codes in a time that does not depend on where they differ. */
function sameCode(stored: string, given: string): boolean {
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Takes one of the latest unused code's tries, in the statement that checks the limit: concurrent guesses each
 * take their own, and once 5 are taken none is left, whatever the timing. The code as it was, or null.
 */
async function takeTry(c: Context<AppEnv>, userId: string) {
  return c
    .get('db')
    .updateTable('verificacoes_telefone')
    .set((eb) => ({ tentativas: eb('tentativas', '+', 1) }))
    .where('id', '=', (eb) =>
      eb
        .selectFrom('verificacoes_telefone')
        .select('id')
        .where('usuario_id', '=', userId)
        .where('usado', '=', 0)
        .orderBy('created_at', 'desc')
        .limit(1),
    )
    .where('usado', '=', 0)
    .where('tentativas', '<', VERIFY_TOKEN_MAX_TRIES)
    .returning(['id', 'token', 'numero', 'expira_em'])
    .executeTakeFirst();
}

/**
 * GET /api/client/common/contacto/verifyNumeroTelemovel/{token}: the latest code for the current number, unexpired,
 * at most 5 tries. Every try is counted before the code is compared (and stays counted though a refusal changes
 * nothing else); a replayed success is answered from the idempotency store.
 */
export async function verifyPhone(c: Context<AppEnv>): Promise<Response> {
  const token = (c.req.param('token') ?? '').trim();
  if (!token) return jsonError(c, 400, MSG.verifyTokenRequired);
  if (!/^\d{6}$/.test(token)) return jsonError(c, 400, MSG.verifyTokenInvalid);
  const me = c.get('user').id;
  const tried = await takeTry(c, me);
  const matched = tried !== undefined && sameCode(tried.token, token) && Date.parse(tried.expira_em) > Date.now() ? tried : null;
  return idempotent(c, async (trx) => {
    const user = await trx.selectFrom('usuarios').select('telefone').where('id', '=', me).executeTakeFirst();
    if (!user) return refuse(401, MSG.unauthenticated);
    if (!matched || matched.numero !== user.telefone) return refuse(400, MSG.verifyTokenInvalid);
    // Two right guesses at once: only the one that marks the code used verifies.
    const used = await trx.updateTable('verificacoes_telefone').set({ usado: 1 }).where('id', '=', matched.id).where('usado', '=', 0).executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) return refuse(400, MSG.verifyTokenInvalid);
    await ensurePerfil(trx, me);
    await trx.updateTable('perfis').set({ telefone_verificado: 1 }).where('usuario_id', '=', me).execute();
    return ok(MessageResponseSchema, { message: MSG.phoneVerified });
  });
}
