import { Auth, type AuthConfig } from '@auth/core';
import type { Context } from 'hono';
import type { z } from 'zod';
import { MSG } from '../../contract/messages.ts';
import type { AuthUrlResponseSchema } from '../../contract/schemas/auth.ts';
import type { AppEnv } from '../hono-env.ts';
import { jsonError, publicUrl } from '../lib/http.ts';
import { AUTH_BASE_PATH, sessionUserOf } from './auth-config.ts';
import { readSessionToken } from './session.ts';
import { isSessionLive, sessionClaimsOf } from './session-revocation.ts';

// Auth.js's own actions (protocols §4.1); anything else under /api/auth is an app route or unknown.
export const AUTHJS_ACTIONS = new Set([
  'providers',
  'session',
  'csrf',
  'signin',
  'signout',
  'callback',
  'verify-request',
  'error',
  'webauthn-options',
]);

export function authAction(pathname: string): string {
  return pathname.slice(AUTH_BASE_PATH.length + 1).split('/')[0] ?? '';
}

/**
 * Rebuilds the request for Auth.js: the public URL (forwarded headers), and the v5 JSON-reply header when a v4
 * client posts `json=true` (protocols §4.6.1) — without it core answers 302 and the client's res.json() fails.
 */
async function toAuthRequest(c: Context<AppEnv>): Promise<Request> {
  const request = c.req.raw;
  const url = publicUrl(c);
  const headers = new Headers(request.headers);
  let body: string | undefined;
  if (request.method === 'POST') {
    body = await request.text();
    const type = headers.get('content-type') ?? '';
    if (type.includes('application/x-www-form-urlencoded') && new URLSearchParams(body).get('json') === 'true') {
      headers.set('X-Auth-Return-Redirect', '1');
    } else if (type.includes('application/json') && /"json"\s*:\s*("true"|true)/.test(body)) {
      headers.set('X-Auth-Return-Redirect', '1');
    }
  }
  return new Request(url, { method: request.method, headers, body });
}

/** Auth.js's reply rewritten: `{url}` for the client's sign-in and sign-out, `{}` for no session (protocols §4.6). */
function withJson(response: Response, body: z.input<typeof AuthUrlResponseSchema> | Record<string, never>, status = response.status): Response {
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  headers.delete('location');
  headers.set('content-type', 'application/json');
  return new Response(JSON.stringify(body), { status, headers });
}

/** v4 reply shapes the spec's client expects (protocols §4.6.3 and §4.6.4). */
async function toV4Response(request: Request, response: Response): Promise<Response> {
  if (!(response.headers.get('content-type') ?? '').includes('application/json')) return response;
  const action = authAction(new URL(request.url).pathname);
  if (request.method === 'GET' && action === 'session') {
    const text = await response.clone().text();
    return text.trim() === 'null' ? withJson(response, {}) : response;
  }
  if (request.method === 'POST' && (action === 'callback' || action === 'signin')) {
    const data = (await response.clone().json().catch(() => null)) as { url?: unknown } | null;
    if (typeof data?.url !== 'string') return response;
    const target = new URL(data.url, request.url);
    if (target.searchParams.get('error') === 'CredentialsSignin') {
      const origin = new URL(request.url).origin;
      return withJson(response, { url: `${origin}${AUTH_BASE_PATH}/error?error=CredentialsSignin&provider=credentials` }, 401);
    }
    // Core keeps the redirect's Location on its JSON reply; a 200 with Location only confuses proxies and logs.
    return withJson(response, { url: data.url });
  }
  if (request.method === 'POST' && action === 'signout' && response.status === 200) {
    const data = (await response.clone().json().catch(() => null)) as { url?: unknown } | null;
    if (typeof data?.url === 'string') return withJson(response, { url: data.url });
  }
  return response;
}

/**
 * How old a session cookie may be before GET /session issues it again (Auth.js's sliding expiry). Re-encrypting and
 * re-sending the cookie on every read cost most of the call and bytes on 3G; once a day keeps the 30-day expiry
 * sliding all the same.
 */
export const SESSION_UPDATE_AGE_S = 24 * 3600;

/**
 * GET /session for a live session issued less than SESSION_UPDATE_AGE_S ago: the same JSON Auth.js gives (its
 * callbacks' user, the cookie's own expiry) with its no-cache headers, and no cookie. Null leaves the call to Auth.js:
 * no cookie, an old or ended one (which Auth.js re-issues or clears).
 */
async function freshSession(c: Context<AppEnv>): Promise<Response | null> {
  const session = await readSessionToken(c);
  if (!session) return null;
  const { token } = session;
  const nowS = Date.now() / 1000;
  if (typeof token.iat !== 'number' || typeof token.exp !== 'number') return null;
  if (nowS - token.iat >= SESSION_UPDATE_AGE_S || token.exp <= nowS) return null;
  const claims = sessionClaimsOf(token);
  const userId = String(token.id ?? token.sub ?? '');
  if (!claims || !userId || !(await isSessionLive(c.get('db'), userId, claims))) return null;
  const body = { user: sessionUserOf(token), expires: new Date(token.exp * 1000).toISOString() };
  return c.json(body, 200, { 'Cache-Control': 'private, no-cache, no-store', Expires: '0', Pragma: 'no-cache' });
}

export function createAuthHandler(authConfig: AuthConfig) {
  return async (c: Context<AppEnv>): Promise<Response> => {
    if (!AUTHJS_ACTIONS.has(authAction(c.req.path))) {
      return jsonError(c, 404, MSG.notFound);
    }
    if (c.req.method === 'GET' && authAction(c.req.path) === 'session') {
      const fresh = await freshSession(c);
      if (fresh) return fresh;
    }
    const request = await toAuthRequest(c);
    const response = await Auth(request, authConfig);
    return toV4Response(request, response);
  };
}
