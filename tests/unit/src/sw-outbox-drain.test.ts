import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppDb } from '../../../src/db/app-db.ts';
import type { OutboxEntry } from '../../../src/db/outbox-types.ts';
import { flushOutbox } from '../../../src/sync/outbox/replayer.ts';
import type { ApplierRegistry } from '../../../src/sync/outbox/appliers.ts';
import { drainOutboxFromWorker } from '../../../sw/outbox-drain.ts';
import { note, queueNote, storeSession } from './helpers/outbox-notes.ts';

// The service worker sends the queue with IndexedDB alone (no Dexie, no zod: DESIGN §10) and keeps each answer in its
// entry; the next page folds those answers in with the resources' appliers, without sending anything again (DESIGN §4:
// exactly once, in order, nothing deleted before its acknowledgement).

const ORIGIN = 'https://fichas.example';
let db: AppDb;
let name: string;
let counter = 0;
let requests: { url: string; method: string; headers: Record<string, string>; body: unknown }[] = [];
let reply: (request: { url: string; body: unknown }) => Response | 'offline';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const success = (extra: Record<string, unknown> = {}) => ({ status: 'success', message: '', ...extra });

const fakeFetch: typeof fetch = async (input, init) => {
  const url = String(input);
  const body = init?.body ? JSON.parse(String(init.body)) : null;
  requests.push({ url, method: init?.method ?? 'GET', headers: { ...(init?.headers as Record<string, string>) }, body });
  const answer = reply({ url, body });
  if (answer === 'offline') throw new TypeError('Failed to fetch');
  return answer;
};

const drain = () => drainOutboxFromWorker({ name, fetch: fakeFetch, origin: ORIGIN });

const appliers: ApplierRegistry = {
  note: {
    async applied(store, entry, body) {
      await store.users.delete(`local:${entry.mutationId}`);
      const id = (body as { id?: string }).id ?? 'server';
      await store.users.put({ id, nomeUsuario: 'note', data: note('acknowledged'), seenAt: 0 });
    },
    async rejected(store, entry) {
      await store.users.update(`local:${entry.mutationId}`, { nomeUsuario: 'refused' });
    },
  },
};

const signInAs = (userId: string, extra: { signOutPending?: boolean } = {}) => storeSession(db, userId, extra);
const addNote = (text: string, userId = 'u1') => queueNote(db, userId, text);

const states = async () => (await db.outbox.orderBy('mutationId').toArray()).map((entry) => entry.state);

beforeEach(async () => {
  counter += 1;
  name = `sw-drain-${counter}`;
  db = new AppDb(name);
  await db.open();
  requests = [];
  reply = () => json(200, success());
});

afterEach(() => {
  db.close();
});

describe('drainOutboxFromWorker', () => {
  it('sends one entry on its own path with its Idempotency-Key and keeps the answer for the page', async () => {
    await signInAs('u1');
    const id = await addNote('olá');
    reply = () => json(201, success({ id: 'n-1' }));
    expect(await drain()).toEqual({ answered: 1, waiting: false });
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.url).toBe(`${ORIGIN}/api/notes`);
    expect(request?.method).toBe('POST');
    expect(request?.body).toEqual({ text: 'olá' });
    const entry = (await db.outbox.get(id)) as OutboxEntry;
    expect(request?.headers).toMatchObject({ 'Idempotency-Key': `${entry.clientId}:${id}`, 'X-Client-Id': entry.clientId, 'X-Requested-With': 'fichas' });
    expect(entry.state).toBe('answered');
    expect(entry.answer).toEqual({ status: 201, body: success({ id: 'n-1' }) });
    // The optimistic row is the page's to replace.
    expect(await db.users.get(`local:${id}`)).toBeDefined();
  });

  it('sends several entries in one batch, in order, and the page folds the answers in without sending again', async () => {
    await signInAs('u1');
    const first = await addNote('um');
    const second = await addNote('dois');
    const third = await addNote('três');
    reply = ({ body }) => {
      const pedidos = (body as { pedidos: { idempotencyKey: string }[] }).pedidos;
      return json(200, success({ respostas: pedidos.map((_, index) => (index === 1 ? { status: 400, body: { status: 'error', message: 'Recusado' } } : { status: 201, body: success({ id: `n-${index}` }) })) }));
    };
    expect(await drain()).toEqual({ answered: 3, waiting: false });
    expect(requests.map((request) => request.url)).toEqual([`${ORIGIN}/api/client/common/lote`]);
    const pedidos = (requests[0]?.body as { pedidos: { path: string; idempotencyKey: string }[] }).pedidos;
    expect(pedidos.map((pedido) => pedido.idempotencyKey.split(':')[1])).toEqual([String(first), String(second), String(third)]);
    expect(await states()).toEqual(['answered', 'answered', 'answered']);

    let pageSent = 0;
    const report = await flushOutbox({
      db,
      appliers,
      transport: async () => {
        pageSent += 1;
        return null;
      },
    });
    expect(pageSent).toBe(0);
    expect(report).toMatchObject({ sent: 2, rejected: 1, stop: 'empty' });
    // Acknowledged ones replaced by the server's rows and gone from the queue; the refused one kept for the user.
    expect(await db.users.get('n-0')).toBeDefined();
    expect(await db.users.get('n-2')).toBeDefined();
    expect((await db.users.get(`local:${second}`))?.nomeUsuario).toBe('refused');
    const left = await db.outbox.toArray();
    expect(left.map((entry) => [entry.mutationId, entry.state, entry.error])).toEqual([[second, 'rejected', 'Recusado']]);
  });

  it('keeps everything as it was when offline or when the server fails, and says entries are waiting', async () => {
    await signInAs('u1');
    await addNote('um');
    await addNote('dois');
    reply = () => 'offline';
    expect(await drain()).toEqual({ answered: 0, waiting: true });
    reply = () => json(503, { status: 'error', message: 'Em manutenção' });
    expect(await drain()).toEqual({ answered: 0, waiting: true });
    expect(await states()).toEqual(['pending', 'pending']);
  });

  it('keeps the answers the server gave before an item it asked to retry, and leaves the rest waiting', async () => {
    await signInAs('u1');
    await addNote('um');
    await addNote('dois');
    await addNote('três');
    reply = () => json(200, success({ respostas: [{ status: 201, body: success() }, { status: 500, body: null }] }));
    expect(await drain()).toEqual({ answered: 1, waiting: true });
    expect(await states()).toEqual(['answered', 'pending', 'pending']);
    // A second wake-up sends only what was not answered.
    requests = [];
    reply = ({ body }) => json(200, success({ respostas: (body as { pedidos: unknown[] }).pedidos.map(() => ({ status: 201, body: success() })) }));
    expect(await drain()).toEqual({ answered: 2, waiting: false });
    expect((requests[0]?.body as { pedidos: unknown[] }).pedidos).toHaveLength(2);
    expect(await states()).toEqual(['answered', 'answered', 'answered']);
  });

  it('stops at a 401 and leaves the entry for the page, which pauses the queue until the user signs in again', async () => {
    await signInAs('u1');
    await addNote('um');
    reply = () => json(401, { status: 'error', message: 'Sessão expirada' });
    expect(await drain()).toEqual({ answered: 0, waiting: false });
    expect(await states()).toEqual(['pending']);
  });

  it('sends nothing when signed out, while a sign-out waits to be told, for another user, or behind a paused entry', async () => {
    await addNote('de u1');
    expect(await drain()).toEqual({ answered: 0, waiting: false });
    await signInAs('u1', { signOutPending: true });
    expect(await drain()).toEqual({ answered: 0, waiting: false });
    await signInAs('u2');
    expect(await drain()).toEqual({ answered: 0, waiting: false });
    await signInAs('u1');
    const head = await db.outbox.orderBy('mutationId').first();
    await db.outbox.update(head?.mutationId ?? 0, { state: 'paused' });
    await addNote('atrás');
    expect(await drain()).toEqual({ answered: 0, waiting: false });
    expect(requests).toHaveLength(0);
  });

  it('does nothing, and creates nothing, when the store does not exist', async () => {
    const report = await drainOutboxFromWorker({ name: 'sw-drain-none', fetch: fakeFetch, origin: ORIGIN });
    expect(report).toEqual({ answered: 0, waiting: false });
    expect((await indexedDB.databases()).map((info) => info.name)).not.toContain('sw-drain-none');
  });

  it('runs under the outbox Web Lock when the worker has one', async () => {
    await signInAs('u1');
    await addNote('um');
    const held: string[] = [];
    const locks = { request: async (lock: string, work: () => Promise<unknown>) => {
      held.push(lock);
      return work();
    } } as unknown as LockManager;
    expect(await drainOutboxFromWorker({ name, fetch: fakeFetch, origin: ORIGIN, locks })).toEqual({ answered: 1, waiting: false });
    expect(held).toEqual(['outbox']);
  });
});
