import type { Context, MiddlewareHandler } from 'hono';
import { MSG } from '../../contract/messages.ts';
import type { AppEnv } from '../hono-env.ts';
import { AUTH_BASE_PATH } from '../auth/auth-config.ts';
import { AUTHJS_ACTIONS, authAction } from '../auth/auth-handler.ts';
import { jsonError, publicUrl } from '../lib/http.ts';
import { isReadOnlyPost } from './state-changing.ts';

// CSRF defence for every state-changing call (DESIGN §5, docs/security.md). SameSite=Lax cookies still ride along
// on top-level GET navigations from any site, and the spec has mutating GETs, so a call that changes state must
// show that it came from the app itself: a browser says so in Sec-Fetch-Site and Origin, and only a same-origin
// script can add a header CORS does not safelist (a cross-origin one would need a preflight this server never
// grants).

/** Headers the app's client always sends (src/api/http.ts; the outbox adds Idempotency-Key). */
const APP_HEADERS = ['x-requested-with', 'idempotency-key'];
/** The only content types a cross-site form (or a fetch without a preflight) can send. */
const SAFELISTED_CONTENT_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain']);
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Auth.js checks its own double-submit CSRF token; `_log` only writes a bounded, escaped line to the log. */
function isAuthJsRoute(path: string): boolean {
  if (!path.startsWith(`${AUTH_BASE_PATH}/`)) return false;
  const action = authAction(path);
  return AUTHJS_ACTIONS.has(action) || action === '_log';
}

function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

function hasAppMark(c: Context<AppEnv>, own: string): boolean {
  if (c.req.header('sec-fetch-site') === 'same-origin') return true;
  const origin = c.req.header('origin');
  if (origin !== undefined && originOf(origin) === own) return true;
  if (APP_HEADERS.some((name) => (c.req.header(name) ?? '') !== '')) return true;
  const type = c.req.header('content-type');
  const essence = type?.split(';')[0]?.trim().toLowerCase();
  return essence !== undefined && essence !== '' && !SAFELISTED_CONTENT_TYPES.has(essence);
}

let warnedAboutScheme = false;

/** Behind a TLS proxy without TRUST_PROXY every Origin differs by scheme only: say once how to fix it. */
function warnIfOnlySchemeDiffers(c: Context<AppEnv>, claimed: string | null, own: URL): void {
  if (warnedAboutScheme || !claimed || c.get('config').trustProxy) return;
  const url = new URL(claimed);
  if (url.host === own.host && url.protocol !== own.protocol) {
    warnedAboutScheme = true;
    console.warn(
      `[security] refused a request from ${claimed}, which differs from this server's ${own.origin} only by its scheme: ` +
        'behind a TLS-terminating proxy set TRUST_PROXY=on',
    );
  }
}

/**
 * Why a state-changing request must be refused as cross-site, or null when it may go on: Sec-Fetch-Site other than
 * same-origin, an Origin or Referer of another origin, or (when `needsMark`) none of the app's own marks.
 */
export function crossSiteReason(c: Context<AppEnv>, needsMark: boolean): string | null {
  const own = publicUrl(c);
  const fetchSite = c.req.header('sec-fetch-site');
  if (fetchSite !== undefined && fetchSite !== 'same-origin') return `Sec-Fetch-Site: ${fetchSite}`;
  const origin = c.req.header('origin');
  if (origin !== undefined) {
    const claimed = originOf(origin);
    if (claimed !== own.origin) {
      warnIfOnlySchemeDiffers(c, claimed, own);
      return 'Origin of another site';
    }
  }
  const referer = c.req.header('referer');
  if (referer !== undefined && originOf(referer) !== own.origin) return 'Referer of another site';
  if (needsMark && !hasAppMark(c, own.origin)) return 'none of the app marks';
  return null;
}

/** Calls authorised by the session cookie; the Beams device API is authorised by its device id and tokens instead. */
function isCookieAuthorised(path: string): boolean {
  return path.startsWith('/api/client/') || path.startsWith(`${AUTH_BASE_PATH}/`);
}

function refusal(c: Context<AppEnv>): Response {
  return jsonError(c, 403, MSG.forbidden);
}

/**
 * On /api/*: every request by a method other than GET/HEAD/OPTIONS. Auth.js's own actions are left to its token;
 * a POST that changes nothing (pusher-js's channel authorization) only has to not come from another site.
 */
export const csrfGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { method, path } = c.req;
  if (SAFE_METHODS.has(method) || isAuthJsRoute(path)) return next();
  const needsMark = isCookieAuthorised(path) && !isReadOnlyPost(method, path);
  return crossSiteReason(c, needsMark) === null ? next() : refusal(c);
};

/** On each of the spec's mutating GETs (MUTATING_GETS, mounted by route in server/app.ts). */
export const mutatingGetGuard: MiddlewareHandler<AppEnv> = async (c, next) =>
  crossSiteReason(c, true) === null ? next() : refusal(c);
