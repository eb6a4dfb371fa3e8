import { getToken } from '@auth/core/jwt';
import type { Context, MiddlewareHandler } from 'hono';
import { MSG } from '../../contract/messages.ts';
import { SessionUserSchema, type SessionUser } from '../../contract/schemas/auth.ts';
import type { AppEnv } from '../app-env.ts';
import { publicUrl } from '../lib/http.ts';

/**
 * The signed-in user from the Auth.js session cookie, or null. The cookie is `__Secure-authjs.session-token` when
 * the public URL is https and `authjs.session-token` otherwise; both are tried, the likely one first.
 */
export async function getSessionUser(c: Context<AppEnv>): Promise<SessionUser | null> {
  const secret = c.get('config').authSecret;
  const secure = publicUrl(c.req.raw).protocol === 'https:';
  for (const secureCookie of [secure, !secure]) {
    const token = await getToken({ req: c.req.raw, secret, secureCookie });
    if (!token) continue;
    const parsed = SessionUserSchema.safeParse({
      id: token.id ?? token.sub,
      nomeUsuario: token.nomeUsuario,
      role: token.role,
      conta: token.conta ?? null,
      name: token.name ?? null,
      email: token.email ?? null,
      image: null,
    });
    if (parsed.success) return parsed.data;
  }
  return null;
}

/** Protects an app route: 401 with the spec's envelope, otherwise `c.get('user')` is the session user. */
export const requireSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  const user = await getSessionUser(c);
  if (!user) return c.json({ status: 'error', message: MSG.unauthenticated }, 401);
  c.set('user', user);
  await next();
};
