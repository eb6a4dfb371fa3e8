import type { Context, Hono, MiddlewareHandler } from 'hono';
import { MSG } from '../../contract/messages.ts';
import { normalizeIdentifier } from '../../contract/normalize.ts';
import type { AppEnv } from '../hono-env.ts';
import { getSessionUser } from '../auth/session.ts';
import { findUserByIdentifier } from '../auth/users-repo.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/create-db.ts';
import { jsonError } from '../lib/http.ts';
import { clientAddress } from './rate-limit-address.ts';
import { createRateLimiters, giveBack, take, type Refusal } from './rate-limiters.ts';
import type { DbRateLimiter } from './rate-limit-store.ts';

const AUTH = '/api/auth';
const COMMON = '/api/client/common';

/** Every way of putting words into a chat: the message endpoints and the "share this slip" calls. */
const MESSAGE_POSTS = [
  `${COMMON}/conversas/com/:nomeUsuario/mensagens`,
  `${COMMON}/conversas/:id/mensagens`,
  `${COMMON}/grupos/salas/:id/mensagens`,
  `${COMMON}/grupos/:id/mensagens`,
];
const MESSAGE_SHARES = [
  `${COMMON}/conversas/:id/shareToChat`,
  `${COMMON}/grupos/salas/:id/shareToRoom`,
  `${COMMON}/grupos/:id/shareToGroup`,
];
const COMMENT_POSTS = [`${COMMON}/fichas/:id/comentarios`];
/**
 * The calls that tell another user of something (they ring a phone: docs/decisions.md "Group invitations and merged
 * notifications"); comments and messages are above.
 */
const GROUP_ADDS = [`${COMMON}/grupos/:id/adicionarUsuario/:userId`];
const FOLLOWS = [`${COMMON}/perfil/:nomeUsuario/seguir`];
const REPORTS = [`${COMMON}/denuncias`];
const SMS_CODE = `${COMMON}/contacto/criarNumeroVerifyToken`;
const PASSWORD_CHANGE = `${COMMON}/conta/actualizarPassword`;
const RECOVERY = [`${AUTH}/forgotPassword/:identifier?`, `${AUTH}/forgotPassword/`];

/** Long enough for any real identifier; a key is never longer whatever a script sends. */
const KEY_MAX = 120;

function tooMany(c: Context, refusal: Refusal): Response {
  c.header('Retry-After', String(Math.max(1, Math.ceil(refusal.retryAfterMs / 1000))));
  return jsonError(c, 429, MSG.tooManyAttempts);
}

/** The identifier typed into the sign-in form, read from a copy of the body so Auth.js still reads the original. */
async function signInIdentifier(request: Request): Promise<string> {
  const type = request.headers.get('content-type') ?? '';
  const body = await request.clone().text();
  if (type.includes('application/json')) {
    try {
      const parsed: unknown = JSON.parse(body);
      const userData = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>).userData : undefined;
      return typeof userData === 'string' ? userData : '';
    } catch {
      return '';
    }
  }
  return new URLSearchParams(body).get('userData') ?? '';
}

/**
 * The account a sign-in is aimed at: the user's id when the identifier names one (username and e-mail then share a
 * counter), otherwise the normalised identifier; null when there is none to count under.
 */
async function signInAccountKey(db: Db, request: Request): Promise<string | null> {
  const identifier = await signInIdentifier(request);
  const normalized = normalizeIdentifier(identifier).slice(0, KEY_MAX);
  if (!normalized) return null;
  const user = await findUserByIdentifier(db, identifier);
  return user ? `user:${user.id}` : `name:${normalized}`;
}

type SignInOutcome = 'signed-in' | 'refused' | 'unchecked';

/**
 * What Auth.js made of the attempt: a wrong password is 401 (auth-handler.ts) or, without json=true, a redirect with
 * error=CredentialsSignin; any other error (a missing CSRF token…) never reached the password.
 */
async function signInOutcome(response: Response): Promise<SignInOutcome> {
  if (response.status === 401) return 'refused';
  let target = response.headers.get('location');
  if (!target && response.status === 200 && (response.headers.get('content-type') ?? '').includes('application/json')) {
    const data = (await response.clone().json().catch(() => null)) as { url?: unknown } | null;
    target = typeof data?.url === 'string' ? data.url : null;
  }
  if (!target || response.status >= 400) return 'unchecked';
  const error = new URL(target, 'http://x').searchParams.get('error');
  if (error === null) return 'signed-in';
  return error === 'CredentialsSignin' ? 'refused' : 'unchecked';
}

/**
 * Rate limits (docs/security.md), mounted before the routes they guard and matched by method and
 * path, so the inner requests of an outbox batch (app.fetch) meet them too. Counters live in the database.
 */
export function mountRateLimits(app: Hono<AppEnv>, config: Config, db: Db): void {
  const limiters = createRateLimiters(db, config.rateLimits, config.rateLimitClock);
  const addressOf = (c: Context) => clientAddress(c, config.trustProxy);

  const perAddress =
    (limiter: DbRateLimiter): MiddlewareHandler<AppEnv> =>
    async (c, next) => {
      const refusal = await take(limiter, addressOf(c));
      if (refusal) return tooMany(c, refusal);
      await next();
    };

  // Counted only for a signed-in caller; without a session the route itself answers 401.
  const perUser =
    (limiter: DbRateLimiter): MiddlewareHandler<AppEnv> =>
    async (c, next) => {
      const user = await getSessionUser(c);
      if (user) {
        const refusal = await take(limiter, user.id);
        if (refusal) return tooMany(c, refusal);
      }
      await next();
    };

  // Sign-in: every attempt counts for the address; a wrong password counts for the account, and once an account has
  // used its failures even the right password waits. A point is taken before the password is checked (so parallel
  // attempts cannot all slip in), kept for a wrong password, and given back when the password was never checked.
  app.post(`${AUTH}/callback/credentials`, async (c, next) => {
    const address = addressOf(c);
    const addressRefusal = await take(limiters.signInAddress, address);
    if (addressRefusal) return tooMany(c, addressRefusal);
    const account = await signInAccountKey(db, c.req.raw);
    if (account) {
      const accountRefusal = await take(limiters.signInAccount, account);
      if (accountRefusal) {
        await giveBack(limiters.signInAddress, address);
        return tooMany(c, accountRefusal);
      }
    }
    await next();
    const outcome = await signInOutcome(c.res);
    if (outcome === 'unchecked') {
      await giveBack(limiters.signInAddress, address);
      if (account) await giveBack(limiters.signInAccount, account);
    } else if (outcome === 'signed-in' && account) {
      // The owner got in: earlier typing mistakes no longer count against the account.
      await limiters.signInAccount.delete(account);
    }
  });

  // Sign-up: accounts created per address; a sign-up refused for a form mistake gives its point back.
  app.post(`${AUTH}/signup`, async (c, next) => {
    const address = addressOf(c);
    const refusal = await take(limiters.signUpAddress, address);
    if (refusal) return tooMany(c, refusal);
    await next();
    if (c.res.status !== 201) await giveBack(limiters.signUpAddress, address);
  });

  app.get(`${AUTH}/isAvailable/*`, perAddress(limiters.availabilityAddress));

  app.on('GET', RECOVERY, async (c, next) => {
    const refusal = await take(limiters.recoveryAddress, addressOf(c));
    if (refusal) return tooMany(c, refusal);
    const identifier = normalizeIdentifier(c.req.param('identifier') ?? '').slice(0, KEY_MAX);
    if (identifier) {
      const accountRefusal = await take(limiters.recoveryAccount, identifier);
      if (accountRefusal) return tooMany(c, accountRefusal);
    }
    await next();
  });

  // A password change checks the current password: a wrong one is a failed sign-in of the account (the same counter,
  // so a stolen session cannot guess the password the sign-in form guards). As for sign-in, the point is taken
  // before the check (parallel changes and the items of a batch each take one: none slips past the limit), kept for a
  // wrong password, given back when the password was never checked (a replay, a form mistake), and the right one
  // clears earlier mistakes.
  app.patch(PASSWORD_CHANGE, async (c, next) => {
    const user = await getSessionUser(c);
    if (!user) return next();
    const account = `user:${user.id}`;
    const refusal = await take(limiters.signInAccount, account);
    if (refusal) return tooMany(c, refusal);
    await next();
    const checked = c.get('passwordCheck');
    if (checked === 'right') await limiters.signInAccount.delete(account);
    else if (checked !== 'wrong') await giveBack(limiters.signInAccount, account);
  });

  app.on('POST', MESSAGE_POSTS, perUser(limiters.messagesUser));
  app.on('GET', MESSAGE_SHARES, perUser(limiters.messagesUser));
  app.on('POST', COMMENT_POSTS, perUser(limiters.commentsUser));
  app.on('GET', GROUP_ADDS, perUser(limiters.groupAddsUser));
  app.on('POST', FOLLOWS, perUser(limiters.followsUser));
  app.on('POST', REPORTS, perUser(limiters.reportsUser));

  // A verification code is an SMS, which costs money: counted per account and per number, whoever asks. Points are
  // given back when no SMS went out (no number, the minute's wait, a gateway that refused it).
  app.get(SMS_CODE, async (c, next) => {
    const user = await getSessionUser(c);
    if (!user) return next();
    const account = `user:${user.id}`;
    const refusal = await take(limiters.smsUser, account);
    if (refusal) return tooMany(c, refusal);
    const row = await db.selectFrom('usuarios').select('telefone').where('id', '=', user.id).executeTakeFirst();
    const number = row?.telefone ? `tel:${row.telefone}` : null;
    if (number) {
      const numberRefusal = await take(limiters.smsNumber, number);
      if (numberRefusal) {
        await giveBack(limiters.smsUser, account);
        return tooMany(c, numberRefusal);
      }
    }
    await next();
    if (c.res.status !== 200 || c.res.headers.get('Idempotent-Replayed') === 'true') {
      await giveBack(limiters.smsUser, account);
      if (number) await giveBack(limiters.smsNumber, number);
    }
  });
}
