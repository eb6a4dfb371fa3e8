import { RateLimiterRes } from 'rate-limiter-flexible';
import type { Db } from '../db/create-db.ts';
import type { RateLimit, RateLimits } from './rate-limit-config.ts';
import { DbRateLimiter } from './rate-limit-store.ts';

export type RateLimiters = Record<keyof RateLimits, DbRateLimiter>;

/** One limiter per configured limit, each counting under its own name in the shared table. */
export function createRateLimiters(db: Db, limits: RateLimits): RateLimiters {
  const make = (keyPrefix: string, { points, duration }: RateLimit) =>
    new DbRateLimiter({ db, keyPrefix, points, duration });
  return {
    signInAccount: make('signin-account', limits.signInAccount),
    signInAddress: make('signin-address', limits.signInAddress),
    signUpAddress: make('signup-address', limits.signUpAddress),
    recoveryAddress: make('recovery-address', limits.recoveryAddress),
    recoveryAccount: make('recovery-account', limits.recoveryAccount),
    availabilityAddress: make('availability-address', limits.availabilityAddress),
    messagesUser: make('messages-user', limits.messagesUser),
    commentsUser: make('comments-user', limits.commentsUser),
  };
}

/** A refusal: how long until the key may act again. */
export interface Refusal {
  retryAfterMs: number;
}

/**
 * Takes one point; a refusal when the key has none left. rate-limiter-flexible rejects with a RateLimiterRes for
 * "over the limit" and with an Error for a store failure, which goes on to the app's error handler.
 */
export async function take(limiter: DbRateLimiter, key: string): Promise<Refusal | null> {
  try {
    await limiter.consume(key);
    return null;
  } catch (error) {
    if (error instanceof RateLimiterRes) return { retryAfterMs: error.msBeforeNext };
    throw error;
  }
}

/** Gives back a point taken for an attempt that turned out not to count. */
export async function giveBack(limiter: DbRateLimiter, key: string): Promise<void> {
  await limiter.reward(key);
}
