import { sql } from 'kysely';
import type { Db } from '../db/create-db.ts';
import { prepared } from '../db/prepared.ts';
import { groupedWrite } from '../db/group-commit.ts';

/** A counter row as the database returns it; PostgreSQL hands a bigint back as a string. */
interface StoredCounter {
  points: number | string;
  expire: number | string | null;
}

/** A key's counter in its current window. */
export interface CounterState {
  /** Points taken in this window, the attempt just made included. */
  consumedPoints: number;
  remainingPoints: number;
  /** Until the window closes and the counter starts over. */
  msBeforeNext: number;
}

/** What a consume found: whether the attempt is within the limit, and the counter after it. */
export interface Consumed extends CounterState {
  allowed: boolean;
}

interface DbRateLimiterOptions {
  db: Db;
  /** Names the limiter's rows (`{keyPrefix}:{key}`) so limiters share the table without sharing counters. */
  keyPrefix: string;
  points: number;
  /** Seconds. */
  duration: number;
  /** The time source, so tests can move a window along without waiting. */
  now?: () => number;
}

type AddValues = { key: string; points: number; expire: number; now: number };

// Every message, comment and sign-in adds to a counter: built and compiled by kysely once (server/db/prepared.ts).
const addPoints = prepared<AddValues, StoredCounter>((db, param) => {
  const live = sql<boolean>`rate_limits.expire is null or rate_limits.expire > ${param('now')}`;
  return db
    .insertInto('rate_limits')
    .values({ key: param('key'), points: param('points'), expire: param('expire') })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        points: sql<number>`case when ${live} then rate_limits.points + excluded.points else excluded.points end`,
        expire: sql<number | null>`case when ${live} then rate_limits.expire else excluded.expire end`,
      }),
    )
    .returning(['points', 'expire']);
});

/** Gives points back to a live counter, never below zero; an expired or missing counter has nothing to give back. */
const givePointsBack = prepared<Omit<AddValues, 'expire'>, never>((db, param) =>
  db
    .updateTable('rate_limits')
    .set({ points: sql<number>`case when rate_limits.points > ${param('points')} then rate_limits.points - ${param('points')} else 0 end` })
    .where('key', '=', param('key'))
    .where(sql<boolean>`rate_limits.expire is null or rate_limits.expire > ${param('now')}`),
);

/**
 * A fixed-window counter per key in our own database (table `rate_limits`), so every server process on the same
 * database counts together. Each consume is one atomic INSERT … ON CONFLICT DO UPDATE … RETURNING on SQLite and on
 * PostgreSQL: a live row gains the points, an expired one starts over with a new window; the attempt is allowed when
 * the total after it is within the limit, so parallel attempts cannot all slip in. Rows whose window has closed are
 * deleted by the background housekeeping (server/jobs/housekeeping.ts); until then they are ignored.
 */
export class DbRateLimiter {
  readonly points: number;
  readonly #db: Db;
  readonly #keyPrefix: string;
  readonly #durationMs: number;
  readonly #now: () => number;

  constructor(options: DbRateLimiterOptions) {
    this.points = options.points;
    this.#db = options.db;
    this.#keyPrefix = options.keyPrefix;
    this.#durationMs = options.duration * 1000;
    this.#now = options.now ?? Date.now;
  }

  #rowKey(key: string): string {
    return `${this.#keyPrefix}:${key}`;
  }

  #state(stored: StoredCounter, now: number): CounterState {
    const consumedPoints = Number(stored.points);
    const expire = stored.expire === null ? null : Number(stored.expire);
    return {
      consumedPoints,
      remainingPoints: Math.max(this.points - consumedPoints, 0),
      msBeforeNext: expire === null ? -1 : Math.max(expire - now, 0),
    };
  }

  /** Takes `points` (one attempt) from the key's counter. */
  async consume(key: string, points = 1): Promise<Consumed> {
    const now = this.#now();
    const values = { key: this.#rowKey(key), points, expire: now + this.#durationMs, now };
    // On SQLite the upsert shares the commit of this moment's other writes (server/db/group-commit.ts).
    const { rows } = await groupedWrite(this.#db, (db) => addPoints(db, values));
    const row = rows[0];
    if (!row) throw new Error(`rate limit counter ${values.key} not written`);
    const state = this.#state(row, now);
    return { ...state, allowed: state.consumedPoints <= this.points };
  }

  /** Gives back points taken for an attempt that turned out not to count. */
  async reward(key: string, points = 1): Promise<void> {
    const values = { key: this.#rowKey(key), points, now: this.#now() };
    await groupedWrite(this.#db, (db) => givePointsBack(db, values));
  }

  /** The key's live counter, or null when it has none (never counted, or its window has closed). */
  async get(key: string): Promise<CounterState | null> {
    const now = this.#now();
    const row = await this.#db
      .selectFrom('rate_limits')
      .select(['points', 'expire'])
      .where('key', '=', this.#rowKey(key))
      .where((eb) => eb.or([eb('expire', 'is', null), eb('expire', '>', now)]))
      .executeTakeFirst();
    return row ? this.#state(row, now) : null;
  }

  /** Forgets the key's counter (the owner signed in: earlier mistakes no longer count). */
  async delete(key: string): Promise<boolean> {
    const result = await this.#db.deleteFrom('rate_limits').where('key', '=', this.#rowKey(key)).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
