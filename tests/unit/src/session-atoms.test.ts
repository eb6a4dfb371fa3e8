import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai';
import { db } from '../../../src/db/instance.ts';
import { sessionStatusAtom, sessionUserAtom, signOutAtom } from '../../../src/state/session.ts';

// Sign-out as the screens see it: signed out the moment the action resolves (offline too), and still following the
// store afterwards (another tab's sign-in shows).

const user = (id: string) => ({ user: { id, nomeUsuario: id, role: 'usuario' as const }, expires: new Date(Date.now() + 86_400_000).toISOString() });

beforeAll(async () => {
  vi.stubGlobal('location', new URL('http://localhost:8080/explorar'));
  vi.stubGlobal('localStorage', { setItem: () => {}, getItem: () => null });
  vi.stubGlobal('fetch', async () => {
    throw new TypeError('Failed to fetch');
  });
  await db.open();
});
afterAll(() => {
  vi.unstubAllGlobals();
  db.close();
});

/** A store of the screens whose user (u1) has just signed out on this phone, offline. */
async function signedOut() {
  const store = createStore();
  await db.kv.put({ key: 'session', session: user('u1'), checkedAt: Date.now() });
  store.sub(sessionStatusAtom, () => {});
  await vi.waitFor(() => expect(store.get(sessionStatusAtom)).toBe('authenticated'));
  return { store, result: await store.set(signOutAtom) };
}

describe('sign-out on the screens', () => {
  it('shows the user signed out as soon as the sign-out resolves, offline', async () => {
    const { store, result } = await signedOut();
    expect(result).toEqual({ reachedServer: false });
    expect(store.get(sessionStatusAtom)).toBe('unauthenticated');
    expect(store.get(sessionUserAtom)).toBeNull();
  });

  it('follows the store again afterwards: a sign-in in another tab shows', async () => {
    const { store } = await signedOut();
    expect(store.get(sessionUserAtom)).toBeNull();
    await db.kv.put({ key: 'session', session: user('u2'), checkedAt: Date.now() + 1 });
    await vi.waitFor(() => expect(store.get(sessionUserAtom)?.id).toBe('u2'));
  });
});
