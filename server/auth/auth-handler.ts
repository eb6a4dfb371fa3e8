import { Auth, type AuthConfig } from '@auth/core';
import type { Context } from 'hono';
import type { z } from 'zod';
import { MSG } from '../../contract/messages.ts';
import type { AuthUrlResponseSchema } from '../../contract/schemas/auth.ts';
import type { AppEnv } from '../app-env.ts';
import { jsonError, publicUrl } from '../lib/http.ts';
import { AUTH_BASE_PATH } from './auth-config.ts';

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

export function createAuthHandler(authConfig: AuthConfig) {
  return async (c: Context<AppEnv>): Promise<Response> => {
    if (!AUTHJS_ACTIONS.has(authAction(c.req.path))) {
      return jsonError(c, 404, MSG.notFound);
    }
    const request = await toAuthRequest(c);
    const response = await Auth(request, authConfig);
    return toV4Response(request, response);
  };
}
