import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { Dexie } from 'dexie';
import { AppDb, SCHEMA_V1, SCHEMA_V2 } from '../../../src/db/app-db.ts';
import { flushOutbox } from '../../../src/sync/outbox/replayer.ts';
import { APPLIERS } from '../../../src/sync/outbox/registry.ts';
import { fakeTransport } from './helpers/fake-transport.ts';

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
    expect(db.verno).toBe(4);
    expect(await db.kv.get('session')).toMatchObject({ session: { user: { nomeUsuario: 'demo' } } });
    expect(await db.events.get('e1')).toMatchObject({ home_name: 'Petro de Luanda' });
    // The new status index works on the old rows.
    expect(await db.events.where('status').equals('NS').count()).toBe(1);
    // Freshness records go with the version 3 clean-up (tested below): the events are simply refreshed once.
    expect(await db.syncMeta.get('events:upcoming')).toBeUndefined();
    // New tables are there and empty.
    expect(await db.outbox.count()).toBe(0);
    expect(await db.messages.count()).toBe(0);
    await db.delete();
  });

  it('upgrades a version 2 store by clearing rows earlier versions kept across users, keeping the outbox and the session', async () => {
    const name = `migration-v2-${Date.now()}`;
    const v2 = new Dexie(name);
    v2.version(2).stores(SCHEMA_V2);
    await v2.open();
    const session = { user: { id: 'u2', nomeUsuario: 'bruno', role: 'usuario' }, expires: '2099-01-01T00:00:00.000Z' };
    await v2.table('kv').bulkPut([
      { key: 'session', session, checkedAt: 1 },
      { key: 'clientId', value: 'phone-1' },
      { key: 'licence', value: { estado: 'habilitada' } },
      { key: 'draftSlip', value: { selections: [], valor: 100 } },
    ]);
    // A conversation and a message a previous user left behind, and that user's change still waiting.
    await v2.table('conversations').put({ id: 'c-of-u1', lastMessageAt: '2026-01-01', data: {} });
    await v2.table('messages').put({ id: 'm1', chatKey: 'conversa:c-of-u1', sortKey: 'a', senderId: 'u1', mensagem: 'x', imagens: [], createdAt: 'a' });
    await v2.table('outbox').put({ mutationId: 3, clientId: 'phone-1', userId: 'u1', kind: 'message.send', state: 'pending' });
    await v2.table('events').put({ id: 'e1', date: '2026-11-22T15:00:00.000Z', status: 'NS' });
    v2.close();

    const db = new AppDb(name);
    await db.open();
    expect(await db.conversations.count()).toBe(0);
    expect(await db.messages.count()).toBe(0);
    expect(await db.kv.get('licence')).toBeUndefined();
    expect(await db.kv.get('draftSlip')).toBeUndefined();
    expect(await db.kv.get('session')).toMatchObject({ session });
    expect(await db.kv.get('clientId')).toMatchObject({ value: 'phone-1' });
    expect(await db.outbox.get(3)).toMatchObject({ userId: 'u1', state: 'pending' });
    expect(await db.events.count()).toBe(1);
    await db.delete();
  });

  it('replays an outbox entry written by the previous version exactly as it was queued', async () => {
    const name = `migration-outbox-${Date.now()}`;
    const v2 = new Dexie(name);
    v2.version(2).stores(SCHEMA_V2);
    await v2.open();
    const session = { user: { id: 'u1', nomeUsuario: 'ana', role: 'usuario' }, expires: '2099-01-01T00:00:00.000Z' };
    await v2.table('kv').put({ key: 'session', session, checkedAt: 1 });
    // As version 2's enqueueMutation wrote it.
    const written = {
      mutationId: 7,
      clientId: 'phone-1',
      userId: 'u1',
      kind: 'message.send',
      method: 'POST',
      path: '/api/client/common/conversas/c1/mensagens',
      body: { mensagem: 'Escrita antes da actualização', imagens: [] },
      schemaVersion: 1,
      state: 'pending',
      attempts: 2,
      nextAttemptAt: 0,
      error: 'Talvez tenha um problema na sua conexão',
      rejection: null,
      createdAt: 1_700_000_000_000,
      ref: null,
    };
    await v2.table('outbox').put(written);
    v2.close();

    const db = new AppDb(name);
    const { schemaVersion: _dropped, ...kept } = written;
    expect(await db.outbox.get(7)).toEqual(kept);
    const sent: { path: string; body: unknown; key: string | undefined }[] = [];
    const report = await flushOutbox({
      db,
      appliers: APPLIERS,
      transport: fakeTransport(db, {
        send: async (entry, headers) => {
          sent.push({ path: entry.path, body: entry.body, key: headers['Idempotency-Key'] });
          return { kind: 'ok', status: 201, body: { status: 'success', message: '' } };
        },
      }),
    });
    expect(report.sent).toBe(1);
    expect(sent).toEqual([{ path: written.path, body: written.body, key: 'phone-1:7' }]);
    expect(await db.outbox.count()).toBe(0);
    await db.delete();
  });
});
