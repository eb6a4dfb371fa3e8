import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppDb } from '../../../src/db/app-db.ts';
import { openRawStore } from '../../../src/db/raw-store.ts';
import { drainPushInbox } from '../../../src/sync/push-inbox.ts';
import { PUSH_INBOX_MAX } from '../../../src/sync/worker-messages.ts';
import { keepPushForPage } from '../../../sw/push-inbox.ts';

// A push reaches the service worker, which keeps its signal in the store with IndexedDB alone (sw/push-inbox.ts: the
// worker bundles no schemas, DESIGN §10); the page validates it with the contract and folds it in like a realtime
// signal (sync/push-inbox.ts).

let db: AppDb;
let name: string;
let counter = 0;

const messageSignal = (id: string, text: string) => ({
  mensagem: {
    id,
    chatType: 'conversa',
    chatId: 'c-1',
    sender: { id: 'joana-id', nome: 'Joana Silva', nomeUsuario: 'joana', fotografia: null },
    mensagem: text,
    imagens: [],
    createdAt: '2026-11-24T10:00:00.000Z',
  },
});

async function signInAs(userId: string) {
  await db.kv.put({
    key: 'session',
    session: { user: { id: userId, nomeUsuario: userId, role: 'usuario' }, expires: new Date(Date.now() + 86_400_000).toISOString() },
    checkedAt: Date.now(),
  });
}

/** What the worker does with a push, on its own connection to the store. */
async function workerKeeps(sinal: unknown): Promise<boolean> {
  const store = await openRawStore(name, ['kv']);
  if (!store) throw new Error('no store');
  try {
    return await keepPushForPage(store, sinal);
  } finally {
    store.close();
  }
}

beforeEach(async () => {
  counter += 1;
  name = `push-inbox-${counter}`;
  db = new AppDb(name);
  await db.open();
});

afterEach(() => {
  db.close();
});

describe('push inbox', () => {
  it('keeps a push for the page, which stores its message once and counts it once, however often it drains', async () => {
    await signInAs('u1');
    expect(await workerKeeps(messageSignal('m-1', 'Olá por push'))).toBe(true);
    expect(await drainPushInbox(db)).toBe(1);
    expect((await db.messages.get('m-1'))?.mensagem).toBe('Olá por push');
    expect((await db.counters.get('newMessage'))?.count).toBe(1);
    expect(await db.kv.get('pushInbox')).toBeUndefined();
    // The same push again (or its realtime twin): nothing changes.
    await workerKeeps(messageSignal('m-1', 'Olá por push'));
    expect(await drainPushInbox(db)).toBe(1);
    expect((await db.counters.get('newMessage'))?.count).toBe(1);
    expect(await drainPushInbox(db)).toBe(0);
  });

  it('drops a malformed signal without losing the good ones next to it', async () => {
    await signInAs('u1');
    await workerKeeps({ mensagem: { id: 3 } });
    await workerKeeps(messageSignal('m-2', 'Boa'));
    expect(await drainPushInbox(db)).toBe(2);
    expect((await db.messages.get('m-2'))?.mensagem).toBe('Boa');
    expect(await db.messages.count()).toBe(1);
    expect(await db.kv.get('pushInbox')).toBeUndefined();
  });

  it('keeps nothing while signed out, and never writes one user’s push into the next user’s phone', async () => {
    expect(await workerKeeps(messageSignal('m-3', 'Ninguém'))).toBe(false);
    await signInAs('u1');
    await workerKeeps(messageSignal('m-4', 'Para u1'));
    await signInAs('u2');
    expect(await drainPushInbox(db)).toBe(1);
    expect(await db.messages.get('m-4')).toBeUndefined();
    expect(await db.kv.get('pushInbox')).toBeUndefined();
  });

  it('keeps at most the newest pushes when the app has not opened for a long time', async () => {
    await signInAs('u1');
    for (let index = 0; index < PUSH_INBOX_MAX + 5; index += 1) await workerKeeps(messageSignal(`m-${index}`, `n.º ${index}`));
    const record = await db.kv.get('pushInbox');
    const items = record?.key === 'pushInbox' ? record.items : [];
    expect(items).toHaveLength(PUSH_INBOX_MAX);
    expect((items[0]?.sinal as ReturnType<typeof messageSignal>).mensagem.id).toBe('m-5');
  });
});
