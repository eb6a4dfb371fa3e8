import type { PromiseExtended } from 'dexie';
import type { AppDb } from './app-db.ts';
import type { StoredEvent } from './types.ts';
import type { VOID_STATUSES } from '../../contract/schemas/events.ts';
import { usesLiveOdds } from '../lib/event-status.ts';

// contract/schemas/events.ts VOID_STATUSES, by type only: its module brings zod, which stays off the screens' path.
type VoidStatus = (typeof VOID_STATUSES)[number];
const VOIDED: Record<VoidStatus, true> = { ABD: true, CANC: true, PST: true };
const isOver = (status: string) => status === 'FT' || Object.hasOwn(VOIDED, status);

/**
 * How long after kick-off a match can still be on: two halves, half-time, stoppage time and a late start. A stored
 * match that kicked off longer ago is over, whatever status the phone last heard (offline it hears nothing new).
 */
export const MATCH_WINDOW_MS = 3 * 60 * 60 * 1000;

/** Upcoming rows read beyond the limit in one request, for the few that turn out to be over (postponed, cancelled). */
const SPARE = 20;

/**
 * The next matches at `now`, as the server lists them (server/events/events-repo.ts upcomingEvents): not kicked off
 * yet, or live. Read through the date index from a bound (kick-off at most MATCH_WINDOW_MS ago), never a scan, so a
 * phone offline for a month does not show last month's matches as upcoming. Two ranged reads of whole rows (one
 * request each) rather than a cursor: a cursor costs the page a task per row, and Explore's first screen waited behind
 * 250 of them on a cold start (DESIGN §10: offline cold start to local data ≤ 1 s). Only when more than SPARE of the
 * next rows are over does it walk the index.
 */
export function readUpcomingEvents(db: Pick<AppDb, 'events'>, now: number, limit: number): PromiseExtended<StoredEvent[]> {
  const nowIso = new Date(now).toISOString();
  const windowStart = new Date(now - MATCH_WINDOW_MS).toISOString();
  const upcoming = (event: StoredEvent) => usesLiveOdds(event.status) || (event.date >= nowIso && !isOver(event.status));
  return db.events
    .where('date')
    .between(windowStart, nowIso, true, false)
    .toArray()
    .then((started) =>
      db.events
        .where('date')
        .aboveOrEqual(nowIso)
        .limit(limit + SPARE)
        .toArray()
        .then((next) => {
          const found = [...started.filter(upcoming), ...next.filter(upcoming)];
          if (found.length >= limit || next.length < limit + SPARE) return found.slice(0, limit);
          return db.events.where('date').aboveOrEqual(windowStart).filter(upcoming).limit(limit).toArray();
        }),
    );
}
