import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppDb } from '../../../src/db/app-db.ts';
import { conversationsList, openConversationWith, refreshList } from '../../../src/sync/resources/lists.ts';
import { markConversationRead } from '../../../src/sync/resources/social-actions.ts';
import { flushOutbox } from '../../../src/sync/outbox/replayer.ts';
import { APPLIERS } from '../../../src/sync/outbox/registry.ts';
import { fetchTransport } from '../../../src/api/outbox-transport.ts';
import { startTestServer, type TestServer } from '../server/helpers/test-server.ts';
import { newUser, type Actor } from '../server/helpers/social.ts';
import { fetchAs } from './helpers/fetch-as.ts';
import { storeSignedIn } from './helpers/signed-in.ts';

// A chat marked read on the phone stays read there while the mark waits to be sent: a conversation page or the
// conversation itself fetched meanwhile (the server still says unread) must not bring the unread badge back.

const C = '/api/client/common/conversas';

let server: TestServer;
let ana: Actor;
let beto: Actor;
let db: AppDb;
let counter = 0;
let online = true;

beforeAll(async () => {
  server = await startTestServer({ name: 'sqlite', available: true });
  ana = await newUser(server, 'lida');
  beto = await newUser(server, 'escreve');
  vi.stubGlobal('location', new URL('http://localhost:8080/dashboard/comunidade/conversas'));
  vi.stubGlobal('fetch', fetchAs(ana, () => online));
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await server.close();
});

beforeEach(async () => {
  online = true;
  db = new AppDb(`conversation-read-${++counter}`);
  await storeSignedIn(db, ana);
});

/** Beto writes to Ana: the conversation is unread for her on the server. */
async function unreadFromBeto(): Promise<string> {
  const sent = await beto.send('POST', `${C}/com/${ana.nomeUsuario}/mensagens`, { mensagem: `Olá ${counter}`, imagens: [] });
  expect(sent.status).toBe(201);
  return (sent.body.mensagem as { chatId: string }).chatId;
}

const serverSaysUnread = async (id: string) =>
  ((await ana.get(`${C}/fetch?pageNumber=1&size=50`)).body.conversas as { id: string; novaMensagem: boolean }[]).find((row) => row.id === id)?.novaMensagem;

describe('a conversation marked read on the phone', () => {
  it('stays read while the mark waits, through a list refresh and an open of the conversation, and is read on the server once sent', async () => {
    const id = await unreadFromBeto();
    await refreshList(db, conversationsList(), true);
    expect((await db.conversations.get(id))?.data.novaMensagem).toBe(true);

    online = false;
    await markConversationRead(db, ana.id, id);
    expect((await db.conversations.get(id))?.data.novaMensagem).toBe(false);
    expect(await db.outbox.count()).toBe(1);

    // Answers given while the server still has it unread.
    online = true;
    expect(await serverSaysUnread(id)).toBe(true);
    await refreshList(db, conversationsList(), true);
    expect((await db.conversations.get(id))?.data.novaMensagem).toBe(false);
    expect(await openConversationWith(db, beto.nomeUsuario)).toEqual({ id });
    expect((await db.conversations.get(id))?.data.novaMensagem).toBe(false);

    expect((await flushOutbox({ db, appliers: APPLIERS, transport: fetchTransport({ origin: () => location.origin }) })).sent).toBe(1);
    expect(await db.outbox.count()).toBe(0);
    expect(await serverSaysUnread(id)).toBe(false);
    // Once the server has it, its answers are taken as they are again.
    await refreshList(db, conversationsList(), true);
    expect((await db.conversations.get(id))?.data.novaMensagem).toBe(false);
    await unreadFromBeto();
    await refreshList(db, conversationsList(), true);
    expect((await db.conversations.get(id))?.data.novaMensagem).toBe(true);
  });
});
