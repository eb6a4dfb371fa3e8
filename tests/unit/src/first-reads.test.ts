import 'fake-indexeddb/auto';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

// Start-up's first reads (DESIGN §10): the app's first render waits for them, so it must find their answers in the
// store when it reads them (not PENDING, which would draw the screen empty and its rows a render later), and must not
// wait for ever when something never comes.

const session = (id: string) => ({ user: { id, nomeUsuario: id, role: 'usuario' as const }, expires: new Date(Date.now() + 86_400_000).toISOString() });

/** A task later: fake-indexeddb answers on setImmediate, which the fake clock below leaves real. */
const nextTask = () => new Promise<void>((resolve) => setImmediate(resolve));

beforeAll(() => {
  vi.stubGlobal('localStorage', { setItem: () => {}, getItem: () => null });
  vi.stubGlobal('fetch', async () => {
    throw new TypeError('Failed to fetch');
  });
});

// Each test is a fresh start: the app's store (a module-level one) and the database module loaded anew, u1 signed in.
let app: Awaited<ReturnType<typeof load>>;
async function load() {
  const { db } = await import('../../../src/db/instance.ts');
  const firstReads = await import('../../../src/state/first-reads.ts');
  const { upcomingEventsAtom } = await import('../../../src/state/events.ts');
  const { exploreFirstReads } = await import('../../../src/state/explore.ts');
  const { PENDING } = await import('../../../src/state/live-atom.ts');
  const session = await import('../../../src/state/session.ts');
  const { storageStatusAtom } = await import('../../../src/state/storage.ts');
  return { db, ...firstReads, upcomingEventsAtom, exploreFirstReads, PENDING, ...session, storageStatusAtom };
}
beforeEach(async () => {
  vi.resetModules();
  app = await load();
  await app.db.delete();
  await app.db.open();
  await app.db.kv.put({ key: 'session', session: session('u1'), checkedAt: Date.now() });
});
afterEach(() => {
  vi.useRealTimers();
  app.db.close();
});

describe('first reads', () => {
  it('settles once the store has answered what Explore shows and its chunk is in, with the answers in the store', async () => {
    const { appStore, startFirstReads, PENDING } = app;
    let loadChunk: () => void = () => undefined;
    const chunk = new Promise<void>((resolve) => {
      loadChunk = resolve;
    });
    const reads = startFirstReads('/explorar', chunk);
    let settled = false;
    void reads.ready.then(() => {
      settled = true;
    });
    // The store answers first; the render still waits for the screen's chunk.
    await vi.waitFor(() => expect(appStore.get(app.sessionUserAtom)?.id).toBe('u1'));
    await nextTask();
    expect(settled).toBe(false);
    loadChunk();
    await reads.ready;
    // What the first render reads, read now, synchronously: the answers are there.
    expect(appStore.get(app.storageStatusAtom)).toEqual({ state: 'ready' });
    expect(appStore.get(app.sessionStatusAtom)).toBe('authenticated');
    expect(appStore.get(app.sessionUserAtom)?.id).toBe('u1');
    expect(appStore.get(app.upcomingEventsAtom)).toEqual([]);
    const explore = app.exploreFirstReads(appStore.get);
    expect(explore).toHaveLength(2);
    for (const atom of explore) expect(appStore.get(atom)).not.toBe(PENDING);

    // Until stopped it follows the store, so a change before the first render is in it too.
    await app.db.kv.put({ key: 'session', session: session('u2'), checkedAt: Date.now() + 1 });
    await vi.waitFor(() => expect(appStore.get(app.sessionUserAtom)?.id).toBe('u2'));
    // Stopped (the screen follows the store itself by then), it lets go: another store that follows the session sees
    // the next sign-in, the app's store does not.
    reads.stop();
    const { createStore } = await import('jotai');
    const screen = createStore();
    screen.sub(app.sessionUserAtom, () => {});
    await vi.waitFor(() => expect(screen.get(app.sessionUserAtom)?.id).toBe('u2'));
    await app.db.kv.put({ key: 'session', session: session('u3'), checkedAt: Date.now() + 2 });
    await vi.waitFor(() => expect(screen.get(app.sessionUserAtom)?.id).toBe('u3'));
    await nextTask();
    expect(appStore.get(app.storedSessionRecordAtom)).not.toBe(PENDING);
    expect(appStore.get(app.sessionUserAtom)?.id).toBe('u2');
  });

  it('does not hold the first render for ever: a chunk that never loads lets it go after a bound', async () => {
    const { appStore, startFirstReads, PENDING, FIRST_READS_WAIT_MS } = app;
    // The bound is a timer on a fake clock; Dexie's own zero-delay timers are run as they come.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const reads = startFirstReads('/dashboard/fichas', new Promise(() => {}));
    let settled = false;
    void reads.ready.then(() => {
      settled = true;
    });
    while (appStore.get(app.storedSessionRecordAtom) === PENDING) {
      vi.advanceTimersByTime(0);
      await nextTask();
    }
    // The session was answered; the render still waits for the chunk until the bound has passed.
    vi.advanceTimersByTime(FIRST_READS_WAIT_MS - 1);
    await nextTask();
    expect(settled).toBe(false);
    vi.advanceTimersByTime(1);
    await reads.ready;
    reads.stop();
  });
});
