import type { Context, Hono } from 'hono';
import { MSG } from '../../contract/messages.ts';
import { BeamsErrorSchema, BeamsTokenQuerySchema, BeamsTokenResponseSchema } from '../../contract/schemas/push.ts';
import type { AppEnv } from '../hono-env.ts';
import { AUTH_BASE_PATH } from '../auth/auth-config.ts';
import { getSessionUser, readSessionToken } from '../auth/session.ts';
import { sessionClaimsOf } from '../auth/session-revocation.ts';
import { answer, reply } from '../lib/answer.ts';
import type { BeamsConfig } from '../realtime/realtime-config.ts';
import { signBeamsToken } from './beams-token.ts';

// GET /api/auth/beams/?user_id= (SPEC §7): the Beams SDK's TokenProvider asks for a token before tying the device
// to a user. Only the session's own user gets one, or anyone could receive another user's pushes.

export const BEAMS_TOKEN_PATH = `${AUTH_BASE_PATH}/beams/`;

export function mountBeamsTokenRoute(app: Hono<AppEnv>, beams: BeamsConfig): void {
  const issue = async (c: Context<AppEnv>) => {
    // Errors also carry {error, description}, which the Beams SDK puts in its exception message.
    const refuse = (status: 400 | 401 | 403, error: string, message: string) =>
      reply(c, BeamsErrorSchema, { status: 'error', message, error, description: message }, status);
    const user = await getSessionUser(c);
    // A live session always has claims (getSessionUser checked them); the token carries them to the device API.
    const token = await readSessionToken(c);
    const session = token ? sessionClaimsOf(token.token) : null;
    if (!user || !session) return refuse(401, 'Unauthorized', MSG.unauthenticated);
    const query = BeamsTokenQuerySchema.safeParse({ user_id: c.req.query('user_id') });
    if (!query.success) return refuse(400, 'Bad Request', MSG.invalidRequest);
    if (query.data.user_id !== user.id) return refuse(403, 'Forbidden', MSG.forbidden);
    c.header('Cache-Control', 'no-store');
    return answer(c, BeamsTokenResponseSchema, {
      token: signBeamsToken({ instanceId: beams.instanceId, secretKey: beams.secretKey, userId: user.id, session }),
    });
  };
  app.get(BEAMS_TOKEN_PATH, issue);
  app.get(BEAMS_TOKEN_PATH.slice(0, -1), issue);
}
