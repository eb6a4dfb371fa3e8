import type { AppDb } from '../db/app-db.ts';
import { fetchUpcomingEvents } from '../api/events.ts';
import { REFRESH_LISTS_MS } from '../../contract/limits.ts';
import { isStale, markFailed, markRefreshed } from './freshness.ts';
import { UPCOMING_EVENTS } from './resources.ts';

/** Pulls the upcoming events into Dexie when the stored copy is older than the list interval (SPEC §9). */
export async function refreshUpcomingEvents(db: AppDb, options: { force?: boolean } = {}): Promise<void> {
  if (!options.force && !(await isStale(db, UPCOMING_EVENTS, REFRESH_LISTS_MS))) return;
  const result = await fetchUpcomingEvents();
  if (result.kind !== 'ok') {
    await markFailed(db, UPCOMING_EVENTS, result.message);
    return;
  }
  const events = result.data.eventos;
  await db.transaction('rw', db.events, db.syncMeta, async () => {
    const keep = new Set(events.map((event) => event.id));
    const stale = (await db.events.toCollection().primaryKeys()).filter((id) => !keep.has(id));
    await db.events.bulkDelete(stale);
    await db.events.bulkPut(events);
    await markRefreshed(db, UPCOMING_EVENTS);
  });
}
