import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

function firstValue(header: string | null): string | undefined {
  const value = header?.split(',')[0]?.trim();
  return value ? value : undefined;
}

/**
 * The URL the browser used. Behind a TLS-terminating proxy the socket sees http and an internal host, so
 * X-Forwarded-Proto/Host win when present: Auth.js derives cookie security, callback URLs and provider URLs from it.
 */
export function publicUrl(request: Request): URL {
  const url = new URL(request.url);
  const forwardedProto = firstValue(request.headers.get('x-forwarded-proto'));
  const protocol = forwardedProto === 'http' || forwardedProto === 'https' ? `${forwardedProto}:` : url.protocol;
  const host = firstValue(request.headers.get('x-forwarded-host')) ?? request.headers.get('host') ?? url.host;
  try {
    // Rebuilt rather than patched: assigning url.host keeps the old port when the new host has none.
    return new URL(`${url.pathname}${url.search}`, `${protocol}//${host}`);
  } catch {
    return url;
  }
}

/** host[:port] as the browser addressed it (brand and locale are chosen from it). */
export function requestHost(request: Request): string {
  return publicUrl(request).host;
}

export function jsonError(c: Context, status: ContentfulStatusCode, message: string): Response {
  return c.json({ status: 'error', message }, status);
}

export function isJsonRequest(c: Context): boolean {
  return (c.req.header('content-type') ?? '').toLowerCase().includes('application/json');
}
