import type { Db } from '../db/create-db.ts';
import type { RateLimit, RateLimits } from './rate-limit-config.ts';
import { DbRateLimiter } from './rate-limit-store.ts';

export type RateLimiters = Record<keyof RateLimits, DbRateLimiter>;

/** One limiter per configured limit, each counting under its own name in the shared table. */
export function createRateLimiters(db: Db, limits: RateLimits, now: () => number = Date.now): RateLimiters {
  const make = (keyPrefix: string, { points, duration }: RateLimit) =>
    new DbRateLimiter({ db, keyPrefix, points, duration, now });
  return {
    signInAccount: make('signin-account', limits.signInAccount),
    signInAddress: make('signin-address', limits.signInAddress),
    signUpAddress: make('signup-address', limits.signUpAddress),
    recoveryAddress: make('recovery-address', limits.recoveryAddress),
    recoveryAccount: make('recovery-account', limits.recoveryAccount),
    availabilityAddress: make('availability-address', limits.availabilityAddress),
    messagesUser: make('messages-user', limits.messagesUser),
    commentsUser: make('comments-user', limits.commentsUser),
    groupAddsUser: make('group-adds-user', limits.groupAddsUser),
    followsUser: make('follows-user', limits.followsUser),
    reportsUser: make('reports-user', limits.reportsUser),
    smsUser: make('sms-user', limits.smsUser),
    smsNumber: make('sms-number', limits.smsNumber),
  };
}

/** A refusal: how long until the key may act again. */
export interface Refusal {
  retryAfterMs: number;
}

/** Takes one point; a refusal when the key has none left. A store failure goes on to the app's error handler. */
export async function take(limiter: DbRateLimiter, key: string): Promise<Refusal | null> {
  const counter = await limiter.consume(key);
  return counter.allowed ? null : { retryAfterMs: counter.msBeforeNext };
}

/** Gives back a point taken for an attempt that turned out not to count. */
export async function giveBack(limiter: DbRateLimiter, key: string): Promise<void> {
  await limiter.reward(key);
}
