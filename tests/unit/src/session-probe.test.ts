import 'fake-indexeddb/auto';
import { afterAll, describe, expect, it } from 'vitest';
import { AppDb } from '../../../src/db/app-db.ts';
import { probeStoredSession } from '../../../src/db/session-probe.ts';

// The start-up probe (app/start.tsx) chooses the first screen from the store alone, without Dexie: it must say what
// state/session.ts would say, and must never create the store itself.

const DAY = 86_400_000;
const session = (expiresAt: number) => ({ user: { id: 'u1', nomeUsuario: 'u1', role: 'usuario' as const }, expires: new Date(expiresAt).toISOString() });
const opened: AppDb[] = [];

async function storeWith(name: string, record?: Parameters<AppDb['kv']['put']>[0]): Promise<void> {
  const db = new AppDb(name);
  opened.push(db);
  await db.open();
  if (record) await db.kv.put(record);
  db.close();
}

afterAll(() => {
  for (const db of opened) db.close();
});

describe('probeStoredSession', () => {
  it('answers false for a store that does not exist, and leaves it absent for Dexie to create', async () => {
    expect(await probeStoredSession('probe-none')).toBe(false);
    const names = (await indexedDB.databases()).map((info) => info.name);
    expect(names).not.toContain('probe-none');
    await storeWith('probe-none', { key: 'session', session: session(Date.now() + DAY), checkedAt: 1 });
    expect(await probeStoredSession('probe-none')).toBe(true);
  });

  it('answers true only for a stored session that has not expired', async () => {
    const now = Date.now();
    await storeWith('probe-live', { key: 'session', session: session(now + DAY), checkedAt: now });
    await storeWith('probe-expired', { key: 'session', session: session(now - 1), checkedAt: now });
    await storeWith('probe-signed-out', { key: 'session', session: null, checkedAt: now, signOutPending: true });
    await storeWith('probe-empty');
    expect(await probeStoredSession('probe-live', now)).toBe(true);
    expect(await probeStoredSession('probe-expired', now)).toBe(false);
    expect(await probeStoredSession('probe-signed-out', now)).toBe(false);
    expect(await probeStoredSession('probe-empty', now)).toBe(false);
  });

  it('lets Dexie open the store afterwards at its own version', async () => {
    await storeWith('probe-after', { key: 'session', session: session(Date.now() + DAY), checkedAt: 1 });
    await probeStoredSession('probe-after');
    const db = new AppDb('probe-after');
    opened.push(db);
    await db.open();
    expect((await db.kv.get('session'))?.key).toBe('session');
  });
});
