import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppDb } from '../../../src/db/app-db.ts';
import type { OutboxEntry } from '../../../src/db/outbox-types.ts';
import type { RawOutcome } from '../../../src/api/http.ts';
import { enqueueMutation } from '../../../src/sync/outbox/enqueue.ts';
import { discardRejected, flushOutbox, resumePaused, retryRejected } from '../../../src/sync/outbox/replayer.ts';
import { sendableCount } from '../../../src/sync/outbox/app-outbox.ts';
import type { ApplierRegistry } from '../../../src/sync/outbox/appliers.ts';
import { note, queueNote, storeSession } from './helpers/outbox-notes.ts';
import { fakeTransport } from './helpers/fake-transport.ts';

let db: AppDb;
let counter = 0;
let clock = 1_000_000;
let sent: { entry: OutboxEntry; headers: Record<string, string> }[] = [];
let answers: RawOutcome[] = [];

const ok = (body: unknown = { status: 'success', message: '' }): RawOutcome => ({ kind: 'ok', status: 200, body });
const http = (status: number, message = 'Recusado', body: unknown = { status: 'error', message }): RawOutcome => ({
  kind: 'http',
  status,
  message,
  body,
});
const offline: RawOutcome = { kind: 'network', message: 'Talvez tenha um problema na sua conexão' };

// Appliers for the "note" kind (helpers/outbox-notes.ts): the user's name carries what happened to it.

const appliers: ApplierRegistry = {
  note: {
    async applied(store, entry, body) {
      const id = (body as { id?: string }).id ?? 'server';
      await store.users.delete(`local:${entry.mutationId}`);
      await store.users.put({ id, nomeUsuario: 'note', data: note('acknowledged'), seenAt: 0 });
    },
    async rejected(store, entry) {
      await store.users.update(`local:${entry.mutationId}`, { data: note('refused') });
    },
    async discarded(store, entry) {
      await store.users.delete(`local:${entry.mutationId}`);
    },
  },
};

const signInAs = (userId: string) => storeSession(db, userId);
const addNote = (userId = 'u1', text = 'olá') => queueNote(db, userId, text);

function flush() {
  return flushOutbox({
    db,
    appliers,
    now: () => clock,
    random: () => 0.5,
    transport: fakeTransport(db, {
      send: async (entry, headers) => {
        sent.push({ entry, headers });
        return answers.shift() ?? ok();
      },
    }),
  });
}

beforeEach(async () => {
  db = new AppDb(`outbox-test-${++counter}`);
  sent = [];
  answers = [];
  clock = 1_000_000;
  await signInAs('u1');
});

afterEach(async () => {
  await db.delete();
});

describe('enqueue', () => {
  it('writes the optimistic row and the entry together, with monotonic ids', async () => {
    const first = await addNote();
    const second = await addNote();
    expect(second).toBe(first + 1);
    expect(await db.users.get(`local:${first}`)).toBeDefined();
    expect((await db.outbox.get(first))?.state).toBe('pending');
  });

  it('writes neither when the optimistic change fails', async () => {
    await expect(
      enqueueMutation(db, {
        userId: 'u1',
        kind: 'note',
        method: 'POST',
        path: '/x',
        body: null,
        optimistic: async () => {
          throw new Error('disk full');
        },
      }),
    ).rejects.toThrow('disk full');
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('flush outcomes (DESIGN §4)', () => {
  it('sends in order with an Idempotency-Key of clientId:mutationId, applies and deletes on 2xx', async () => {
    const a = await addNote('u1', 'a');
    const b = await addNote('u1', 'b');
    answers = [ok({ status: 'success', id: 'srv-a' }), ok({ status: 'success', id: 'srv-b' })];
    const report = await flush();
    expect(report).toMatchObject({ sent: 2, stop: 'empty' });
    expect(sent.map((call) => (call.entry.body as { text: string }).text)).toEqual(['a', 'b']);
    const clientId = sent[0]?.entry.clientId;
    expect(sent[0]?.headers).toEqual({ 'Idempotency-Key': `${clientId}:${a}`, 'X-Client-Id': clientId });
    expect(sent[1]?.headers['Idempotency-Key']).toBe(`${clientId}:${b}`);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.users.get('srv-a')).toMatchObject({ data: { nome: 'acknowledged' } });
    expect(await db.users.get(`local:${a}`)).toBeUndefined();
  });

  it.each([
    ['a network error', offline],
    ['a 500', http(500, 'Erro')],
    ['a 503', http(503, 'Em manutenção')],
    ['a 429', http(429, 'Devagar')],
  ])('keeps the entry and backs off after %s, then sends the same key again', async (_label, failure) => {
    const id = await addNote();
    answers = [failure];
    const report = await flush();
    expect(report.stop).toBe('retry');
    expect(report.retryAt).toBeGreaterThan(clock);
    const entry = await db.outbox.get(id);
    expect(entry).toMatchObject({ state: 'pending', attempts: 1 });

    expect((await flush()).stop).toBe('backoff');
    expect(sent).toHaveLength(1);

    clock = report.retryAt ?? clock;
    answers = [ok()];
    expect((await flush()).sent).toBe(1);
    expect(sent[1]?.headers['Idempotency-Key']).toBe(sent[0]?.headers['Idempotency-Key']);
  });

  it('backs off longer after each failure, up to a cap', async () => {
    await addNote();
    const delays: number[] = [];
    for (let i = 0; i < 9; i += 1) {
      answers = [offline];
      const report = await flush();
      delays.push((report.retryAt ?? 0) - clock);
      clock = report.retryAt ?? clock;
    }
    expect(delays[1]).toBeGreaterThan(delays[0] ?? 0);
    expect(delays[4]).toBeGreaterThan(delays[3] ?? 0);
    expect(Math.max(...delays)).toBeLessThanOrEqual(60_000);
  });

  it('pauses the whole queue of the user on 401 and resumes when the same user signs in', async () => {
    const a = await addNote('u1', 'a');
    const b = await addNote('u1', 'b');
    answers = [http(401, 'Inicie sessão para continuar')];
    expect((await flush()).stop).toBe('auth');
    expect((await db.outbox.get(a))?.state).toBe('paused');
    expect((await db.outbox.get(b))?.state).toBe('paused');
    expect((await flush()).sent).toBe(0);
    expect(sent).toHaveLength(1);

    expect(await resumePaused(db, 'u1')).toBe(2);
    answers = [ok(), ok()];
    expect((await flush()).sent).toBe(2);
  });

  it('lets nothing overtake a paused entry, even when a later one could be sent', async () => {
    await addNote('u1', 'first');
    answers = [http(401, 'Inicie sessão para continuar')];
    await flush();
    await addNote('u1', 'second');
    expect(await flush()).toMatchObject({ sent: 0, stop: 'auth' });
    expect(sent).toHaveLength(1);
    await resumePaused(db, 'u1');
    answers = [ok(), ok()];
    await flush();
    expect(sent.slice(1).map((call) => (call.entry.body as { text: string }).text)).toEqual(['first', 'second']);
  });

  it('retries instead of pausing when the 401 answers a cookie replaced by a sign-in during the request', async () => {
    const a = await addNote('u1', 'a');
    const report = await flushOutbox({
      db,
      appliers,
      now: () => clock,
      random: () => 0.5,
      transport: fakeTransport(db, {
        send: async () => {
          const record = await db.kv.get('session');
          if (record?.key === 'session') await db.kv.put({ ...record, checkedAt: record.checkedAt + 1_000 });
          return http(401, 'Inicie sessão para continuar');
        },
      }),
    });
    expect(report.stop).toBe('retry');
    expect((await db.outbox.get(a))?.state).toBe('pending');
  });

  it('marks a refused entry with the server message, keeps its row and goes on with the next', async () => {
    const a = await addNote('u1', 'a');
    await addNote('u1', 'b');
    answers = [http(400, 'Aposte pelo menos 100 Kz', { status: 'error', message: 'Aposte pelo menos 100 Kz', ficha: [] }), ok()];
    const report = await flush();
    expect(report).toMatchObject({ sent: 1, rejected: 1, stop: 'empty' });
    expect(await db.outbox.get(a)).toMatchObject({
      state: 'rejected',
      error: 'Aposte pelo menos 100 Kz',
      rejection: { ficha: [] },
    });
    expect(await db.users.get(`local:${a}`)).toMatchObject({ data: { nome: 'refused' } });
  });

  it('retries a refused entry after an edit, at its place and with its key', async () => {
    const a = await addNote('u1', 'a');
    answers = [http(400, 'Não')];
    await flush();
    await retryRejected(db, a, { text: 'a, corrigido' });
    answers = [ok()];
    expect((await flush()).sent).toBe(1);
    expect(sent[1]?.entry.body).toEqual({ text: 'a, corrigido' });
    expect(sent[1]?.headers['Idempotency-Key']).toBe(sent[0]?.headers['Idempotency-Key']);
  });

  it('discards a refused entry and undoes its optimistic row, but never an unsent one', async () => {
    const a = await addNote('u1', 'a');
    const b = await addNote('u1', 'b');
    answers = [http(400, 'Não'), offline];
    await flush();
    expect(await discardRejected(db, appliers, b)).toBe(false);
    expect(await discardRejected(db, appliers, a)).toBe(true);
    expect(await db.outbox.get(a)).toBeUndefined();
    expect(await db.users.get(`local:${a}`)).toBeUndefined();
    expect(await db.outbox.get(b)).toBeDefined();
  });

  it('never sends an entry under another user', async () => {
    await addNote('u1', 'mine');
    await signInAs('u2');
    const theirs = await addNote('u2', 'theirs');
    const report = await flush();
    expect(report.sent).toBe(1);
    expect(sent.map((call) => call.entry.userId)).toEqual(['u2']);
    expect(await db.outbox.get(theirs)).toBeUndefined();
    expect(await db.outbox.count()).toBe(1);

    await signInAs('u1');
    expect((await flush()).sent).toBe(1);
  });

  it('folds an answer into the store only while its author still owns it (the answer came after a sign-out)', async () => {
    const a = await addNote('u1', 'mine');
    const slowAnswer = flushOutbox({
      db,
      appliers,
      now: () => clock,
      transport: fakeTransport(db, {
        send: async () => {
          // The author signs out and someone else signs in while the request is on its way.
          await signInAs('u2');
          return ok({ status: 'success', message: '', id: 'acknowledged' });
        },
      }),
    });
    expect((await slowAnswer).sent).toBe(1);
    expect(await db.outbox.get(a)).toBeUndefined();
    expect(await db.users.get('acknowledged')).toBeUndefined();
  });

  it('counts as still to send only the signed-in user’s entries (Background Sync would otherwise retry for nothing)', async () => {
    await addNote('u1', 'mine');
    await signInAs('u2');
    expect(await sendableCount(db)).toBe(0);
    await addNote('u2', 'theirs');
    expect(await sendableCount(db)).toBe(1);
    await db.kv.put({ key: 'session', session: null, checkedAt: Date.now() });
    expect(await sendableCount(db)).toBe(0);
  });

  it('sends nothing while signed out', async () => {
    await addNote();
    await db.kv.put({ key: 'session', session: null, checkedAt: Date.now(), signOutPending: true });
    expect(await flush()).toMatchObject({ sent: 0, stop: 'signed-out' });
    expect(sent).toHaveLength(0);
  });

  it('sends again, with the same key, an entry left "sending" by a tab that died mid-flight', async () => {
    const a = await addNote();
    await db.outbox.update(a, { state: 'sending' });
    expect((await flush()).sent).toBe(1);
    expect(sent[0]?.entry.mutationId).toBe(a);
  });
});

describe('batches (DESIGN §10: 500 changes on 3G)', () => {
  let batches: OutboxEntry[][] = [];
  let batchAnswers: (RawOutcome[] | RawOutcome)[] = [];
  const flushBatched = () =>
    flushOutbox({
      db,
      appliers,
      now: () => clock,
      random: () => 0.5,
      batch: true,
      transport: fakeTransport(db, {
        send: async (entry, headers) => {
          sent.push({ entry, headers });
          return answers.shift() ?? ok();
        },
        sendBatch: async (items) => {
          batches.push(items.map((item) => item.entry));
          return batchAnswers.shift() ?? items.map(() => ok());
        },
      }),
    });

  beforeEach(() => {
    batches = [];
    batchAnswers = [];
  });

  it('sends the queue in batches of at most 25, in order, and a lone entry alone', async () => {
    for (let i = 0; i < 26; i += 1) await addNote('u1', `n${i}`);
    expect((await flushBatched()).sent).toBe(26);
    expect(batches.map((batch) => batch.length)).toEqual([25]);
    expect(sent).toHaveLength(1);
    expect((sent[0]?.entry.body as { text: string }).text).toBe('n25');
    expect(batches[0]?.map((entry) => (entry.body as { text: string }).text)).toEqual(Array.from({ length: 25 }, (_, i) => `n${i}`));
  });

  it('applies what the server reached, backs off at the first retryable result and keeps the rest waiting', async () => {
    const ids = [await addNote('u1', 'a'), await addNote('u1', 'b'), await addNote('u1', 'c')];
    batchAnswers = [[ok(), http(503, 'Em manutenção')]];
    const report = await flushBatched();
    expect(report).toMatchObject({ sent: 1, stop: 'retry' });
    expect(await db.outbox.get(ids[0] ?? 0)).toBeUndefined();
    expect(await db.outbox.get(ids[1] ?? 0)).toMatchObject({ state: 'pending', attempts: 1 });
    expect(await db.outbox.get(ids[2] ?? 0)).toMatchObject({ state: 'pending', attempts: 0 });
  });

  it('refuses one entry in the middle and goes on with the next', async () => {
    await addNote('u1', 'a');
    const refused = await addNote('u1', 'b');
    await addNote('u1', 'c');
    batchAnswers = [[ok(), http(400, 'Não'), ok()]];
    expect(await flushBatched()).toMatchObject({ sent: 2, rejected: 1, stop: 'empty' });
    expect((await db.outbox.get(refused))?.state).toBe('rejected');
  });

  it('treats a failed batch request as a failure of its first entry', async () => {
    const ids = [await addNote('u1', 'a'), await addNote('u1', 'b')];
    batchAnswers = [offline];
    expect((await flushBatched()).stop).toBe('retry');
    expect(await db.outbox.get(ids[0] ?? 0)).toMatchObject({ state: 'pending', attempts: 1 });
    expect(await db.outbox.get(ids[1] ?? 0)).toMatchObject({ state: 'pending', attempts: 0 });
  });

  it('never puts an entry behind a paused one in a batch', async () => {
    await addNote('u1', 'a');
    const paused = await addNote('u1', 'b');
    await addNote('u1', 'c');
    await db.outbox.update(paused, { state: 'paused' });
    await flushBatched();
    expect(batches).toEqual([]);
    expect(sent.map((call) => (call.entry.body as { text: string }).text)).toEqual(['a']);
  });
});

