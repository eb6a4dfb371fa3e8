import type { JWT } from '@auth/core/jwt';
import { LRUCache } from 'lru-cache';

// Reading the session cookie (Auth.js's getToken: parsing the Cookie header, joining the token's chunks, then an HKDF
// key derivation, a key thumbprint and an A256CBC-HS512 JWE decryption) was most of the cost of every authenticated
// call, and a browser sends the same Cookie header call after call. So what Auth.js read from a request is kept by
// everything it read it from: the Cookie and Authorization headers, which cookie name was tried first (the public
// URL's scheme) and the secret. That is a pure function of those inputs until the token's `exp`. Nothing about the
// session's *state* is kept: whether it was ended (sign-out, password change, "sign out of every device") is still
// asked of the database on every call (session-revocation.ts), so every process sees an ended session at once.
//
// - Only tokens Auth.js accepted are kept; an altered or foreign cookie is a different header, read (and refused) by
//   Auth.js every time.
// - An entry is dropped once its token's `exp` has passed (and then Auth.js decides), and after KEPT_TOKEN_TTL_MS
//   whatever the token says.
// - At most KEPT_TOKEN_MAX entries and KEPT_TOKEN_MAX_CHARS characters of headers; the least recently used goes first
//   (lru-cache, docs/decisions.md).

/** How long a read token is kept, at most. */
export const KEPT_TOKEN_TTL_MS = 60_000;
/** How many read tokens are kept, at most. */
export const KEPT_TOKEN_MAX = 5_000;
/** How many characters of request headers the keys may hold in all (a session cookie is about 1 KB). */
export const KEPT_TOKEN_MAX_CHARS = 8_000_000;

/** A session token as Auth.js read it from a request, with the cookie it came in. */
export interface KeptToken {
  token: JWT;
  cookieName: string;
  secure: boolean;
}

interface Entry {
  /** The secret it was read with: another secret (another app in the same process, a rotation) misses. */
  secret: string;
  read: KeptToken;
}

export interface KeptTokensOptions {
  max?: number;
  maxChars?: number;
  ttlMs?: number;
  now?: () => number;
}

/** The key of one request's reading: every input Auth.js's getToken reads besides the secret. */
export function readKey(likelySecure: boolean, cookie: string, authorization: string): string {
  return `${likelySecure ? 's' : 'p'}${authorization.length}:${authorization}${cookie}`;
}

export class KeptTokens {
  readonly max: number;
  readonly maxChars: number;
  readonly ttlMs: number;
  private readonly now: () => number;
  private readonly entries: LRUCache<string, Entry>;

  constructor({ max = KEPT_TOKEN_MAX, maxChars = KEPT_TOKEN_MAX_CHARS, ttlMs = KEPT_TOKEN_TTL_MS, now = () => Date.now() }: KeptTokensOptions = {}) {
    this.max = Math.max(1, max);
    this.maxChars = maxChars;
    this.ttlMs = ttlMs;
    this.now = now;
    this.entries = new LRUCache<string, Entry>({
      max: this.max,
      maxSize: maxChars,
      sizeCalculation: (_entry, key) => Math.max(1, key.length),
      // Our clock (tests move it), read at every look-up rather than kept for a millisecond with a timer.
      perf: { now },
      ttlResolution: 0,
    });
  }

  get size(): number {
    return this.entries.size;
  }

  get chars(): number {
    return this.entries.calculatedSize;
  }

  /** What was read under `key` with `secret` lately (a copy), or null: never seen, too old, or its token expired. */
  get(key: string, secret: string): KeptToken | null {
    const entry = this.entries.get(key);
    if (!entry || entry.secret !== secret) return null;
    return { ...entry.read, token: { ...entry.read.token } };
  }

  set(key: string, secret: string, read: KeptToken): void {
    const { exp } = read.token;
    const now = this.now();
    const lifetime = Math.min(this.ttlMs, typeof exp === 'number' ? exp * 1000 - now : Infinity);
    // lru-cache keeps an entry while its age is at most its ttl; ours is gone once `lifetime` has passed, so never
    // past the token's exp. A key longer than maxChars is refused by the cache itself.
    if (!(lifetime > 1)) {
      this.entries.delete(key);
      return;
    }
    this.entries.set(key, { secret, read: { ...read, token: { ...read.token } } }, { ttl: lifetime - 1 });
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  clear(): void {
    this.entries.clear();
  }
}

/** The process's kept readings, used by every read of the session cookie (session.ts). */
export const keptTokens = new KeptTokens();
