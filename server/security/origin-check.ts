import type { MiddlewareHandler } from 'hono';
import { MSG } from '../../contract/messages.ts';
import { AUTH_BASE_PATH } from '../auth/auth-config.ts';
import { AUTHJS_ACTIONS, authAction } from '../auth/auth-handler.ts';
import { publicUrl } from '../lib/http.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Auth.js checks its own double-submit CSRF token; `_log` has no effect worth forging. */
function isAuthJsRoute(path: string): boolean {
  if (!path.startsWith(`${AUTH_BASE_PATH}/`)) return false;
  const action = authAction(path);
  return AUTHJS_ACTIONS.has(action) || action === '_log';
}

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

/**
 * CSRF defence for the app's REST mutations (DESIGN §5), on top of SameSite=Lax cookies: a browser names the page
 * that sent a request in Origin (and Sec-Fetch-Site); a mutation from another site is refused with 403.
 */
export const originCheck: MiddlewareHandler = async (c, next) => {
  if (SAFE_METHODS.has(c.req.method) || !c.req.path.startsWith('/api/') || isAuthJsRoute(c.req.path)) return next();
  const origin = c.req.header('origin');
  const fetchSite = c.req.header('sec-fetch-site');
  const crossOrigin = origin !== undefined && hostOf(origin) !== publicUrl(c.req.raw).host;
  if (crossOrigin || fetchSite === 'cross-site') {
    return c.json({ status: 'error', message: MSG.forbidden }, 403);
  }
  return next();
};
