import type { Db } from '../db/create-db.ts';
import type { EventoModelosTable } from '../db/schema.ts';
import { drawPoisson, timeline } from './match-clock.ts';
import { CORNERS_H1, GOALS_H1, KICK_OFF, priceMarkets, type MatchModel } from './markets.ts';
import { writeMarkets } from './markets-repo.ts';
import { effectiveModel, newModelRow } from './model.ts';
import type { SportsProvider } from './provider.ts';
import { createRng, type Rng } from './rng.ts';
import { transaction } from '../db/transaction.ts';

/** How far the opening line sits from the first price, so a new book already shows which way it moved. */
const OPENING_SPREAD = 0.04;

function binomial(n: number, p: number, rng: Rng): number {
  let k = 0;
  for (let i = 0; i < n; i += 1) if (rng.next() < p) k += 1;
  return k;
}

/**
 * A match that was already over when it was generated has only a final score; its half-time score and corners are
 * drawn consistently with it, so its stats and every settled market agree.
 */
export function finishedStats(row: EventoModelosTable, score: { home: number; away: number }): EventoModelosTable {
  const rng = createRng(`finished:${row.evento_id}`);
  const homeCorners = drawPoisson(row.corners_home, rng);
  const awayCorners = drawPoisson(row.corners_away, rng);
  return {
    ...row,
    clock: timeline({ stoppage1: row.stoppage_1, stoppage2: row.stoppage_2, abandonAt: null }).end,
    abandon_at: null,
    h1_home_goals: binomial(score.home, GOALS_H1, rng),
    h1_away_goals: binomial(score.away, GOALS_H1, rng),
    home_corners: homeCorners,
    away_corners: awayCorners,
    h1_home_corners: binomial(homeCorners, CORNERS_H1, rng),
    h1_away_corners: binomial(awayCorners, CORNERS_H1, rng),
  };
}

/** Prices a not-yet-started match from its model: every market, and the opening line the first trends compare to. */
export function prematchBook(model: MatchModel, eventId: string) {
  const rng = createRng(`opening:${eventId}`);
  const shift = (rng.next() * 2 - 1) * OPENING_SPREAD;
  const corners = Math.exp((rng.next() * 2 - 1) * OPENING_SPREAD);
  const opening: MatchModel = {
    lambdaHome: model.lambdaHome * Math.exp(-shift),
    lambdaAway: model.lambdaAway * Math.exp(shift),
    cornersHome: model.cornersHome * corners,
    cornersAway: model.cornersAway * corners,
  };
  return { priced: priceMarkets(model, KICK_OFF), opening: priceMarkets(opening, KICK_OFF) };
}

/** Gives every event without a model one (from the provider), and prices the markets of those not started. */
export async function ensureModels(db: Db, provider: SportsProvider, now: Date): Promise<number> {
  if (!provider.modelFor) return 0;
  const missing = await db
    .selectFrom('eventos')
    .leftJoin('evento_modelos', 'evento_modelos.evento_id', 'eventos.id')
    .select(['eventos.id', 'eventos.home_id', 'eventos.away_id', 'eventos.status', 'eventos.home_goals', 'eventos.away_goals'])
    .where('evento_modelos.evento_id', 'is', null)
    .execute();
  let created = 0;
  for (const event of missing) {
    const model = provider.modelFor(event);
    if (!model) continue;
    let row = newModelRow({ eventId: event.id, model, now });
    const finished = event.status === 'FT' && event.home_goals !== null && event.away_goals !== null;
    if (finished) row = finishedStats(row, { home: event.home_goals ?? 0, away: event.away_goals ?? 0 });
    await transaction(db, async (trx) => {
      await trx.insertInto('evento_modelos').values(row).onConflict((oc) => oc.column('evento_id').doNothing()).execute();
      if (event.status === 'NS') {
        const book = prematchBook(effectiveModel(row), event.id);
        await writeMarkets(trx, { eventId: event.id, priced: book.priced, opening: book.opening, now });
      }
    });
    created += 1;
  }
  return created;
}
