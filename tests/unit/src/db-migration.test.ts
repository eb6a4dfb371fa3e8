import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { Dexie } from 'dexie';
import { AppDb, SCHEMA_V1 } from '../../../src/db/app-db.ts';

describe('store migrations', () => {
  it('upgrades a version 1 store with data in it, keeping the session and the events', async () => {
    const name = `migration-v1-${Date.now()}`;
    const v1 = new Dexie(name);
    v1.version(1).stores(SCHEMA_V1);
    await v1.open();
    await v1.table('kv').put({
      key: 'session',
      session: { user: { id: 'u1', nomeUsuario: 'demo', role: 'usuario' }, expires: '2099-01-01T00:00:00.000Z' },
      checkedAt: 1,
    });
    await v1.table('events').put({ id: 'e1', date: '2026-11-22T15:00:00.000Z', status: 'NS', home_name: 'Petro de Luanda' });
    await v1.table('syncMeta').put({ resource: 'events:upcoming', refreshedAt: 5, error: null });
    v1.close();

    const db = new AppDb(name);
    await db.open();
    expect(db.verno).toBe(2);
    expect(await db.kv.get('session')).toMatchObject({ session: { user: { nomeUsuario: 'demo' } } });
    expect(await db.events.get('e1')).toMatchObject({ home_name: 'Petro de Luanda' });
    // The new status index works on the old rows.
    expect(await db.events.where('status').equals('NS').count()).toBe(1);
    expect(await db.syncMeta.get('events:upcoming')).toMatchObject({ refreshedAt: 5 });
    // New tables are there and empty.
    expect(await db.outbox.count()).toBe(0);
    expect(await db.messages.count()).toBe(0);
    await db.delete();
  });
});
