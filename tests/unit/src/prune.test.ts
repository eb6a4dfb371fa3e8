import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppDb } from '../../../src/db/app-db.ts';
import { messageSortKey, type StoredMessage, type StoredSlip } from '../../../src/db/mirror-types.ts';
import type { Ficha } from '../../../contract/schemas/slips.ts';
import { pruneStore, RETENTION } from '../../../src/sync/prune.ts';
import { enqueueMutation } from '../../../src/sync/outbox/enqueue.ts';
import { COMPETITIONS_QUERY } from '../../../src/sync/resource-keys.ts';

// The store is pruned by age and by size; whatever has unsent work stays.

const NOW = Date.parse('2026-11-22T12:00:00.000Z');
const DAY = 86_400_000;
const iso = (daysAgo: number) => new Date(NOW - daysAgo * DAY).toISOString();

let db: AppDb;
let counter = 0;

beforeEach(async () => {
  db = new AppDb(`prune-${++counter}`);
  await db.kv.put({
    key: 'session',
    session: { user: { id: 'me', nomeUsuario: 'eu', role: 'usuario' }, expires: '2099-01-01T00:00:00.000Z' },
    checkedAt: 1,
  });
});
afterEach(async () => {
  await db.delete();
});

function message(id: string, daysAgo: number, extra: Partial<StoredMessage> = {}): StoredMessage {
  const createdAt = iso(daysAgo);
  return { id, chatKey: 'conversa:c1', sortKey: messageSortKey(createdAt, id), senderId: 'me', mensagem: id, imagens: [], createdAt, ...extra };
}

const person = (id: string) => ({ id, nome: id, nomeUsuario: id, fotografia: null, role: 'usuario' as const });

function slip(id: string, lists: StoredSlip['lists'], extra: Partial<StoredSlip> = {}): StoredSlip {
  const data = { id, _id: id, usuario: person('other'), selecoes: [], valor: 100, multiplicador: 1, retorno: 100 } as unknown as Ficha;
  return { id, ownerId: 'other', createdAt: iso(60), lists, data, ...extra };
}

describe('pruning the store', () => {
  it('drops messages past their age, keeps unsent ones, and lets the chat page again from its newest page', async () => {
    await db.messages.bulkPut([
      message('old', RETENTION.messages.days + 1),
      message('recent', 1),
      message('local:9', RETENTION.messages.days + 1, { pendingMutationId: 9 }),
    ]);
    await db.syncMeta.put({ resource: 'messages:conversa:c1', refreshedAt: 1, error: null, cursor: 'old', noMore: true });
    expect((await pruneStore(db, NOW)).messages).toBe(1);
    expect((await db.messages.toArray()).map((row) => row.id).sort()).toEqual(['local:9', 'recent']);
    expect(await db.syncMeta.get('messages:conversa:c1')).toBeUndefined();
  });

  it('keeps at most the newest messages the size allows', async () => {
    const rows = Array.from({ length: RETENTION.messages.rows + 3 }, (_, index) => message(`m${String(index).padStart(5, '0')}`, 1 - index / 10_000));
    await db.messages.bulkPut(rows);
    await db.messages.put(message('local:1', 2, { pendingMutationId: 1 }));
    expect((await pruneStore(db, NOW)).messages).toBe(4);
    expect(await db.messages.get('m00000')).toBeUndefined();
    expect(await db.messages.get('m00003')).toBeUndefined();
    expect(await db.messages.get('m00004')).toBeDefined();
    expect(await db.messages.get('local:1')).toBeDefined();
  });

  it('drops old notifications, users not seen for a while (never the signed-in user) and event pages not refreshed', async () => {
    const note = (id: string, daysAgo: number) => ({
      id,
      sortKey: messageSortKey(iso(daysAgo), id),
      data: { id, tipo: 'ficha', mensagem: id, pagamentoId: null, sender: null, recurso: null, lida: false, createdAt: iso(daysAgo) },
    });
    await db.notifications.bulkPut([note('n-old', RETENTION.notifications.days + 1), note('n-new', 1)]);
    await db.users.bulkPut([
      { id: 'stale', nomeUsuario: 'stale', data: person('stale'), seenAt: NOW - (RETENTION.users.days + 1) * DAY },
      { id: 'me', nomeUsuario: 'eu', data: person('me'), seenAt: NOW - (RETENTION.users.days + 1) * DAY },
      { id: 'fresh', nomeUsuario: 'fresh', data: person('fresh'), seenAt: NOW - DAY },
    ]);
    const detail = { id: 'e1' } as never;
    await db.eventDetails.bulkPut([
      { id: 'e-old', data: detail, refreshedAt: NOW - (RETENTION.eventDetails.days + 1) * DAY },
      { id: 'e-new', data: detail, refreshedAt: NOW - DAY },
    ]);
    await db.syncMeta.put({ resource: 'event:e-old', refreshedAt: 1, error: null });
    expect(await pruneStore(db, NOW)).toMatchObject({ notifications: 1, users: 1, eventDetails: 1 });
    expect((await db.notifications.toArray()).map((row) => row.id)).toEqual(['n-new']);
    expect((await db.users.toArray()).map((row) => row.id).sort()).toEqual(['fresh', 'me']);
    expect((await db.eventDetails.toArray()).map((row) => row.id)).toEqual(['e-new']);
    expect(await db.syncMeta.get('event:e-old')).toBeUndefined();
  });

  it('keeps users while a follow waits to be sent', async () => {
    await db.users.put({ id: 'stale', nomeUsuario: 'stale', data: { ...person('stale'), isFollowing: true }, seenAt: 0 });
    await enqueueMutation(db, { userId: 'me', kind: 'follow', method: 'POST', path: '/api/client/common/perfil/stale/seguir', body: null });
    expect((await pruneStore(db, NOW)).users).toBe(0);
    expect(await db.users.get('stale')).toBeDefined();
  });

  it('drops old searches and the slips only they showed; keeps my lists, slips with changes waiting, and the competitions', async () => {
    await db.queries.bulkPut([
      { key: 'explore:fichas:velha', ids: ['s-search'], refreshedAt: NOW - (RETENTION.queries.days + 1) * DAY },
      { key: 'explore:fichas:nova', ids: ['s-current'], refreshedAt: NOW - DAY },
      { key: COMPETITIONS_QUERY, ids: [], competitions: [], refreshedAt: 0 },
    ]);
    await db.slips.bulkPut([
      slip('s-search', ['publicas']),
      slip('s-current', ['publicas']),
      slip('s-mine', ['guardadas']),
      slip('s-seen-long-ago', ['publicas']),
      slip('s-seen-now', ['publicas']),
      slip('s-waiting', ['publicas']),
      slip('local:3', ['criadas'], { pendingMutationId: 3 }),
    ]);
    await db.syncMeta.bulkPut([
      { resource: 'slip:s-seen-long-ago', refreshedAt: NOW - (RETENTION.slipsSeen.days + 1) * DAY, error: null },
      { resource: 'slip:s-seen-now', refreshedAt: NOW - DAY, error: null },
    ]);
    await enqueueMutation(db, { userId: 'me', kind: 'slip.save', method: 'POST', path: '/x', body: null, ref: { table: 'slips', id: 's-waiting' } });
    expect(await pruneStore(db, NOW)).toMatchObject({ queries: 1, slips: 2 });
    expect((await db.queries.toArray()).map((row) => row.key).sort()).toEqual([COMPETITIONS_QUERY, 'explore:fichas:nova'].sort());
    expect((await db.slips.toArray()).map((row) => row.id).sort()).toEqual(['local:3', 's-current', 's-mine', 's-seen-now', 's-waiting']);
    expect(await db.syncMeta.get('slip:s-seen-long-ago')).toBeUndefined();
    expect(await db.outbox.count()).toBe(1);
  });
});
