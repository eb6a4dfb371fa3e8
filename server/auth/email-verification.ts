import type { Context } from 'hono';
import { MSG } from '../../contract/messages.ts';
import { MessageResponseSchema } from '../../contract/schemas/auth.ts';
import type { AppEnv } from '../hono-env.ts';
import { answer } from '../lib/answer.ts';
import { jsonError } from '../lib/http.ts';
import { verificationMail } from '../mail/account-mails.ts';
import { mailLinkBase } from '../mail/links.ts';
import { mailSenderFor } from '../mail/mail-sender.ts';
import { AUTH_BASE_PATH } from './auth-config.ts';
import { consumeAccountToken, EMAIL_VERIFICATION_TTL_MS, isAccountTokenShape, mailAccountToken } from './account-tokens.ts';

// An account's e-mail is verified by following a link mailed to it (tokens_conta, purpose 'email', 24 hours, single
// use). Only a verified address lets a Google sign-in for that address into the account (server/auth/google-user.ts).

export const VERIFY_EMAIL_PATH = `${AUTH_BASE_PATH}/verificarEmail`;

/** Where the browser goes after following the link: the app, or the sign-in page saying the link is no good. */
const VERIFIED_REDIRECT = '/explorar';
const INVALID_REDIRECT = '/login?error=Verification';

/** Mails the user a new verification link (earlier links stop working). Throws when the mail could not be sent. */
export async function sendVerificationMail(c: Context<AppEnv>, user: { id: string; email: string }): Promise<void> {
  const { origin, brand } = mailLinkBase(c);
  await mailAccountToken(c.get('db'), { userId: user.id, finalidade: 'email', email: user.email, ttlMs: EMAIL_VERIFICATION_TTL_MS }, (token) =>
    mailSenderFor(c.get('config')).send(verificationMail(user.email, `${origin}${VERIFY_EMAIL_PATH}/${token}`, brand)),
  );
}

function wantsJson(c: Context<AppEnv>): boolean {
  return (c.req.header('accept') ?? '').includes('application/json');
}

/**
 * GET /api/auth/verificarEmail/{token}: the link of the verification mail. A browser is sent on to the app
 * (or to the sign-in page when the link is unknown, used or expired); a client asking for JSON gets the envelope.
 */
export async function verifyEmail(c: Context<AppEnv>): Promise<Response> {
  const token = c.req.param('token') ?? '';
  const now = new Date();
  const spent = isAccountTokenShape(token) ? await consumeAccountToken(c.get('db'), token, 'email', now) : null;
  // Only the address the link was sent to is verified: had the account's e-mail changed since, nothing is.
  const updated = spent?.email
    ? await c
        .get('db')
        .updateTable('usuarios')
        .set((eb) => ({ email_verificado_em: eb.fn.coalesce('email_verificado_em', eb.val(now.toISOString())) }))
        .where('id', '=', spent.userId)
        .where('email', '=', spent.email)
        .executeTakeFirst()
    : undefined;
  const ok = updated !== undefined && Number(updated.numUpdatedRows) === 1;
  if (wantsJson(c)) {
    return ok ? answer(c, MessageResponseSchema, { message: MSG.emailVerified }) : jsonError(c, 400, MSG.emailLinkInvalid);
  }
  return c.redirect(ok ? VERIFIED_REDIRECT : INVALID_REDIRECT, 302);
}
