import type { AppDb } from '../db/app-db.ts';
import { fetchEventDetail, fetchUpcomingEvents } from '../api/events.ts';
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

/** One event with every market (the event page), kept for offline; live events refresh every 60 s (SPEC §9). */
export async function refreshEventDetail(db: AppDb, id: string, options: { maxAgeMs: number }): Promise<'fresh' | 'loaded' | 'error' | 'missing'> {
  const stored = await db.eventDetails.get(id);
  if (stored && Date.now() - stored.refreshedAt < options.maxAgeMs) return 'fresh';
  const result = await fetchEventDetail(id);
  if (result.kind === 'http' && result.status === 404) return 'missing';
  if (result.kind !== 'ok') {
    await markFailed(db, `event:${id}`, result.message);
    return 'error';
  }
  await db.transaction('rw', db.eventDetails, db.syncMeta, async () => {
    await db.eventDetails.put({ id, data: result.data.evento, refreshedAt: Date.now() });
    await markRefreshed(db, `event:${id}`);
  });
  return 'loaded';
}
