import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppDb } from '../../../src/db/app-db.ts';
import { messageRow, pullLatestMessages, pullOlderMessages } from '../../../src/sync/resources/messages.ts';
import { BATCH_MAX_ITEMS } from '../../../contract/schemas/batch.ts';
import type { Mensagem } from '../../../contract/schemas/chats.ts';
import { startTestServer, type TestServer } from '../server/helpers/test-server.ts';
import { newUser, type Actor } from '../server/helpers/social.ts';
import { fetchAs } from './helpers/fetch-as.ts';
import { storeSignedIn } from './helpers/signed-in.ts';

// Paging back through a chat against the real server, with messages written as outboxes deliver them (batches of
// 25, so many share a millisecond): every message reaches the phone, in the server's order, whatever the phone
// already held (live signals, an earlier visit) and however many arrived while it was away.

const G = '/api/client/common/grupos';

let server: TestServer;
let ana: Actor;
let beto: Actor;
let db: AppDb;
let counter = 0;
let requests: string[] = [];

beforeAll(async () => {
  server = await startTestServer({ name: 'sqlite', available: true }, { env: { RATE_LIMIT_MESSAGES_USER: '100000/1m' } });
  ana = await newUser(server, 'pagana');
  beto = await newUser(server, 'pagbeto');
  vi.stubGlobal('location', new URL('http://localhost:8080/dashboard/comunidade/grupos'));
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await server.close();
});

beforeEach(async () => {
  requests = [];
  const send = fetchAs(ana);
  vi.stubGlobal('fetch', (input: Request | string, init?: RequestInit) => {
    requests.push(typeof input === 'string' ? input : input.url);
    return send(input, init);
  });
  db = new AppDb(`message-paging-${++counter}`);
  await storeSignedIn(db, ana);
});

async function openGroup(): Promise<string> {
  const created = await beto.send('POST', `${G}/criarGrupo`, { nome: `Paginas ${counter}` });
  expect(created.status).toBe(201);
  const id = (created.body.grupo as { id: string }).id;
  expect((await ana.get(`${G}/${id}/entrar`)).status).toBe(200);
  return id;
}

/** `count` messages numbered from `from`, in batches of 25 through the outbox's batch endpoint, the two taking turns. */
async function writeInBatches(groupId: string, from: number, count: number): Promise<void> {
  for (let start = from, turn = 0; start < from + count; start += BATCH_MAX_ITEMS, turn += 1) {
    const pedidos = [];
    for (let n = start; n < Math.min(from + count, start + BATCH_MAX_ITEMS); n += 1) {
      pedidos.push({ method: 'POST', path: `${G}/${groupId}/mensagens`, body: { mensagem: `m${n}`, imagens: [] }, idempotencyKey: `t:${randomUUID()}` });
    }
    const writer = turn % 2 === 0 ? beto : ana;
    const sent = await writer.send('POST', '/api/client/common/lote', { pedidos });
    expect((sent.body.respostas as { status: number }[]).every((answer) => answer.status === 201)).toBe(true);
  }
}

/** Every message of the group as the server pages it, newest first. */
async function onServer(groupId: string): Promise<Mensagem[]> {
  const all: Mensagem[] = [];
  let before: string | null = null;
  do {
    const page = await beto.get(`${G}/${groupId}/mensagens?size=100${before ? `&before=${before}` : ''}`);
    all.push(...(page.body.mensagens as Mensagem[]));
    before = page.body.nextBefore as string | null;
  } while (before);
  return all;
}

/** The texts of the group's messages on the phone, in the order the chat shows them. */
async function onPhone(groupId: string): Promise<string[]> {
  const rows = await db.messages.where('[chatKey+sortKey]').between([`grupo:${groupId}`, ''], [`grupo:${groupId}`, '\uffff']).toArray();
  return rows.map((row) => row.mensagem);
}

/** Asks for older messages until the phone is told there are none; returns how many asks that took. */
async function pageToStart(groupId: string): Promise<number> {
  for (let asks = 1; asks <= 100; asks += 1) {
    if ((await pullOlderMessages(db, 'grupo', groupId)) === 'no-more') return asks;
  }
  throw new Error('paging never reached the start');
}

const numbered = (from: number, count: number) => Array.from({ length: count }, (_, index) => `m${from + index}`);

describe('paging back through a chat', () => {
  it('pages written in batches of 25 come back whole and in order, to the first message', async () => {
    const id = await openGroup();
    await writeInBatches(id, 0, 400);
    const server = await onServer(id);
    // The server's order is the order written, though many of a batch were written in the same millisecond.
    expect(server.map((message) => message.mensagem).reverse()).toEqual(numbered(0, 400));

    await pullLatestMessages(db, 'grupo', id);
    await pageToStart(id);
    expect(await onPhone(id)).toEqual(numbered(0, 400));
  });

  it('older pages the phone already holds (from live signals) do not look like the start: the next ask brings older ones', async () => {
    const id = await openGroup();
    await writeInBatches(id, 0, 300);
    // The newest 200 arrived live while the app was open elsewhere, as the realtime applier stores them.
    const live = (await onServer(id)).slice(0, 200);
    await db.messages.bulkPut(live.map(messageRow));

    await pullLatestMessages(db, 'grupo', id);
    const before = (await onPhone(id)).length;
    expect(before).toBe(200);
    // One ask: the pages just before the cursor are all on the phone, so it goes on until one brings something new.
    expect(await pullOlderMessages(db, 'grupo', id)).toBe('loaded');
    expect((await onPhone(id)).length).toBeGreaterThan(before);
    await pageToStart(id);
    expect(await onPhone(id)).toEqual(numbered(0, 300));
  });

  it('what the phone holds from its floor up is the run the server holds, without a hole, after each page', async () => {
    const id = await openGroup();
    await writeInBatches(id, 0, 300);
    // Live signals brought 100 to 299, but missed 150 to 160 (a dropped connection).
    const live = (await onServer(id)).slice(0, 200).filter((message) => !/^m1(5\d|60)$/.test(message.mensagem));
    await db.messages.bulkPut(live.map(messageRow));

    const fromFloor = async () => {
      const meta = await db.syncMeta.get(`messages:grupo:${id}`);
      expect(meta?.floor).toBeDefined();
      const rows = await db.messages.where('[chatKey+sortKey]').between([`grupo:${id}`, meta!.floor!], [`grupo:${id}`, '\uffff']).toArray();
      return rows.map((row) => row.mensagem);
    };
    await pullLatestMessages(db, 'grupo', id);
    expect(await fromFloor()).toEqual(numbered(250, 50));
    // The next page holds nothing new; the one after fills the hole: the floor goes down with each page.
    expect(await pullOlderMessages(db, 'grupo', id)).toBe('loaded');
    expect(await fromFloor()).toEqual(numbered(150, 150));
    expect(await pullOlderMessages(db, 'grupo', id)).toBe('loaded');
    expect(await fromFloor()).toEqual(numbered(50, 250));
  });

  it('more messages than a page while the phone was away are paged in, not skipped, after a refresh', async () => {
    const id = await openGroup();
    await writeInBatches(id, 0, 120);
    await pullLatestMessages(db, 'grupo', id);
    await pageToStart(id);
    expect(await onPhone(id)).toEqual(numbered(0, 120));

    // 130 more while the phone was closed; on opening, the newest page (50) does not reach what it had.
    await writeInBatches(id, 120, 130);
    await pullLatestMessages(db, 'grupo', id);
    await pageToStart(id);
    expect(await onPhone(id)).toEqual(numbered(0, 250));
  });

  it('a refresh of the newest page while reading far back keeps the place paging reached', async () => {
    const id = await openGroup();
    await writeInBatches(id, 0, 250);
    await pullLatestMessages(db, 'grupo', id);
    expect(await pullOlderMessages(db, 'grupo', id)).toBe('loaded');
    expect(await pullOlderMessages(db, 'grupo', id)).toBe('loaded');
    const cursor = (await db.syncMeta.get(`messages:grupo:${id}`))?.cursor;
    await writeInBatches(id, 250, 10);
    await pullLatestMessages(db, 'grupo', id);
    expect((await db.syncMeta.get(`messages:grupo:${id}`))?.cursor).toBe(cursor);
    requests = [];
    expect(await pullOlderMessages(db, 'grupo', id)).toBe('loaded');
    expect(requests).toHaveLength(1);
    expect((await onPhone(id)).slice(0, 2)).toEqual(['m50', 'm51']);
  });

  it('two asks at once fetch the page once', async () => {
    const id = await openGroup();
    await writeInBatches(id, 0, 200);
    await pullLatestMessages(db, 'grupo', id);
    requests = [];
    const [first, second] = await Promise.all([pullOlderMessages(db, 'grupo', id), pullOlderMessages(db, 'grupo', id)]);
    expect([first, second]).toEqual(['loaded', 'loaded']);
    expect(requests).toHaveLength(1);
    expect(await pullOlderMessages(db, 'grupo', id)).toBe('loaded');
    expect(await onPhone(id)).toEqual(numbered(50, 150));
  });
});
