import { encode, getToken, type JWT } from '@auth/core/jwt';
import type { Context, MiddlewareHandler } from 'hono';
import { setCookie } from 'hono/cookie';
import { MSG } from '../../contract/messages.ts';
import { SessionUserSchema, type SessionUser } from '../../contract/schemas/auth.ts';
import type { AppEnv } from '../app-env.ts';
import { jsonError, publicUrl } from '../lib/http.ts';
import { isSessionLive, SESSION_MAX_AGE_S, sessionClaimsOf, type SessionClaims } from './session-revocation.ts';

const COOKIE = 'authjs.session-token';
const SECURE_COOKIE = `__Secure-${COOKIE}`;

export interface SessionToken {
  token: JWT;
  /** The cookie it came in (its name is also the token's encryption salt). */
  cookieName: string;
  secure: boolean;
}

/**
 * The decoded session token, whatever its state. The cookie is `__Secure-authjs.session-token` when the public
 * URL is https and `authjs.session-token` otherwise; both are tried, the likely one first.
 */
export async function readSessionToken(c: Context<AppEnv>): Promise<SessionToken | null> {
  const secret = c.get('config').authSecret;
  const likelySecure = publicUrl(c).protocol === 'https:';
  for (const secure of [likelySecure, !likelySecure]) {
    const cookieName = secure ? SECURE_COOKIE : COOKIE;
    const token = await getToken({ req: c.req.raw, secret, secureCookie: secure, cookieName });
    if (token) return { token, cookieName, secure };
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
 * password change, "sign out of every device") is no session: one indexed query per request.
 */
export async function getSessionUser(c: Context<AppEnv>): Promise<SessionUser | null> {
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
