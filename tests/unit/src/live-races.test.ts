import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppDb } from '../../../src/db/app-db.ts';
import { conversationsList, refreshCounters, refreshList } from '../../../src/sync/resources/lists.ts';
import { resetCounter } from '../../../src/sync/resources/social-actions.ts';
import { COUNTER_NAMES, type CounterName } from '../../../contract/schemas/signals.ts';
import { applySignal } from '../../../src/sync/realtime/apply-signal.ts';
import type { Conversation } from '../../../contract/schemas/chats.ts';
import { storeSignedIn } from './helpers/signed-in.ts';

// A snapshot from the server and a live message racing: the conversation list's first page, or the unread counters,
// were asked for before the message, the message is written while the answer is on its way, and the answer is stored
// after it. The phone must still show the message (and its unread badges) rather than the answer's older state
// until the next refresh.

const ana = { id: 'u-ana', nomeUsuario: 'ana' };
const person = (id: string, nomeUsuario: string) => ({ id, nome: nomeUsuario, nomeUsuario, fotografia: null, role: 'usuario' as const });

function conversation(id: string, withId: string, lastMessageAt: string, unread: number): Conversation {
  return {
    id,
    primeiroUsuario: person(withId, withId.slice(2)),
    segundoUsuario: person(ana.id, ana.nomeUsuario),
    novaMensagem: unread > 0,
    lastSender: { id: withId, nome: withId.slice(2) },
    lastMessageAt,
    lastMessage: { message: 'antes', count: unread },
    createdAt: '2026-03-01T09:00:00.000Z',
  };
}

const messageFrom = (sender: string, chatId: string, id: string) => ({
  sinal: {
    mensagem: {
      id,
      chatType: 'conversa',
      chatId,
      sender: { id: sender, nome: sender.slice(2), nomeUsuario: sender.slice(2), fotografia: null },
      mensagem: 'Mais uma',
      imagens: [],
      createdAt: '2026-03-01T10:05:00.000Z',
    },
  },
});

let db: AppDb;
let counter = 0;
/** The page the server answers, and what arrives live while it is on its way. */
let page: Conversation[] = [];
let counters: Partial<Record<CounterName, number>> = {};
let meanwhile: () => Promise<unknown> = async () => undefined;

beforeAll(() => {
  vi.stubGlobal('location', new URL('http://localhost:8080/dashboard/comunidade/conversas'));
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = String(input instanceof Request ? input.url : input);
    const updates = Object.fromEntries(COUNTER_NAMES.map((name) => [name, { count: counters[name] ?? 0 }]));
    let body: string;
    if (url.includes('/conversas/fetch')) body = JSON.stringify({ status: 'success', message: '', conversas: page });
    else if (url.includes('/perfil/mostrarMeusUpdates')) body = JSON.stringify({ status: 'success', message: '', updates });
    else throw new TypeError('Failed to fetch');
    await meanwhile();
    return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
  });
});
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});
beforeEach(async () => {
  // The phone's clock stands still unless a test moves it: "asked for before" is then exact.
  vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-03-01T10:00:00Z') });
  db = new AppDb(`live-races-${++counter}`);
  await storeSignedIn(db, ana);
  meanwhile = async () => undefined;
});

describe('a conversation page fetched before a live message and stored after it', () => {
  it('keeps the row the message left: its preview and its unread badge', async () => {
    page = [conversation('c1', 'u-beto', '2026-03-01T10:00:00.000Z', 0)];
    await refreshList(db, conversationsList(), true);
    expect((await db.conversations.get('c1'))?.data.novaMensagem).toBe(false);

    meanwhile = () => applySignal(db, messageFrom('u-beto', 'c1', 'm1'), ana.id);
    await refreshList(db, conversationsList(), true);
    const row = await db.conversations.get('c1');
    expect(row?.data).toMatchObject({ novaMensagem: true, lastMessage: { message: 'Mais uma', count: 1 }, lastMessageAt: '2026-03-01T10:05:00.000Z' });
  });

  it("keeps a conversation someone's first message opened, though the page does not have it yet", async () => {
    page = [conversation('c1', 'u-beto', '2026-03-01T10:00:00.000Z', 0)];
    await refreshList(db, conversationsList(), true);

    meanwhile = () => applySignal(db, messageFrom('u-carla', 'c2', 'm2'), ana.id);
    await refreshList(db, conversationsList(), true);
    expect((await db.conversations.get('c2'))?.data).toMatchObject({ novaMensagem: true, lastMessage: { message: 'Mais uma', count: 1 } });

    // A page asked for after that message, without the conversation, is the server's word: it goes.
    meanwhile = async () => undefined;
    vi.setSystemTime(Date.now() + 1000);
    await refreshList(db, conversationsList(), true);
    expect(await db.conversations.get('c2')).toBeUndefined();
    expect(await db.conversations.get('c1')).toBeDefined();
  });
});

describe('the unread counters fetched before a change on the phone and stored after it', () => {
  const count = async (name: CounterName) => (await db.counters.get(name))?.count;

  it('keeps the one a live message added, and takes the others from the server', async () => {
    counters = { newMessage: 0, newNotification: 3 };
    meanwhile = () => applySignal(db, messageFrom('u-beto', 'c1', 'm1'), ana.id);
    await refreshCounters(db, { force: true });
    expect(await count('newMessage')).toBe(1);
    expect(await count('newNotification')).toBe(3);

    // Asked for after that message: the server's count is the word again.
    meanwhile = async () => undefined;
    vi.setSystemTime(Date.now() + 1000);
    counters = { newMessage: 4 };
    await refreshCounters(db, { force: true });
    expect(await count('newMessage')).toBe(4);
  });

  it('keeps a reset the server does not have yet at 0', async () => {
    counters = { newGroupMessage: 5 };
    await refreshCounters(db, { force: true });
    expect(await count('newGroupMessage')).toBe(5);

    vi.setSystemTime(Date.now() + 1000);
    await resetCounter(db, ana.id, 'newGroupMessage');
    vi.setSystemTime(Date.now() + 1000);
    await refreshCounters(db, { force: true });
    expect(await count('newGroupMessage')).toBe(0);
  });
});
