import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import type { Context } from 'hono';
import type { AppEnv } from '../hono-env.ts';
import type { EnvelopeSchema, Payload } from './answer.ts';

// Public lists everybody asks for (the event lists of the Explore page) answered from memory: the JSON and its gzip
// are made once per interval and served as bytes, with an ETag so a client that has them gets 304 and nothing else.
// Each process keeps its own (several processes each compute once per interval); a list is at most this old.

/** How long one computed answer is served. The lists change with odds and scores, which the app refreshes every 60 s. */
export const PUBLIC_ANSWER_TTL_MS = 5_000;
/** How many distinct answers (paths with their query) one database keeps; the least recently asked for goes first. */
const MAX_ENTRIES = 64;

interface Entry {
  json: Uint8Array;
  gzip: Uint8Array;
  etag: string;
  expiresAt: number;
}

const caches = new WeakMap<object, LRUCache<string, Promise<Entry>>>();

async function entryOf(produce: () => Promise<object>, now: number): Promise<Entry> {
  const json = new TextEncoder().encode(JSON.stringify({ status: 'success', message: '', ...(await produce()) }));
  const etag = `"${createHash('sha1').update(json).digest('base64url')}"`;
  return { json, gzip: gzipSync(json), etag, expiresAt: now + PUBLIC_ANSWER_TTL_MS };
}

function acceptsGzip(c: Context): boolean {
  return /\bgzip\b/i.test(c.req.header('accept-encoding') ?? '');
}

/**
 * A success answer for `schema` from the per-database cache under `key` (path and query), computed by `produce` when
 * missing or older than PUBLIC_ANSWER_TTL_MS; requests arriving while it is computed wait for the same computation.
 */
export async function cachedAnswer<S extends EnvelopeSchema>(
  c: Context<AppEnv>,
  _schema: S,
  key: string,
  produce: () => Promise<NoInfer<Payload<S>>>,
): Promise<Response> {
  const db = c.get('db');
  let cache = caches.get(db);
  if (!cache) {
    cache = new LRUCache({ max: MAX_ENTRIES });
    caches.set(db, cache);
  }
  const now = Date.now();
  let pending = cache.get(key);
  const current = pending ? await pending.catch(() => undefined) : undefined;
  if (!current || current.expiresAt <= now) {
    pending = entryOf(produce, now);
    cache.set(key, pending);
    const made = pending;
    made.catch(() => {
      if (cache.peek(key) === made) cache.delete(key);
    });
  }
  const entry = await (pending as Promise<Entry>);
  const headers: Record<string, string> = {
    ETag: entry.etag,
    // Stored, but checked with the server each time: a 304 costs a few bytes.
    'Cache-Control': 'no-cache',
    Vary: 'Accept-Encoding',
  };
  const tags = (c.req.header('if-none-match') ?? '').split(',').map((tag) => tag.trim().replace(/^W\//, ''));
  if (tags.includes(entry.etag)) return c.body(null, 304, headers);
  headers['Content-Type'] = 'application/json; charset=UTF-8';
  if (acceptsGzip(c)) return c.body(entry.gzip.slice(), 200, { ...headers, 'Content-Encoding': 'gzip' });
  return c.body(entry.json.slice(), 200, headers);
}
