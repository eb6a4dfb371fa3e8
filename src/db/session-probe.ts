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
export function probeStoredSession(name: string, now = Date.now()): Promise<boolean> {
  return new Promise((resolve) => {
    let request: IDBOpenDBRequest;
    try {
      request = indexedDB.open(name);
    } catch {
      resolve(false);
      return;
    }
    // Only a store that does not exist yet is upgraded by an open without a version: leave it to Dexie to create.
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = (event) => {
      event.preventDefault();
      resolve(false);
    };
    request.onblocked = () => resolve(false);
    request.onsuccess = () => {
      const store = request.result;
      const done = (answer: boolean) => {
        store.close();
        resolve(answer);
      };
      try {
        if (!store.objectStoreNames.contains('kv')) return done(false);
        const read = store.transaction('kv', 'readonly').objectStore('kv').get('session');
        read.onsuccess = () => done(holdsLiveSession(read.result, now));
        read.onerror = () => done(false);
      } catch {
        done(false);
      }
    };
  });
}
