import 'fake-indexeddb/auto';
import './helpers/zone-less-awaits.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DBCoreTransaction } from 'dexie';
import { AppDb } from '../../../src/db/app-db.ts';
import type { RawOutcome } from '../../../src/api/http.ts';
import { enqueueMutation } from '../../../src/sync/outbox/enqueue.ts';
import { discardRejected, flushOutbox } from '../../../src/sync/outbox/replayer.ts';
import type { ApplierRegistry } from '../../../src/sync/outbox/appliers.ts';
import { writeForOwner, writeSession } from '../../../src/sync/mirror-owner.ts';
import { applySignal } from '../../../src/sync/realtime/apply-signal.ts';
import { pruneStore } from '../../../src/sync/prune.ts';
import { slipList } from '../../../src/sync/resources/slips.ts';
import { refreshFirstPage, type PagedList } from '../../../src/sync/pull/paged.ts';
import { createStore } from 'jotai';
import { db as appDb } from '../../../src/db/instance.ts';
import { addToSlipAtom } from '../../../src/state/slip-builder.ts';
import type { DraftSelection } from '../../../contract/draft-slip.ts';
import type { Ficha } from '../../../contract/schemas/slips.ts';
import { fakeTransport } from './helpers/fake-transport.ts';

// Every write transaction of the client keeps its reads and writes in that transaction without Dexie's tracking of
// native `await`: in Chromium, with several transactions overlapping, that tracking failed, code after an `await`
// ran outside the transaction, its writes went to transactions of their own (not atomic) and the real one committed
// early (PrematureCommitError). helpers/zone-less-awaits.ts makes Dexie lose the transaction after every `await`,
// as it did there. Each test below asserts what the store holds afterwards and, through a DBCore middleware, that
// every read and write of the operation went through one IndexedDB transaction.

let db: AppDb;
let counter = 0;
interface Operation {
  trans: DBCoreTransaction;
  table: string;
  /** 'read', or the kind of write (add, put, delete, deleteRange). */
  type: string;
}

let recording: Operation[] | null = null;

function openStore(): AppDb {
  const store = new AppDb(`atomic-writes-${++counter}`);
  store.use({
    stack: 'dbcore',
    name: 'record-transactions',
    create: (down) => ({
      ...down,
      table: (name) => {
        const table = down.table(name);
        const note = (trans: DBCoreTransaction, type = 'read') => recording?.push({ trans, table: name, type });
        return {
          ...table,
          get: (request) => (note(request.trans), table.get(request)),
          getMany: (request) => (note(request.trans), table.getMany(request)),
          query: (request) => (note(request.trans), table.query(request)),
          openCursor: (request) => (note(request.trans), table.openCursor(request)),
          count: (request) => (note(request.trans), table.count(request)),
          mutate: (request) => (note(request.trans, request.type), table.mutate(request)),
        };
      },
    }),
  });
  return store;
}

const transactionCount = (operations: Operation[]) => new Set(operations.map((operation) => operation.trans)).size;

/** Runs `work` and says how many IndexedDB transactions its reads and writes used (and how it ended). */
async function transactionsOf(work: () => Promise<unknown>): Promise<{ transactions: number; error: string | null }> {
  recording = [];
  try {
    await work();
    return { transactions: transactionCount(recording), error: null };
  } catch (error) {
    return { transactions: transactionCount(recording), error: error instanceof Error ? error.name : String(error) };
  } finally {
    recording = null;
  }
}

const user = (id: string) => ({ id, nomeUsuario: id, role: 'usuario' as const });

async function signInAs(userId: string) {
  await db.kv.put({ key: 'session', session: { user: user(userId), expires: '2099-01-01T00:00:00.000Z' }, checkedAt: 1 });
}

const seen = (id: string, nome: string) => ({ id, nomeUsuario: id, data: { id, nome, nomeUsuario: id, fotografia: null, role: 'usuario' as const }, seenAt: 0 });

/** The optimistic row of a "note" lives in `users`; its name says what happened to it. */
const appliers: ApplierRegistry = {
  note: {
    async applied(store, entry, body) {
      await store.users.delete(`local:${entry.mutationId}`);
      await store.users.put(seen((body as { id: string }).id, 'acknowledged'));
    },
    async rejected(store, entry) {
      const row = await store.users.get(`local:${entry.mutationId}`);
      if (row) await store.users.put({ ...row, data: { ...row.data, nome: 'refused' } });
    },
    async discarded(store, entry) {
      await store.users.get(`local:${entry.mutationId}`);
      await store.users.delete(`local:${entry.mutationId}`);
    },
  },
  broken: {
    async applied(store, entry) {
      await store.users.delete(`local:${entry.mutationId}`);
      await store.users.put(seen('server-1', 'acknowledged'));
      throw new Error('the answer did not fold');
    },
    async rejected(store, entry) {
      await store.users.delete(`local:${entry.mutationId}`);
      throw new Error('the refusal did not fold');
    },
  },
};

function addNote(kind = 'note') {
  return enqueueMutation(db, {
    userId: 'u1',
    kind,
    method: 'POST',
    path: '/api/notes',
    body: { text: 'olá' },
    optimistic: async (mutationId, tx) => {
      await tx.kv.get('clientId');
      await tx.users.put(seen(`local:${mutationId}`, 'on this phone'));
    },
  });
}

function flushWith(answer: RawOutcome) {
  return flushOutbox({ db, appliers, now: () => 1_000_000, random: () => 0.5, transport: fakeTransport(db, { send: async () => answer }) });
}

beforeEach(async () => {
  db = openStore();
  await signInAs('u1');
});

afterEach(async () => {
  await db.delete();
});

describe('enqueue: the optimistic row and the outbox entry', () => {
  it('are written together, in one transaction', async () => {
    let mutationId = 0;
    const run = await transactionsOf(async () => {
      mutationId = await addNote();
    });
    expect(run).toEqual({ transactions: 1, error: null });
    expect((await db.users.get(`local:${mutationId}`))?.data.nome).toBe('on this phone');
    expect((await db.outbox.get(mutationId))?.state).toBe('pending');
  });

  it('are not written at all when the optimistic change fails after writing', async () => {
    const failing = enqueueMutation(db, {
      userId: 'u1',
      kind: 'note',
      method: 'POST',
      path: '/api/notes',
      body: null,
      optimistic: async (mutationId, tx) => {
        await tx.users.put(seen(`local:${mutationId}`, 'half'));
        throw new Error('disk full');
      },
    });
    await expect(failing).rejects.toThrow('disk full');
    expect(await db.users.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.kv.get('nextMutationId')).toBeUndefined();
  });
});

describe('the outbox’s answers', () => {
  it('an acknowledgement replaces the local row and deletes the entry in one transaction', async () => {
    const mutationId = await addNote();
    // The flush also reads and marks entries in transactions of their own: what must be one is the folding in.
    recording = [];
    const report = await flushWith({ kind: 'ok', status: 200, body: { status: 'success', message: '', id: 'server-1' } });
    const foldingIn = recording.filter((operation) => operation.table === 'users' || (operation.table === 'outbox' && operation.type === 'delete'));
    recording = null;
    expect(foldingIn.map((operation) => `${operation.table}:${operation.type}`)).toEqual(['users:delete', 'users:put', 'outbox:delete']);
    expect(transactionCount(foldingIn)).toBe(1);
    expect(report).toMatchObject({ sent: 1, stop: 'empty' });
    expect(await db.users.get(`local:${mutationId}`)).toBeUndefined();
    expect((await db.users.get('server-1'))?.data.nome).toBe('acknowledged');
    expect(await db.outbox.count()).toBe(0);
  });

  it('an acknowledgement that fails to fold in changes neither the row nor the entry', async () => {
    const mutationId = await addNote('broken');
    await expect(flushWith({ kind: 'ok', status: 200, body: { status: 'success', message: '' } })).rejects.toThrow('the answer did not fold');
    expect((await db.users.get(`local:${mutationId}`))?.data.nome).toBe('on this phone');
    expect(await db.users.get('server-1')).toBeUndefined();
    expect(await db.outbox.get(mutationId)).toBeDefined();
  });

  it('a refusal marks the entry and the row together, or neither', async () => {
    const refusal: RawOutcome = { kind: 'http', status: 400, message: 'Recusado', body: { status: 'error', message: 'Recusado' } };
    const refused = await addNote();
    expect(await flushWith(refusal)).toMatchObject({ rejected: 1 });
    expect((await db.outbox.get(refused))?.state).toBe('rejected');
    expect((await db.users.get(`local:${refused}`))?.data.nome).toBe('refused');

    await db.outbox.clear();
    const broken = await addNote('broken');
    await expect(flushWith(refusal)).rejects.toThrow('the refusal did not fold');
    expect((await db.outbox.get(broken))?.state).not.toBe('rejected');
    expect(await db.users.get(`local:${broken}`)).toBeDefined();
  });

  it('discarding a refused entry undoes its row and removes it in one transaction', async () => {
    const mutationId = await addNote();
    await db.outbox.update(mutationId, { state: 'rejected' });
    const run = await transactionsOf(() => discardRejected(db, appliers, mutationId));
    expect(run).toEqual({ transactions: 1, error: null });
    expect(await db.users.get(`local:${mutationId}`)).toBeUndefined();
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('the session and the mirror’s owner', () => {
  it('a sign-out clears the previous owner’s rows and writes the session in one transaction', async () => {
    await db.users.put(seen('x', 'Alice’s contact'));
    await db.kv.put({ key: 'draftSlip', value: { selections: [], valor: 0 } as never });
    const run = await transactionsOf(() => writeSession(db, { session: null, checkedAt: 2, signOutPending: false }));
    expect(run).toEqual({ transactions: 1, error: null });
    expect(await db.users.count()).toBe(0);
    expect(await db.kv.get('draftSlip')).toBeUndefined();
    expect((await db.kv.get('session'))?.key === 'session' && (await db.kv.get('session'))).toMatchObject({ session: null, checkedAt: 2 });
  });

  it('an answer fetched for Alice that lands while Bruno signs in leaves none of her rows', async () => {
    const late = writeForOwner(db, 'u1', async (tx) => {
      await tx.kv.get('clientId');
      await tx.users.put(seen('alice-contact', 'Alice’s contact'));
    });
    const switched = writeSession(db, { session: { user: user('u2'), expires: '2099-01-01T00:00:00.000Z' }, checkedAt: 2 });
    await Promise.allSettled([late, switched]);
    expect(await db.users.get('alice-contact')).toBeUndefined();
    await expect(switched).resolves.toBeUndefined();
  });

  it('an answer for a previous user writes nothing', async () => {
    await signInAs('u2');
    let wrote = true;
    const run = await transactionsOf(async () => {
      wrote = await writeForOwner(db, 'u1', async (tx) => {
        await tx.users.put(seen('alice-contact', 'Alice’s contact'));
      });
    });
    expect(run.error).toBeNull();
    expect(wrote).toBe(false);
    expect(await db.users.count()).toBe(0);
  });

  it('a live notification is written with its counter in one transaction', async () => {
    const notificacao = { id: 'n1', tipo: 'seguir', mensagem: 'Bruno segue-o', pagamentoId: null, sender: null, counter: 'newNotification', createdAt: '2026-11-21T20:00:00.000Z' };
    await db.counters.put({ name: 'newNotification', count: 2 });
    let applied = false;
    const run = await transactionsOf(async () => {
      applied = await applySignal(db, { sinal: { notificacao } }, 'u1');
    });
    expect(run).toEqual({ transactions: 1, error: null });
    expect(applied).toBe(true);
    expect(await db.notifications.get('n1')).toBeDefined();
    expect((await db.counters.get('newNotification'))?.count).toBe(3);
  });
});

describe('the store’s other writers', () => {
  it('pruning reads and deletes in one transaction', async () => {
    const old = new Date(Date.UTC(2026, 0, 1)).getTime();
    await db.users.bulkPut([seen('a', 'old'), { ...seen('b', 'recent'), seenAt: old + 40 * 86_400_000 }]);
    let report: Awaited<ReturnType<typeof pruneStore>> | undefined;
    const run = await transactionsOf(async () => {
      report = await pruneStore(db, old + 40 * 86_400_000);
    });
    expect(run).toEqual({ transactions: 1, error: null });
    expect(report?.users).toBe(1);
    expect(await db.users.get('a')).toBeUndefined();
    expect(await db.users.get('b')).toBeDefined();
  });

  it('a page of my slips replaces the list in one transaction, keeping the slips still waiting to be sent', async () => {
    const local = { id: 'local:7', ownerId: 'u1', createdAt: '2026-11-21T20:00:00.000Z', lists: ['criadas' as const], data: {} as never };
    await db.slips.bulkPut([local, { ...local, id: 'gone' }]);
    // What the pull reads before its request is not part of the write: the recording starts with the answer.
    const list: PagedList<Ficha> = {
      ...slipList('criadas', 'u1'),
      fetchPage: async () => {
        recording = [];
        return { kind: 'ok', status: 200, data: [] };
      },
    };
    const outcome = await refreshFirstPage(db, list, { maxAgeMs: 0, force: true });
    const written = transactionCount(recording ?? []);
    recording = null;
    expect(outcome).toBe('loaded');
    expect(written).toBe(1);
    expect((await db.slips.toCollection().primaryKeys()).sort()).toEqual(['local:7']);
    expect((await db.syncMeta.get('slips:criadas'))?.pages).toBe(1);
  });
});

describe('the slip being built', () => {
  it('two selections added at once are both kept (each addition reads and writes the slip in one transaction)', async () => {
    const pick = (eventId: string) =>
      ({ event_id: eventId, event_selection: { type: 'ft_result', choice: 'home', odds: 1.5 } }) as unknown as Omit<DraftSelection, 'id'>;
    const store = createStore();
    await Promise.all([store.set(addToSlipAtom, pick('e1')), store.set(addToSlipAtom, pick('e2'))]);
    const stored = await appDb.kv.get('draftSlip');
    expect(stored?.key === 'draftSlip' && stored.value.selections.map((selection) => selection.event_id).sort()).toEqual(['e1', 'e2']);
    await appDb.delete();
  });
});
