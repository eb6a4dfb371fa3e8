import type { Duplex } from 'node:stream';
import type { MiddlewareHandler } from 'hono';
import { MSG } from '../../contract/messages.ts';
import type { AppEnv } from '../hono-env.ts';
import { AUTH_BASE_PATH } from '../auth/auth-config.ts';
import { errorBody, jsonError } from './http.ts';

export const ESTADO_PATH = '/api/client/public/estado';
const RETRY_AFTER_SECONDS = '300';

/**
 * What MAINTENANCE=on leaves open under /api/auth: reading or ending a session, Auth.js's CSRF token, providers and
 * error page, and the client log, so the app can say "Em manutenção" to a signed-in user and still sign them out.
 * Everything else there is closed (sign-up, sign-in with a password or Google, recovery and mailed links, realtime
 * and push authorisation), as are the whole client API but the status probe and the embedded Beams device API
 * (device registration). A new route is closed until it is listed here.
 */
const OPEN_AUTH_ACTIONS = new Set(['session', 'csrf', 'providers', 'signout', 'error', '_log']);

export function closedForMaintenance(path: string): boolean {
  if (path.startsWith('/api/client/')) return path !== ESTADO_PATH;
  if (path.startsWith('/api/beams/')) return true;
  if (!path.startsWith(`${AUTH_BASE_PATH}/`)) return false;
  return !OPEN_AUTH_ACTIONS.has(path.slice(AUTH_BASE_PATH.length + 1).split('/')[0] ?? '');
}

/** On /api/*: MAINTENANCE=on answers 503 'Em manutenção' to every closed call, so the app shows it. */
export const maintenanceGate: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.get('config').maintenance && closedForMaintenance(c.req.path)) {
    c.header('Retry-After', RETRY_AFTER_SECONDS);
    return jsonError(c, 503, MSG.maintenance);
  }
  return next();
};

/**
 * For the WebSocket upgrade handler (server/realtime/ws-server.ts), which runs outside the Hono app: during
 * maintenance the upgrade is answered 503 and the socket closed (pusher-js retries with its back-off). Returns
 * whether it refused.
 */
export function refuseUpgradeInMaintenance(maintenance: boolean, socket: Duplex): boolean {
  if (!maintenance) return false;
  const body = JSON.stringify(errorBody(MSG.maintenance));
  socket.end(
    'HTTP/1.1 503 Service Unavailable\r\n' +
      'Connection: close\r\n' +
      `Retry-After: ${RETRY_AFTER_SECONDS}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  return true;
}
