import { setTimeout as sleep } from 'node:timers/promises';
import type { Context } from 'hono';
import { MSG } from '../../contract/messages.ts';
import { MessageResponseSchema, PasswordResetRequestSchema } from '../../contract/schemas/auth.ts';
import { validateForgot, validateNewPassword } from '../../contract/validation/auth.ts';
import type { AppEnv } from '../hono-env.ts';
import { answer } from '../lib/answer.ts';
import { isJsonRequest, jsonError } from '../lib/http.ts';
import { passwordResetMail } from '../mail/account-mails.ts';
import { mailLinkBase } from '../mail/links.ts';
import { mailSenderFor } from '../mail/mail-sender.ts';
import {
  consumeAccountToken,
  isAccountTokenShape,
  isAccountTokenUsable,
  mailAccountToken,
  PASSWORD_RESET_TTL_MS,
} from './account-tokens.ts';
import { hashPassword } from './password.ts';
import { endSessionsBefore } from './session-revocation.ts';
import { findUserByIdentifier } from './users-repo.ts';
import { transaction } from '../db/transaction.ts';
import { jsonBody } from '../lib/json-depth.ts';

/** One reset mail per account a minute: more would let anyone fill a stranger's inbox. */
const RESET_MAIL_INTERVAL_MS = 60_000;

/**
 * How long a recovery that sent a mail usually takes, so one for an unknown account can take about as long:
 * the answer is the same in both cases, and its timing should not tell them apart either.
 */
let typicalSendMs = 0;

function recordSend(ms: number): void {
  typicalSendMs = typicalSendMs === 0 ? ms : typicalSendMs * 0.8 + ms * 0.2;
}

async function waitLikeASend(startedAt: number): Promise<void> {
  const left = typicalSendMs * (0.8 + Math.random() * 0.4) - (performance.now() - startedAt);
  if (left > 0) await sleep(left);
}

function errorCode(error: unknown): string {
  // Never the message: an SMTP refusal quotes the recipient's address.
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : error instanceof Error ? error.name : 'unknown';
}

async function recentlySent(c: Context<AppEnv>, userId: string): Promise<boolean> {
  const row = await c
    .get('db')
    .selectFrom('tokens_conta')
    .select('created_at')
    .where('usuario_id', '=', userId)
    .where('finalidade', '=', 'password')
    .where('created_at', '>', new Date(Date.now() - RESET_MAIL_INTERVAL_MS).toISOString())
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * GET /api/auth/forgotPassword/{identifier} (SPEC §7): the same answer whether or not the account exists. For an
 * account, a mail with a single-use link to `/login?redefinir={token}`, valid one hour; when that mail cannot be
 * sent the answer says so (SPEC §8 'Não foi possivel enviar o e-mail de recuperação').
 */
export async function forgotPassword(c: Context<AppEnv>): Promise<Response> {
  const identifier = c.req.param('identifier') ?? '';
  const check = validateForgot(identifier);
  if (!check.ok) return jsonError(c, 400, check.message);
  const startedAt = performance.now();
  const sent = () => answer(c, MessageResponseSchema, { message: MSG.recoverySent });
  const user = await findUserByIdentifier(c.get('db'), identifier);
  if (!user || (await recentlySent(c, user.id))) {
    await waitLikeASend(startedAt);
    return sent();
  }
  try {
    const { origin, brand } = mailLinkBase(c);
    await mailAccountToken(c.get('db'), { userId: user.id, finalidade: 'password', email: user.email, ttlMs: PASSWORD_RESET_TTL_MS }, (token) =>
      mailSenderFor(c.get('config')).send(passwordResetMail(user.email, `${origin}/login?redefinir=${encodeURIComponent(token)}`, brand)),
    );
  } catch (error) {
    console.error(`[mail] e-mail de recuperação não enviado (${errorCode(error)})`);
    return jsonError(c, 502, MSG.forgotFailed);
  }
  recordSend(performance.now() - startedAt);
  return sent();
}

/**
 * POST /api/auth/redefinirPassword {token, password, passwordConfirmacao}: sets a new password with a reset link.
 * The link works once (spent in the statement that checks it) and every session of the account ends.
 */
export async function resetPassword(c: Context<AppEnv>): Promise<Response> {
  // JSON only: a cross-site HTML form cannot send application/json without a CORS preflight.
  if (!isJsonRequest(c)) return jsonError(c, 400, MSG.invalidRequest);
  const parsed = PasswordResetRequestSchema.safeParse(await jsonBody(c).catch(() => null));
  if (!parsed.success) return jsonError(c, 400, MSG.invalidRequest);
  const { token } = parsed.data;
  const rule = validateNewPassword(parsed.data);
  if (!rule.ok) return jsonError(c, 400, rule.message);
  const db = c.get('db');
  // Checked before the memory-hard hash, so a made-up token costs the server a lookup, not a hash.
  if (!isAccountTokenShape(token) || !(await isAccountTokenUsable(db, token, 'password'))) return jsonError(c, 400, MSG.resetLinkInvalid);
  const passwordHash = await hashPassword(rule.value);
  const now = new Date();
  const done = await transaction(db, async (trx) => {
    const spent = await consumeAccountToken(trx, token, 'password', now);
    if (!spent) return false;
    await trx.updateTable('usuarios').set({ password_hash: passwordHash }).where('id', '=', spent.userId).execute();
    await endSessionsBefore(trx, spent.userId, now);
    // The link reached the account's address, which proves the address is the owner's.
    if (spent.email) {
      await trx
        .updateTable('usuarios')
        .set({ email_verificado_em: now.toISOString() })
        .where('id', '=', spent.userId)
        .where('email', '=', spent.email)
        .where('email_verificado_em', 'is', null)
        .execute();
    }
    return true;
  });
  if (!done) return jsonError(c, 400, MSG.resetLinkInvalid);
  return answer(c, MessageResponseSchema, { message: MSG.passwordChanged });
}
