import { gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { MiddlewareHandler } from 'hono';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';
import { LRUCache } from 'lru-cache';

// Users are on 3G: text answers (JSON, HTML, JS, CSS) go gzipped when the browser accepts it. hono's compress pipes
// every answer through a CompressionStream, and our JSON answers carry no Content-Length, so even a 40-byte answer
// paid for a stream; that was the largest single cost of a small call. Here the body is read (every compressible
// answer we make is in memory or a file of at most a few hundred KB), answers under one packet go as they are, the
// rest are gzipped off the main thread, and the hashed build files (immutable, same bytes for everyone) are gzipped
// once and kept.

/** Below this many bytes gzip saves less than it costs: the answer fits one TCP packet anyway. */
export const COMPRESS_THRESHOLD = 1024;
/** Immutable build files kept gzipped (by path and ETag); the build has a few dozen. */
const MAX_KEPT = 200;

const gzipAsync = promisify(gzip);
const kept = new LRUCache<string, Uint8Array<ArrayBuffer>>({ max: MAX_KEPT });

function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [name = '', ...params] = part.trim().split(';');
    if (name.trim().toLowerCase() !== 'gzip' && name.trim() !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

async function gzipped(bytes: Uint8Array, keepAs: string | null): Promise<Uint8Array<ArrayBuffer>> {
  const known = keepAs ? kept.get(keepAs) : undefined;
  if (known) return known;
  const zipped = new Uint8Array(await gzipAsync(bytes));
  if (keepAs) kept.set(keepAs, zipped);
  return zipped;
}

export const compressResponses: MiddlewareHandler = async (c, next) => {
  await next();
  const res = c.res;
  const type = res.headers.get('Content-Type');
  if (!res.body || c.req.method === 'HEAD' || res.status === 206 || res.status === 204 || res.status === 304) return;
  if (res.headers.has('Content-Encoding') || !type || !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type)) return;
  if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(res.headers.get('Cache-Control') ?? '')) return;
  const vary = res.headers.get('Vary');
  if (vary !== '*' && !/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary ?? '')) {
    res.headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  }
  if (!acceptsGzip(c.req.header('Accept-Encoding'))) return;
  const bytes = new Uint8Array(await res.arrayBuffer());
  const etag = res.headers.get('ETag');
  const immutable = /\bimmutable\b/.test(res.headers.get('Cache-Control') ?? '');
  const small = bytes.byteLength < COMPRESS_THRESHOLD;
  const body = small ? bytes : await gzipped(bytes, immutable && etag ? `${c.req.path} ${etag}` : null);
  // hono copies the previous answer's headers onto the new one, so ours are set after the swap.
  c.res = new Response(body, { status: res.status, statusText: res.statusText, headers: { 'Content-Type': type } });
  c.res.headers.set('Content-Length', String(body.byteLength));
  if (small) return;
  c.res.headers.set('Content-Encoding', 'gzip');
  if (etag && !etag.startsWith('W/')) c.res.headers.set('ETag', `W/${etag}`);
};
