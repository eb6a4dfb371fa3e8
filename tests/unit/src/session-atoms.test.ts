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

describe('sign-out on the screens', () => {
  const store = createStore();

  it('shows the user signed out as soon as the sign-out resolves, offline', async () => {
    await db.kv.put({ key: 'session', session: user('u1'), checkedAt: Date.now() });
    store.sub(sessionStatusAtom, () => {});
    await vi.waitFor(() => expect(store.get(sessionStatusAtom)).toBe('authenticated'));
    expect(await store.set(signOutAtom)).toEqual({ reachedServer: false });
    expect(store.get(sessionStatusAtom)).toBe('unauthenticated');
    expect(store.get(sessionUserAtom)).toBeNull();
  });

  it('follows the store again afterwards: a sign-in in another tab shows', async () => {
    await db.kv.put({ key: 'session', session: user('u2'), checkedAt: Date.now() + 1 });
    await vi.waitFor(() => expect(store.get(sessionUserAtom)?.id).toBe('u2'));
  });
});
