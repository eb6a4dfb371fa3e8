import { createRequire } from 'node:module';
import { sql } from 'kysely';
import { RateLimiterRes, type RateLimiterStoreAbstract as StoreAbstractType } from 'rate-limiter-flexible';
import type { Db } from '../db/create-db.ts';
import { prepared } from '../db/prepared.ts';
import { groupedWrite } from '../db/group-commit.ts';

// rate-limiter-flexible's extension point for a new store is RateLimiterStoreAbstract (its README, "Contributions"),
// which the package's index does not export: it is loaded from its file. Its types come from the package's own d.ts.
const require = createRequire(import.meta.url);
const RateLimiterStoreAbstract = require('rate-limiter-flexible/lib/RateLimiterStoreAbstract.js') as typeof StoreAbstractType;

/** A counter row as the upsert returns it; PostgreSQL hands a bigint back as a string. */
interface StoredCounter {
  points: number;
  expire: number | string | null;
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

type UpsertValues = {
  key: string;
  points: number;
  expire: number | null;
  now: number;
};

// Every message, comment and sign-in adds to a counter: built and compiled by kysely once (server/db/prepared.ts).
const addPoints = prepared<UpsertValues, StoredCounter>((db, param) => {
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

/** A counter set to `points` with a new window, whatever it held (rate-limiter-flexible's forceExpire). */
const setPoints = prepared<Omit<UpsertValues, 'now'>, StoredCounter>((db, param) =>
  db
    .insertInto('rate_limits')
    .values({ key: param('key'), points: param('points'), expire: param('expire') })
    .onConflict((oc) => oc.column('key').doUpdateSet({ points: param('points'), expire: param('expire') }))
    .returning(['points', 'expire']),
);

/**
 * rate-limiter-flexible counters in our own database (table `rate_limits`), so every server process on the same
 * database counts together. Each consume is one atomic INSERT … ON CONFLICT DO UPDATE … RETURNING on SQLite and on
 * PostgreSQL: a live row gains the points, an expired one starts over with a new window. Rows whose window has
 * closed are deleted by the background housekeeping (server/jobs/housekeeping.ts); until then they are ignored.
 */
export class DbRateLimiter extends RateLimiterStoreAbstract {
  readonly #db: Db;
  readonly #now: () => number;

  constructor(options: DbRateLimiterOptions) {
    super({ storeClient: options.db, keyPrefix: options.keyPrefix, points: options.points, duration: options.duration });
    this.#db = options.db;
    this.#now = options.now ?? Date.now;
  }

  async _upsert(rlKey: string, points: number, msDuration: number, forceExpire = false): Promise<StoredCounter> {
    const now = this.#now();
    const expire = msDuration > 0 ? now + msDuration : null;
    // On SQLite the upsert shares the commit of this moment's other writes (server/db/group-commit.ts).
    const { rows } = await groupedWrite(this.#db, (db) =>
      forceExpire ? setPoints(db, { key: rlKey, points, expire }) : addPoints(db, { key: rlKey, points, expire, now }),
    );
    const row = rows[0];
    if (!row) throw new Error(`rate limit counter ${rlKey} not written`);
    return row;
  }

  async _get(rlKey: string): Promise<StoredCounter | null> {
    const row = await this.#db
      .selectFrom('rate_limits')
      .select(['points', 'expire'])
      .where('key', '=', rlKey)
      .where((eb) => eb.or([eb('expire', 'is', null), eb('expire', '>', this.#now())]))
      .executeTakeFirst();
    return row ?? null;
  }

  async _delete(rlKey: string): Promise<boolean> {
    const result = await this.#db.deleteFrom('rate_limits').where('key', '=', rlKey).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  _getRateLimiterRes(_rlKey: string, changedPoints: number, stored: StoredCounter): RateLimiterRes {
    const consumed = Number(stored.points);
    const expire = stored.expire === null ? null : Number(stored.expire);
    return new RateLimiterRes(
      Math.max(this.points - consumed, 0),
      expire === null ? -1 : Math.max(expire - this.#now(), 0),
      consumed,
      changedPoints === consumed,
    );
  }
}
