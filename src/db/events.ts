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

/**
 * The next matches at `now`, as the server lists them (server/client/events-repo.ts upcomingEvents): not kicked off
 * yet, or live. Read through the date index from a bound (kick-off at most MATCH_WINDOW_MS ago), never a scan, so a
 * phone offline for a month does not show last month's matches as upcoming.
 */
export function readUpcomingEvents(db: Pick<AppDb, 'events'>, now: number, limit: number): PromiseExtended<StoredEvent[]> {
  const nowIso = new Date(now).toISOString();
  return db.events
    .where('date')
    .aboveOrEqual(new Date(now - MATCH_WINDOW_MS).toISOString())
    .filter((event) => usesLiveOdds(event.status) || (event.date >= nowIso && !isOver(event.status)))
    .limit(limit)
    .toArray();
}
