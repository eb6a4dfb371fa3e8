import { encode, getToken, type JWT } from '@auth/core/jwt';
import type { Context, MiddlewareHandler } from 'hono';
import { setCookie } from 'hono/cookie';
import { MSG } from '../../contract/messages.ts';
import { SessionUserSchema, type SessionUser } from '../../contract/schemas/auth.ts';
import type { AppEnv } from '../hono-env.ts';
import { jsonError, publicUrl } from '../lib/http.ts';
import { isSessionLive, SESSION_MAX_AGE_S, sessionClaimsOf, type SessionClaims } from './session-revocation.ts';
import { keptTokens, readKey } from './token-cache.ts';

const COOKIE = 'authjs.session-token';
const SECURE_COOKIE = `__Secure-${COOKIE}`;

export interface SessionToken {
  token: JWT;
  /** The cookie it came in (its name is also the token's encryption salt). */
  cookieName: string;
  secure: boolean;
}

// One request may ask several times (the suspension check, a per-user rate limit, requireSession, the route):
// each request's answers are kept with its context, so the cookie is read and the session checked once per request.
const tokenOf = new WeakMap<Context, Promise<SessionToken | null>>();
const userOf = new WeakMap<Context, Promise<SessionUser | null>>();

/**
 * The decoded session token, whatever its state. The cookie is `__Secure-authjs.session-token` when the public
 * URL is https and `authjs.session-token` otherwise; both are tried, the likely one first. Read by Auth.js, or from
 * what it read from the same headers lately (token-cache.ts).
 */
export function readSessionToken(c: Context<AppEnv>): Promise<SessionToken | null> {
  let pending = tokenOf.get(c);
  if (!pending) {
    pending = decodeSessionToken(c);
    tokenOf.set(c, pending);
  }
  return pending;
}

async function decodeSessionToken(c: Context<AppEnv>): Promise<SessionToken | null> {
  const cookie = c.req.header('cookie') ?? '';
  const authorization = c.req.header('authorization') ?? '';
  // What getToken reads: without either header there is no token to find.
  if (!cookie && !authorization) return null;
  const secret = c.get('config').authSecret;
  const likelySecure = publicUrl(c).protocol === 'https:';
  const key = readKey(likelySecure, cookie, authorization);
  const kept = keptTokens.get(key, secret);
  if (kept) return kept;
  for (const secure of [likelySecure, !likelySecure]) {
    const cookieName = secure ? SECURE_COOKIE : COOKIE;
    const token = await getToken({ req: c.req.raw, secret, secureCookie: secure, cookieName });
    if (token) {
      const read = { token, cookieName, secure };
      keptTokens.set(key, secret, read);
      return read;
    }
  }
  return null;
}

function toSessionUser(token: JWT): SessionUser | null {
  const parsed = SessionUserSchema.safeParse({
    id: token.id ?? token.sub,
    nomeUsuario: token.nomeUsuario,
    role: token.role,
    conta: token.conta ?? null,
    name: token.name ?? null,
    email: token.email ?? null,
    image: null,
  });
  return parsed.success ? parsed.data : null;
}

/**
 * The signed-in user from the Auth.js session cookie, or null. A session that was ended on the server (sign-out,
 * password change, "sign out of every device") is no session: one indexed query per request, never kept across
 * requests, so an ended session is refused at once by every process.
 */
export function getSessionUser(c: Context<AppEnv>): Promise<SessionUser | null> {
  let pending = userOf.get(c);
  if (!pending) {
    pending = liveSessionUser(c);
    userOf.set(c, pending);
  }
  return pending;
}

async function liveSessionUser(c: Context<AppEnv>): Promise<SessionUser | null> {
  const session = await readSessionToken(c);
  if (!session) return null;
  const user = toSessionUser(session.token);
  const claims = sessionClaimsOf(session.token);
  if (!user || !claims) return null;
  return (await isSessionLive(c.get('db'), user.id, claims)) ? user : null;
}

/** Protects an app route: 401 with the spec's envelope, otherwise `c.get('user')` is the session user. */
export const requireSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  const user = await getSessionUser(c);
  if (!user) return jsonError(c, 401, MSG.unauthenticated);
  c.set('user', user);
  await next();
};

/**
 * Gives the caller's session new claims (e.g. a sign-in time after its own password change, so it survives the
 * change that ends the others), as the same cookie Auth.js would set.
 */
export async function renewSessionCookie(c: Context<AppEnv>, session: SessionToken, claims: SessionClaims): Promise<void> {
  const value = await encode({
    token: { ...session.token, ...claims },
    secret: c.get('config').authSecret,
    salt: session.cookieName,
    maxAge: SESSION_MAX_AGE_S,
  });
  setCookie(c, session.cookieName, value, {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure: session.secure,
    expires: new Date(Date.now() + SESSION_MAX_AGE_S * 1000),
  });
}

/** Removes the session cookie (after "sign out of every device", this browser is signed out as well). */
export function clearSessionCookie(c: Context<AppEnv>, session: SessionToken): void {
  setCookie(c, session.cookieName, '', { path: '/', httpOnly: true, sameSite: 'Lax', secure: session.secure, maxAge: 0 });
}
