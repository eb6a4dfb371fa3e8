import type { Db } from '../db/create-db.ts';
import { KICK_OFF, priceMarkets } from '../sports/markets.ts';
import { effectiveModel } from '../sports/model.ts';

// Value bets compare the book with a model of its own. The book's probability is the one its odds were made from
// (odds = 1 / (p x (1 + margin))), so p x odds is always about 1 / (1 + margin) and never shows value. The feed's
// model before any market drift (`ajuste` 0: club ratings and form only) is the independent estimate: when the
// pre-match drift has moved a price far enough from it to beat the margin, model probability x odds exceeds 1.

/** Probabilities (0..1) of every pre-match choice by `type|choice`. */
type Book = ReadonlyMap<string, number>;

const CACHE_MAX = 2000;
// A model never changes before kick-off (only the drift does), so its book is computed once per event and model.
const cache = new Map<string, Book>();

function cached(key: string, make: () => Book): Book {
  const hit = cache.get(key);
  if (hit) return hit;
  const book = make();
  if (cache.size >= CACHE_MAX) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  cache.set(key, book);
  return book;
}

/** The undrifted model's pre-match probabilities of each event that has a model. */
export async function modelBooks(db: Db, eventIds: readonly string[]): Promise<Map<string, Book>> {
  const unique = [...new Set(eventIds)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .selectFrom('evento_modelos')
    .select(['evento_id', 'lambda_home', 'lambda_away', 'corners_home', 'corners_away'])
    .where('evento_id', 'in', unique)
    .execute();
  const books = new Map<string, Book>();
  for (const row of rows) {
    const key = [row.evento_id, row.lambda_home, row.lambda_away, row.corners_home, row.corners_away].join('|');
    books.set(
      row.evento_id,
      cached(key, () => {
        const priced = priceMarkets(effectiveModel({ ...row, ajuste: 0 }), KICK_OFF);
        return new Map(priced.map((choice) => [`${choice.type}|${choice.choice}`, choice.probability]));
      }),
    );
  }
  return books;
}
