import { DEFAULT_LIST_SIZE } from '../../contract/limits.ts';
import { MainOddsSchema, type Event } from '../../contract/schemas/events.ts';
import type { Db } from '../db/create-db.ts';
import { addDays } from '../lib/time.ts';

function baseQuery(db: Db) {
  return db
    .selectFrom('eventos')
    .innerJoin('competicoes', 'competicoes.id', 'eventos.competition_id')
    .selectAll('eventos')
    .select('competicoes.nome as competition_name')
    .orderBy('eventos.date')
    .orderBy('eventos.id')
    .limit(DEFAULT_LIST_SIZE);
}

type EventRow = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number];

function toEvent(row: EventRow): Event {
  return {
    id: row.id,
    date: row.date,
    status: row.status,
    competition_id: row.competition_id,
    competition_name: row.competition_name,
    home_id: row.home_id,
    home_name: row.home_name,
    home_position: row.home_position,
    away_id: row.away_id,
    away_name: row.away_name,
    away_position: row.away_position,
    home_goals: row.home_goals,
    away_goals: row.away_goals,
    elapsed: row.elapsed,
    odds: MainOddsSchema.parse(JSON.parse(row.odds)),
    odds_live: row.odds_live ? MainOddsSchema.parse(JSON.parse(row.odds_live)) : null,
    probability: MainOddsSchema.parse(JSON.parse(row.probability)),
  };
}

/** Every event of one UTC day, in kick-off order. */
export async function eventsOfDay(db: Db, dayStart: Date): Promise<Event[]> {
  const rows = await baseQuery(db)
    .where('eventos.date', '>=', dayStart.toISOString())
    .where('eventos.date', '<', addDays(dayStart, 1).toISOString())
    .execute();
  return rows.map(toEvent);
}

/**
 * What is still to come in the next 7 days: live matches and matches not yet kicked off. A match past kick-off that
 * is still NS has no live data yet (the simulator is a later issue) and is left out rather than shown as upcoming.
 */
export async function upcomingEvents(db: Db, now: Date): Promise<Event[]> {
  const rows = await baseQuery(db)
    .where('eventos.date', '<', addDays(now, 7).toISOString())
    .where('eventos.status', '!=', 'FT')
    .where((eb) => eb.or([eb('eventos.status', '!=', 'NS'), eb('eventos.date', '>=', now.toISOString())]))
    .execute();
  return rows.map(toEvent);
}
