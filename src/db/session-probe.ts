import { openRawStore, readRow } from './raw-store.ts';
import type { SessionRecord } from './types.ts';

/** Whether `record` holds a session that has not expired at `now` (what state/session.ts calls authenticated). */
function holdsLiveSession(record: unknown, now: number): boolean {
  const session = (record as Partial<SessionRecord> | undefined)?.session;
  return !!session && Date.parse(session.expires) > now;
}

/**
 * Whether the store holds a live session, read with IndexedDB alone, so that the first screen can be chosen before
 * Dexie (and the rest of the app) has loaded. It creates nothing: a store that does not exist yet stays absent, and
 * an open at the current version never upgrades. Anything unexpected answers false (the app then finds out itself).
 */
export async function probeStoredSession(name: string, now = Date.now()): Promise<boolean> {
  const store = await openRawStore(name, ['kv']);
  if (!store) return false;
  try {
    return holdsLiveSession(await readRow(store, 'kv', 'session'), now);
  } finally {
    store.close();
  }
}
