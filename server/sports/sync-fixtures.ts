import type { Event } from '../../contract/schemas/events.ts';
import type { Db } from '../db/create-db.ts';
import type { EventosTable } from '../db/schema.ts';
import { addDays, utcDay } from '../lib/time.ts';
import type { SportsProvider } from './provider.ts';
import { ensureModels } from './event-models.ts';

export const FIXTURE_DAYS = 7;

export function eventToRow(event: Event, now: Date): EventosTable {
  return {
    id: event.id,
    date: event.date,
    status: event.status,
    competition_id: event.competition_id,
    home_id: event.home_id,
    home_name: event.home_name,
    home_position: event.home_position,
    away_id: event.away_id,
    away_name: event.away_name,
    away_position: event.away_position,
    home_goals: event.home_goals,
    away_goals: event.away_goals,
    elapsed: event.elapsed,
    odds: JSON.stringify(event.odds),
    odds_live: event.odds_live ? JSON.stringify(event.odds_live) : null,
    probability: JSON.stringify(event.probability),
    updated_at: now.toISOString(),
  };
}

/**
 * Makes sure every day from today through the next `days - 1` has its fixtures. A day that already has events is
 * left alone, so running this on every start (and on a timer) is idempotent and never duplicates a match.
 */
export async function syncFixtures(db: Db, provider: SportsProvider, now = new Date(), days = FIXTURE_DAYS): Promise<number> {
  const competitions = provider.competitions();
  const known = new Set((await db.selectFrom('competicoes').select('id').execute()).map((row) => row.id));
  const missing = competitions.filter((c) => !known.has(c.id));
  if (missing.length > 0) {
    await db
      .insertInto('competicoes')
      .values(missing.map((c) => ({ id: c.id, nome: c.name, pais: c.country })))
      .execute();
  }

  let inserted = 0;
  for (let offset = 0; offset < days; offset += 1) {
    const start = new Date(`${utcDay(addDays(now, offset))}T00:00:00.000Z`);
    const day = utcDay(start);
    const existing = await db
      .selectFrom('eventos')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('date', '>=', start.toISOString())
      .where('date', '<', addDays(start, 1).toISOString())
      .executeTakeFirst();
    if (Number(existing?.n ?? 0) > 0) continue;
    const fixtures = provider.fixturesForDay(day, now);
    if (fixtures.length === 0) continue;
    await db
      .insertInto('eventos')
      .values(fixtures.map((event) => eventToRow(event, now)))
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    inserted += fixtures.length;
  }
  await ensureModels(db, provider, now);
  return inserted;
}
