import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { sql } from 'kysely';
import { PHONE_DIGITS } from '../../../contract/limits.ts';
import { MSG } from '../../../contract/messages.ts';
import { normalizePhone } from '../../../contract/normalize.ts';
import { MessageResponseSchema } from '../../../contract/schemas/auth.ts';
import {
  AccountUpdateRequestSchema,
  AccountUpdateResponseSchema,
  ContactDetailsResponseSchema,
  PasswordChangeRequestSchema,
} from '../../../contract/schemas/settings.ts';
import { validateDisplayName, validatePasswordChange } from '../../../contract/validation/social.ts';
import type { AppEnv } from '../../hono-env.ts';
import { hashPassword, verifyPassword } from '../../auth/password.ts';
import { sendVerificationMail } from '../../auth/email-verification.ts';
import { endSessionsBefore } from '../../auth/session-revocation.ts';
import { clearSessionCookie, readSessionToken, renewSessionCookie } from '../../auth/session.ts';
import { idempotent, ok, refuse } from '../../idempotency/idempotent.ts';
import { answer } from '../../lib/answer.ts';
import { jsonError } from '../../lib/http.ts';
import { checkImage } from '../messages/input.ts';
import { myProfileUser } from '../profile/repo.ts';
import { readJson } from '../shared/request.ts';
import { loadUser, photoUrl } from '../shared/users.ts';
import { ensurePerfil } from './perfil.ts';

/** One verification mail a minute per user. */
const VERIFICATION_MAIL_INTERVAL_MS = 60_000;

/** GET /api/client/common/conta/contactDetails → contactDetails {email{email, verificado}, numeroTelemovel{numero, verificado}}. */
export async function contactDetails(c: Context<AppEnv>): Promise<Response> {
  const row = await c
    .get('db')
    .selectFrom('usuarios')
    .leftJoin('perfis', 'perfis.usuario_id', 'usuarios.id')
    .select(['usuarios.email', 'usuarios.email_verificado_em', 'usuarios.telefone', 'perfis.telefone_verificado'])
    .where('usuarios.id', '=', c.get('user').id)
    .executeTakeFirst();
  if (!row) return jsonError(c, 401, MSG.unauthenticated);
  return answer(c, ContactDetailsResponseSchema, {
    contactDetails: {
      email: { email: row.email, verificado: row.email_verificado_em !== null },
      numeroTelemovel: { numero: row.telefone, verificado: row.telefone_verificado === 1 },
    },
  });
}

type PhotoChange = { ok: true; value: string | null | undefined } | { ok: false; status: 400 | 413; message: string };

/** A data URL replaces the photo, null removes it, the photo's own URL (or nothing) keeps it. */
function photoChange(value: string | null | undefined, userId: string): PhotoChange {
  if (value === undefined || value === null) return { ok: true, value };
  if (!value.startsWith('data:')) {
    if (value.split('?')[0] === photoUrl(userId, 0).split('?')[0]) return { ok: true, value: undefined };
    return { ok: false, status: 400, message: MSG.imageProblem };
  }
  const check = checkImage(value);
  if (check.ok) return { ok: true, value };
  return check.status === 413 ? { ok: false, status: 413, message: MSG.photoTooLarge } : check;
}

/** PATCH /api/client/common/conta/actualizar {nome?, fotografia?, numeroTelemovel?, socials?} → usuario. */
export async function updateAccount(c: Context<AppEnv>): Promise<Response> {
  const body = await readJson(c, AccountUpdateRequestSchema);
  if (!body.ok) return body.response;
  const me = c.get('user').id;
  const { nome, fotografia, numeroTelemovel, socials } = body.data;
  const name = nome === undefined ? null : validateDisplayName(nome);
  if (name && !name.ok) return jsonError(c, 400, name.message);
  const photo = photoChange(fotografia, me);
  if (!photo.ok) return jsonError(c, photo.status, photo.message);
  let phone: string | null | undefined;
  if (numeroTelemovel !== undefined) {
    const digits = normalizePhone(typeof numeroTelemovel === 'string' ? numeroTelemovel : numeroTelemovel.numero);
    if (digits.length !== 0 && digits.length !== PHONE_DIGITS) return jsonError(c, 400, MSG.phoneInvalid);
    phone = digits || null;
  }
  return idempotent(c, async (trx) => {
    const current = await trx.selectFrom('usuarios').select(['telefone']).where('id', '=', me).executeTakeFirst();
    if (!current) return refuse(401, MSG.unauthenticated);
    await ensurePerfil(trx, me);
    const userChanges = {
      ...(name?.ok ? { nome: name.value } : {}),
      ...(photo.value !== undefined ? { fotografia: photo.value } : {}),
      ...(phone !== undefined ? { telefone: phone } : {}),
    };
    if (Object.keys(userChanges).length > 0) await trx.updateTable('usuarios').set(userChanges).where('id', '=', me).execute();
    const perfilChanges = {
      ...(photo.value !== undefined ? { foto_versao: sql<number>`foto_versao + 1` } : {}),
      // A new number has to be verified again.
      ...(phone !== undefined && phone !== current.telefone ? { telefone_verificado: 0 } : {}),
      ...(socials !== undefined ? { socials: JSON.stringify(socials) } : {}),
    };
    if (Object.keys(perfilChanges).length > 0) await trx.updateTable('perfis').set(perfilChanges).where('usuario_id', '=', me).execute();
    const card = await loadUser(trx, me);
    const usuario = card ? await myProfileUser(trx, card) : null;
    if (!usuario) return refuse(401, MSG.unauthenticated);
    return ok(AccountUpdateResponseSchema, { message: MSG.accountUpdated, usuario });
  });
}

/**
 * PATCH /api/client/common/conta/actualizarPassword {passwordActual, password, passwordConfirmacao}. Every other
 * session of the user ends (whoever knew the old password is signed out); the caller's own session goes on with a
 * renewed cookie. The current password is checked and the new one hashed before the transaction (scrypt inside it
 * would hold every other writer: server/db/transaction.ts); a wrong current password counts against the account's
 * failed sign-ins (server/security/rate-limit-middleware.ts), which `passwordCheck` tells it.
 */
export async function changePassword(c: Context<AppEnv>): Promise<Response> {
  const body = await readJson(c, PasswordChangeRequestSchema);
  if (!body.ok) return body.response;
  const rule = validatePasswordChange(body.data);
  if (!rule.ok) return jsonError(c, 400, rule.message);
  const me = c.get('user').id;
  const session = await readSessionToken(c);
  if (!session) return jsonError(c, 401, MSG.unauthenticated);
  const db = c.get('db');
  let checked: { oldHash: string; newHash: string } | null = null;
  return idempotent(
    c,
    async (trx) => {
      const row = await trx.selectFrom('usuarios').select('password_hash').where('id', '=', me).executeTakeFirst();
      if (!row || !checked) return refuse(401, MSG.unauthenticated);
      // Changed by another request since the check: the password typed is no longer the current one.
      if (row.password_hash !== checked.oldHash) return refuse(400, MSG.passwordCurrentWrong);
      const now = new Date();
      await trx.updateTable('usuarios').set({ password_hash: checked.newHash }).where('id', '=', me).execute();
      await endSessionsBefore(trx, me, now);
      // Signed in "at" the change itself, so this session is not among those that end.
      await renewSessionCookie(c, session, { sid: randomUUID(), authAt: now.getTime() });
      return ok(MessageResponseSchema, { message: MSG.passwordChanged });
    },
    {
      prepare: async () => {
        const row = await db.selectFrom('usuarios').select('password_hash').where('id', '=', me).executeTakeFirst();
        if (!row) return refuse(401, MSG.unauthenticated);
        const right = await verifyPassword(body.data.passwordActual, row.password_hash);
        c.set('passwordCheck', right ? 'right' : 'wrong');
        if (!right) return refuse(400, MSG.passwordCurrentWrong);
        checked = { oldHash: row.password_hash, newHash: await hashPassword(body.data.password) };
        return null;
      },
    },
  );
}

/**
 * POST /api/client/common/conta/terminarSessoes: signs the user out of every device, this one included (its cookie
 * is cleared). Calling it again changes nothing more: every session it could end has ended.
 */
export async function endAllSessions(c: Context<AppEnv>): Promise<Response> {
  const session = await readSessionToken(c);
  await endSessionsBefore(c.get('db'), c.get('user').id, new Date());
  if (session) clearSessionCookie(c, session);
  return answer(c, MessageResponseSchema, { message: MSG.sessionsEnded });
}

/**
 * POST /api/client/common/conta/confirmarEmail: mails a new verification link (the sign-up's may be lost or
 * expired). At most one a minute; an address already verified needs none.
 */
export async function requestEmailVerification(c: Context<AppEnv>): Promise<Response> {
  const db = c.get('db');
  const me = c.get('user').id;
  const user = await db.selectFrom('usuarios').select(['id', 'email', 'email_verificado_em']).where('id', '=', me).executeTakeFirst();
  if (!user) return jsonError(c, 401, MSG.unauthenticated);
  if (user.email_verificado_em !== null) return answer(c, MessageResponseSchema, { message: MSG.emailAlreadyVerified });
  const recent = await db
    .selectFrom('tokens_conta')
    .select('created_at')
    .where('usuario_id', '=', me)
    .where('finalidade', '=', 'email')
    .where('created_at', '>', new Date(Date.now() - VERIFICATION_MAIL_INTERVAL_MS).toISOString())
    .executeTakeFirst();
  if (recent) {
    c.header('Retry-After', String(VERIFICATION_MAIL_INTERVAL_MS / 1000));
    return jsonError(c, 429, MSG.verificationWait);
  }
  try {
    await sendVerificationMail(c, user);
  } catch (error) {
    console.error(`[mail] e-mail de confirmação não enviado (${error instanceof Error ? error.name : 'unknown'})`);
    return jsonError(c, 502, MSG.verificationFailed);
  }
  return answer(c, MessageResponseSchema, { message: MSG.verificationSent });
}
