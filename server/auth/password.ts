import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import pLimit from 'p-limit';
import { assertOutsideTransaction } from '../db/transaction.ts';

// scrypt is memory-hard and ships with Node (no native addon). N=2^15, r=8 needs 32 MiB per hash, the OWASP
// minimum for scrypt; the parameters are stored with the hash so they can be raised later without a migration.
const PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const MAXMEM = 64 * 1024 * 1024;

// Each hash keeps a core busy for tens of milliseconds on libuv's thread pool (4 threads, shared with zlib, file and
// DNS work). Forty at once would take every core from the event loop and every pool thread from other users'
// requests, so hashes wait their turn, one fewer at a time than the machine has cores (at least one): the server
// keeps a core for everyone else, and a burst of sign-ins or guesses only waits longer itself.
const hashing = pLimit(Math.max(1, Math.min(3, availableParallelism() - 1)));

// Never inside a database transaction either (server/db/transaction.ts).
function derive(password: string, salt: Buffer, options: ScryptOptions, length: number): Promise<Buffer> {
  assertOutsideTransaction('Password hashing');
  return hashing(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(password.normalize('NFKC'), salt, length, { ...options, maxmem: MAXMEM }, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS, KEY_LENGTH);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  if (expected.length === 0) return false;
  const actual = await derive(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) }, expected.length);
  return timingSafeEqual(actual, expected);
}

/** A hash no password matches, for accounts that only sign in through Google. */
export function unusablePasswordHash(): string {
  return `none$${randomBytes(16).toString('base64')}`;
}

/** An account made by a Google sign-in, which has no password until its owner sets one through a reset link. */
export function isUnusablePasswordHash(stored: string): boolean {
  return stored.startsWith('none$');
}
