import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { db } from '../../../src/db/instance.ts';
import { appStore, startFirstReads } from '../../../src/state/first-reads.ts';
import { upcomingEventsAtom } from '../../../src/state/events.ts';
import { exploreFirstReads } from '../../../src/state/explore.ts';
import { PENDING } from '../../../src/state/live-atom.ts';
import { sessionStatusAtom, sessionUserAtom, storedSessionRecordAtom } from '../../../src/state/session.ts';
import { storageStatusAtom } from '../../../src/state/storage.ts';

// Start-up's first reads (issue 16): the app's first render waits for them, so it must find their answers in the store
// when it reads them (not PENDING, which would draw the screen empty and its rows a render later), and must not wait
// for ever when something never comes.

const session = (id: string) => ({ user: { id, nomeUsuario: id, role: 'usuario' as const }, expires: new Date(Date.now() + 86_400_000).toISOString() });

beforeAll(async () => {
  vi.stubGlobal('localStorage', { setItem: () => {}, getItem: () => null });
  vi.stubGlobal('fetch', async () => {
    throw new TypeError('Failed to fetch');
  });
  await db.open();
  await db.kv.put({ key: 'session', session: session('u1'), checkedAt: Date.now() });
});
afterAll(() => {
  vi.unstubAllGlobals();
  db.close();
});

describe('first reads', () => {
  it('settles once the store has answered what Explore shows and its chunk is in, with the answers in the store', async () => {
    let chunkLoaded = false;
    const chunk = new Promise<void>((resolve) => setTimeout(resolve, 50)).then(() => {
      chunkLoaded = true;
    });
    const reads = startFirstReads('/explorar', chunk);
    await reads.ready;
    expect(chunkLoaded).toBe(true);
    // What the first render reads, read now, synchronously: the answers are there.
    expect(appStore.get(storageStatusAtom)).toEqual({ state: 'ready' });
    expect(appStore.get(sessionStatusAtom)).toBe('authenticated');
    expect(appStore.get(sessionUserAtom)?.id).toBe('u1');
    expect(appStore.get(upcomingEventsAtom)).toEqual([]);
    const explore = exploreFirstReads(appStore.get);
    expect(explore).toHaveLength(2);
    for (const atom of explore) expect(appStore.get(atom)).not.toBe(PENDING);

    // Until stopped it follows the store, so a change before the first render is in it too.
    await db.kv.put({ key: 'session', session: session('u2'), checkedAt: Date.now() + 1 });
    await vi.waitFor(() => expect(appStore.get(sessionUserAtom)?.id).toBe('u2'));
    // Stopped (the screen follows the store itself by then), it lets go.
    reads.stop();
    await db.kv.put({ key: 'session', session: session('u3'), checkedAt: Date.now() + 2 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(appStore.get(storedSessionRecordAtom)).not.toBe(PENDING);
    expect(appStore.get(sessionUserAtom)?.id).toBe('u2');
  });

  it('does not hold the first render for ever: a chunk that never loads lets it go after a bound', async () => {
    const reads = startFirstReads('/dashboard/fichas', new Promise(() => {}));
    // Settles although the chunk never does (the test would time out otherwise); the session was answered meanwhile.
    await reads.ready;
    expect(appStore.get(storedSessionRecordAtom)).not.toBe(PENDING);
    reads.stop();
  });
});
