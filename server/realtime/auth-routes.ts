import type { Context, Hono } from 'hono';
import { MSG } from '../../contract/messages.ts';
import {
  OnlineUsersResponseSchema,
  PusherAuthRequestSchema,
  PusherAuthResponseSchema,
  PusherUserAuthRequestSchema,
  PusherUserAuthResponseSchema,
  userChannel,
  type OnlineUser,
  type PresenceUserInfo,
} from '../../contract/schemas/realtime.ts';
import type { AppEnv } from '../hono-env.ts';
import { AUTH_BASE_PATH } from '../auth/auth-config.ts';
import { requireSession } from '../auth/session.ts';
import type { Db } from '../db/create-db.ts';
import { answer, reply } from '../lib/answer.ts';
import { isJsonRequest, jsonError } from '../lib/http.ts';
import type { Realtime } from './realtime.ts';
import { jsonBody } from '../lib/json-depth.ts';

// The app's /api/auth/pusher routes (SPEC §7): channel authorization for the session user's own presence channel,
// and who is online. Mounted before the Auth.js catch-all, which answers 400 to paths it does not know.

export const PUSHER_AUTH_PATH = `${AUTH_BASE_PATH}/pusher/`;
export const ONLINE_USERS_PATH = `${AUTH_BASE_PATH}/pusher/mostrarUsuariosOnline`;
/** pusher-js's userAuthentication endpoint (pusher.signin()). */
export const PUSHER_USER_AUTH_PATH = `${AUTH_BASE_PATH}/pusher/user-auth`;

/** Pusher limits user_info to 1 KB and every member receives it: inline (data URL) photos are left out. */
const MAX_PHOTO_URL = 300;

function presencePhoto(fotografia: string | null): string | null {
  if (!fotografia || fotografia.length > MAX_PHOTO_URL) return null;
  return /^(https:\/\/|\/)/.test(fotografia) ? fotografia : null;
}

async function readAuthRequest(c: Context<AppEnv>): Promise<unknown> {
  try {
    if (isJsonRequest(c)) return await jsonBody(c);
    return await c.req.parseBody();
  } catch {
    return null;
  }
}

async function usersByIds(db: Db, ids: readonly string[]): Promise<OnlineUser[]> {
  const users: OnlineUser[] = [];
  // Chunked so a busy server never builds one huge IN list.
  for (let start = 0; start < ids.length; start += 500) {
    const rows = await db
      .selectFrom('usuarios')
      .select(['id', 'nome', 'nome_usuario'])
      .where('id', 'in', ids.slice(start, start + 500))
      .execute();
    for (const row of rows) users.push({ id: row.id, nome: row.nome, nomeUsuario: row.nome_usuario });
  }
  return users;
}

export function mountPusherAuthRoutes(app: Hono<AppEnv>, realtime: Realtime): void {
  const authorize = async (c: Context<AppEnv>) => {
    const parsed = PusherAuthRequestSchema.safeParse(await readAuthRequest(c));
    if (!parsed.success) return jsonError(c, 400, MSG.invalidRequest);
    const user = c.get('user');
    const { socket_id: socketId, channel_name: channel } = parsed.data;
    // Only the session user's own channel: signals are private to their recipient.
    if (channel !== userChannel(user.id)) return jsonError(c, 403, MSG.forbidden);
    const row = await c
      .get('db')
      .selectFrom('usuarios')
      .select(['nome', 'nome_usuario', 'fotografia'])
      .where('id', '=', user.id)
      .executeTakeFirst();
    if (!row) return jsonError(c, 401, MSG.unauthenticated);
    const userInfo: PresenceUserInfo = { nome: row.nome, nomeUsuario: row.nome_usuario, fotografia: presencePhoto(row.fotografia) };
    const { auth, channel_data: channelData } = realtime.sdk().authorizeChannel(socketId, channel, { user_id: user.id, user_info: userInfo });
    // The SDK signs and returns channel_data whenever member data is given, as here; pusher-js needs both.
    if (channelData === undefined) return jsonError(c, 500, MSG.generic);
    return reply(c, PusherAuthResponseSchema, { auth, channel_data: channelData });
  };
  app.post(PUSHER_AUTH_PATH, requireSession, authorize);
  app.post(PUSHER_AUTH_PATH.slice(0, -1), requireSession, authorize);

  // User authentication: the connection signs in as the session user (and only as them), so the user's connections
  // can be ended with their sessions on any Pusher-protocol server, hosted Pusher included, which closes only the
  // connections that signed in (docs/security.md, "An ended session ends everywhere").
  app.post(PUSHER_USER_AUTH_PATH, requireSession, async (c) => {
    const parsed = PusherUserAuthRequestSchema.safeParse(await readAuthRequest(c));
    if (!parsed.success) return jsonError(c, 400, MSG.invalidRequest);
    const signed = realtime.sdk().authenticateUser(parsed.data.socket_id, { id: c.get('user').id });
    return reply(c, PusherUserAuthResponseSchema, { auth: signed.auth, user_data: signed.user_data });
  });

  app.get(ONLINE_USERS_PATH, requireSession, async (c) => {
    const me = c.get('user');
    let ids: string[];
    try {
      ids = await realtime.onlineUserIds();
    } catch (error) {
      // The presence list is a nicety: without it the user still sees themself online (SPEC §7 Presence).
      console.error('[realtime] presence read failed', error);
      ids = [];
    }
    const unique = [...new Set([me.id, ...ids])];
    const users = await usersByIds(c.get('db'), unique);
    users.sort((a, b) => (a.id === me.id ? -1 : b.id === me.id ? 1 : a.nomeUsuario.localeCompare(b.nomeUsuario)));
    return answer(c, OnlineUsersResponseSchema, { usuarios: users });
  });
}
