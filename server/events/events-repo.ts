import { DEFAULT_LIST_SIZE } from '../../contract/limits.ts';
import {
  LIVE_STATUSES,
  MainOddsSchema,
  VOID_STATUSES,
  type Event,
  type EventDetail,
  type EventStats,
} from '../../contract/schemas/events.ts';
import type { Db } from '../db/create-db.ts';
import type { EventoModelosTable } from '../db/schema.ts';
import { addDays } from '../lib/time.ts';
import { eventQuery, type EventRow } from '../sports/events-query.ts';
import { timeline } from '../sports/match-clock.ts';
import { readMarkets } from '../sports/markets-repo.ts';

function baseQuery(db: Db) {
  return eventQuery(db).orderBy('eventos.date').orderBy('eventos.id').limit(DEFAULT_LIST_SIZE);
}

function toEvent(row: EventRow): Event {
  return {
    ...row,
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
 * is still NS (the simulator is off, or has not reached it yet) is left out rather than shown as upcoming.
 */
export async function upcomingEvents(db: Db, now: Date): Promise<Event[]> {
  const rows = await baseQuery(db)
    .where('eventos.date', '<', addDays(now, 7).toISOString())
    .where('eventos.status', 'not in', ['FT', ...VOID_STATUSES])
    .where((eb) => eb.or([eb('eventos.status', 'in', LIVE_STATUSES), eb('eventos.date', '>=', now.toISOString())]))
    .execute();
  return rows.map(toEvent);
}

/** Matches being played now (LIVE or HT), in kick-off order. */
export async function liveEvents(db: Db): Promise<Event[]> {
  return (await baseQuery(db).where('eventos.status', 'in', LIVE_STATUSES).execute()).map(toEvent);
}

/** Half-time numbers exist once the first half is over; everything is null before kick-off. */
export function statsOf(model: EventoModelosTable | undefined): EventStats | null {
  if (!model || model.clock === null) return null;
  const { h1End } = timeline({ stoppage1: model.stoppage_1, stoppage2: model.stoppage_2, abandonAt: null });
  const pastHalf = model.clock >= h1End;
  return {
    halftime: pastHalf ? { home: model.h1_home_goals, away: model.h1_away_goals } : null,
    corners: { home: model.home_corners, away: model.away_corners },
    halftimeCorners: pastHalf ? { home: model.h1_home_corners, away: model.h1_away_corners } : null,
  };
}

/** One event with every market (SPEC §9) and its stats; undefined for an unknown id. */
export async function eventDetail(db: Db, id: string): Promise<EventDetail | undefined> {
  const row = await baseQuery(db).where('eventos.id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const model = await db.selectFrom('evento_modelos').selectAll().where('evento_id', '=', id).executeTakeFirst();
  // A real feed says where its prices came from (a plan without live odds keeps the pre-match ones); the simulator
  // prices every live match live.
  const feed = await db.selectFrom('feed_jogos').select('precos').where('evento_id', '=', id).executeTakeFirst();
  const event = toEvent(row);
  const played = (LIVE_STATUSES as readonly string[]).includes(event.status);
  const odds_source = feed?.precos === 'live' || feed?.precos === 'prematch' ? feed.precos : played ? 'live' : 'prematch';
  return { ...event, mercados: await readMarkets(db, id), estatisticas: statsOf(model), odds_source };
}
