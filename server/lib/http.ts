import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import type { ErrorDetails, ErrorResponseSchema } from '../../contract/schemas/errors.ts';
import type { AppEnv } from '../hono-env.ts';

function firstValue(header: string | null): string | undefined {
  const value = header?.split(',')[0]?.trim();
  return value ? value : undefined;
}

/** Each request's public URL, once worked out (callers read it and never change it). */
const publicUrls = new WeakMap<Request, URL>();

/**
 * The URL the browser used. Behind a TLS-terminating proxy the socket sees http and an internal host, so with
 * TRUST_PROXY=on X-Forwarded-Proto/Host win when present: Auth.js derives cookie security, callback URLs and provider
 * URLs from it, and the CSRF check compares Origin with it. Without TRUST_PROXY they are ignored: anyone can send
 * them, and believing them would let a request name its own origin.
 */
export function publicUrl(c: Context<AppEnv>): URL {
  const request = c.req.raw;
  // Asked several times per request (security headers, the CSRF check, the session cookie's flags): worked out once.
  const known = publicUrls.get(request);
  if (known) return known;
  const url = new URL(request.url);
  const trusted = c.get('config').trustProxy;
  const forwardedProto = trusted ? firstValue(request.headers.get('x-forwarded-proto')) : undefined;
  const protocol = forwardedProto === 'http' || forwardedProto === 'https' ? `${forwardedProto}:` : url.protocol;
  const forwardedHost = trusted ? firstValue(request.headers.get('x-forwarded-host')) : undefined;
  const host = forwardedHost ?? request.headers.get('host') ?? url.host;
  let found = url;
  try {
    // Rebuilt rather than patched: assigning url.host keeps the old port when the new host has none.
    found = new URL(`${url.pathname}${url.search}`, `${protocol}//${host}`);
  } catch {
    // A host header no URL accepts: the URL the socket saw.
  }
  publicUrls.set(request, found);
  return found;
}

/** host[:port] as the browser addressed it (brand and locale are chosen from it). */
export function requestHost(c: Context<AppEnv>): string {
  return publicUrl(c).host;
}

/** The one error envelope (contract/schemas/errors.ts) every refusal is built from. */
export function errorBody(message: string, details: ErrorDetails = {}): z.input<typeof ErrorResponseSchema> {
  return { status: 'error', message, ...details };
}

export function jsonError(c: Context, status: ContentfulStatusCode, message: string, details: ErrorDetails = {}): Response {
  return c.json(errorBody(message, details), status);
}

export function isJsonRequest(c: Context): boolean {
  return (c.req.header('content-type') ?? '').toLowerCase().includes('application/json');
}
