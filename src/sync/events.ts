import type { AppDb } from '../db/app-db.ts';
import { writeTransaction } from '../db/store-transaction.ts';
import { fetchEventDetail, fetchUpcomingEvents } from '../api/events.ts';
import { REFRESH_LISTS_MS } from '../../contract/limits.ts';
import { isStale, markFailed, markRefreshed } from './freshness.ts';
import { UPCOMING_EVENTS } from './resource-keys.ts';

/** Pulls the upcoming events into Dexie when the stored copy is older than the list interval (SPEC §9). */
export async function refreshUpcomingEvents(db: AppDb, options: { force?: boolean } = {}): Promise<void> {
  if (!options.force && !(await isStale(db, UPCOMING_EVENTS, REFRESH_LISTS_MS))) return;
  const result = await fetchUpcomingEvents();
  if (result.kind !== 'ok') {
    await markFailed(db, UPCOMING_EVENTS, result.message);
    return;
  }
  const events = result.data.eventos;
  await writeTransaction(db, ['events', 'syncMeta'], async (tx) => {
    const keep = new Set(events.map((event) => event.id));
    const stale = (await tx.events.toCollection().primaryKeys()).filter((id) => !keep.has(id));
    await tx.events.bulkDelete(stale);
    await tx.events.bulkPut(events);
    await markRefreshed(tx, UPCOMING_EVENTS);
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
  await writeTransaction(db, ['eventDetails', 'syncMeta'], async (tx) => {
    await tx.eventDetails.put({ id, data: result.data.evento, refreshedAt: Date.now() });
    await markRefreshed(tx, `event:${id}`);
  });
  return 'loaded';
}
