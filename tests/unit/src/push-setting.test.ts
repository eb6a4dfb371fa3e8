import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai';

// The settings' notifications toggle: off is this device's choice, kept across starts, and a start with permission
// given does not register the device again until the user turns it back on.

const registerPush = vi.fn(async () => 'registered' as const);
const unregisterPush = vi.fn(async () => undefined);
vi.mock('../../../src/state/lazy-sync.ts', () => ({ loadSync: async () => ({ registerPush, unregisterPush }) }));

const stored = new Map<string, string>();

beforeAll(() => {
  vi.stubGlobal('Notification', { permission: 'granted' });
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => stored.set(key, value),
    removeItem: (key: string) => stored.delete(key),
  });
  vi.stubGlobal('sessionStorage', { getItem: () => null, setItem: () => {} });
});
afterAll(() => {
  vi.unstubAllGlobals();
});
// Each test is a fresh install of the app: nothing stored, no calls yet, the state modules loaded anew.
beforeEach(() => {
  stored.clear();
  registerPush.mockClear();
  unregisterPush.mockClear();
  vi.resetModules();
});

/** The app's push state as a start (a page load) finds it. */
async function start() {
  const push = await import('../../../src/state/push.ts');
  const { sessionUserAtom } = await import('../../../src/state/session.ts');
  return { ...push, sessionUserAtom, store: createStore() };
}

describe('notifications on this device', () => {
  it('is on with permission given, and turning it off stops the registration and keeps the choice', async () => {
    const { pushStateAtom, setPushOnAtom, startPush, store } = await start();
    expect(store.get(pushStateAtom)).toBe('on');

    await store.set(setPushOnAtom, false);
    expect(store.get(pushStateAtom)).toBe('off');
    expect(unregisterPush).toHaveBeenCalledTimes(1);

    startPush('u1');
    await Promise.resolve();
    expect(registerPush).not.toHaveBeenCalled();
  });

  it('a later start still finds it off; turning it on needs a signed-in user and registers the device for them', async () => {
    // Turned off at an earlier start.
    const earlier = await start();
    await earlier.store.set(earlier.setPushOnAtom, false);
    vi.resetModules();
    registerPush.mockClear();

    const { pushStateAtom, setPushOnAtom, sessionUserAtom, store } = await start();
    expect(store.get(pushStateAtom)).toBe('off');
    // The toggle needs a signed-in user: without one nothing is registered and it stays off.
    expect(store.get(sessionUserAtom)).toBeNull();
    expect(await store.set(setPushOnAtom, true)).toBe('unavailable');
    expect(store.get(pushStateAtom)).toBe('off');
    expect(registerPush).not.toHaveBeenCalled();

    const { db } = await import('../../../src/db/instance.ts');
    await db.kv.put({
      key: 'session',
      session: { user: { id: 'u1', nomeUsuario: 'u1', role: 'usuario' }, expires: new Date(Date.now() + 86_400_000).toISOString() },
      checkedAt: Date.now(),
    });
    store.sub(sessionUserAtom, () => {});
    await vi.waitFor(() => expect(store.get(sessionUserAtom)?.id).toBe('u1'));
    expect(await store.set(setPushOnAtom, true)).toBe('registered');
    expect(registerPush).toHaveBeenCalledWith(db, 'u1', { ask: true });
    expect(store.get(pushStateAtom)).toBe('on');
    expect(stored.has('pushOff')).toBe(false);
    db.close();
  });
});
