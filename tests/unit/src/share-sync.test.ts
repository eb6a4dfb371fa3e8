import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppDb } from '../../../src/db/app-db.ts';
import { refreshSharedSlip } from '../../../src/sync/resources/shared-slips.ts';
import { shareSlip } from '../../../src/sync/resources/messages.ts';
import { flushOutbox } from '../../../src/sync/outbox/replayer.ts';
import { APPLIERS } from '../../../src/sync/outbox/registry.ts';
import { fetchTransport } from '../../../src/api/outbox-transport.ts';
import { sharedSlipMissingKey } from '../../../src/lib/share-rules.ts';
import { CreateSlipResponseSchema } from '../../../contract/schemas/slips.ts';
import { ConversationResponseSchema } from '../../../contract/schemas/chats.ts';
import { GroupResponseSchema } from '../../../contract/schemas/groups.ts';
import { startTestServer, type TestServer } from '../server/helpers/test-server.ts';
import { expectOk, idemKey, newUser, type Actor } from '../server/helpers/social.ts';
import { selectionFor, upcomingEventIds } from '../server/helpers/betting.ts';
import { fetchAs } from './helpers/fetch-as.ts';

// Sharing a slip from the phone (SPEC §7 Sharing) and the shared slip's card data, against the real server.

let server: TestServer;
let author: Actor;
let reader: Actor;
let slipId: string;
let db: AppDb;
let counter = 0;
let online = true;

beforeAll(async () => {
  server = await startTestServer({ name: 'sqlite', available: true });
  author = await newUser(server, 'shareauth');
  reader = await newUser(server, 'sharereader');
  const [event] = await upcomingEventIds(server, 1);
  const pick = await selectionFor(server, event ?? '', 'ft_result', 'draw');
  slipId = expectOk(await author.send('POST', '/api/client/apostador/fichas/criarFicha', { ficha: [pick], valor: 200 }, idemKey()), CreateSlipResponseSchema, 201).ficha.id;
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await server.close();
});

async function phoneOf(actor: Actor) {
  vi.stubGlobal('fetch', fetchAs(actor, () => online));
  db = new AppDb(`share-sync-${++counter}`);
  await db.kv.put({
    key: 'session',
    session: { user: { id: actor.id, nomeUsuario: actor.nomeUsuario, role: 'usuario' }, expires: new Date(Date.now() + 86_400_000).toISOString() },
    checkedAt: Date.now(),
  });
}

beforeEach(() => {
  online = true;
  vi.stubGlobal('location', new URL('http://localhost:8080/dashboard/comunidade/conversas'));
});

const flush = () => flushOutbox({ db, appliers: APPLIERS, transport: fetchTransport({ origin: () => location.origin }) });

describe('a shared slip read into the store', () => {
  it('stores a slip read by id so it shows offline, and does not ask again while fresh', async () => {
    await phoneOf(reader);
    expect(await refreshSharedSlip(db, { id: slipId, selfId: reader.id, maxAgeMs: 60_000 })).toBe('loaded');
    const row = await db.slips.get(slipId);
    expect(row).toMatchObject({ ownerId: author.id, lists: ['publicas'], data: { valor: 200, usuario: { nomeUsuario: author.nomeUsuario } } });
    expect(await db.syncMeta.get(`slip:${slipId}`)).toMatchObject({ error: null });
    online = false;
    expect(await refreshSharedSlip(db, { id: slipId, selfId: reader.id, maxAgeMs: 60_000 })).toBe('fresh');
    expect(await refreshSharedSlip(db, { id: slipId, selfId: reader.id, maxAgeMs: 0 })).toBe('error');
    // A failed refresh keeps what the phone had.
    expect(await db.slips.get(slipId)).toBeDefined();
  });

  it('says a hidden slip is no longer available and drops the copy, until it is published again', async () => {
    await phoneOf(reader);
    await refreshSharedSlip(db, { id: slipId, selfId: reader.id, maxAgeMs: 0 });
    await author.send('PATCH', `/api/client/apostador/fichas/${slipId}/ocultar`, undefined, idemKey());
    expect(await refreshSharedSlip(db, { id: slipId, selfId: reader.id, maxAgeMs: 0 })).toBe('missing');
    expect(await db.slips.get(slipId)).toBeUndefined();
    expect(await db.syncMeta.get(sharedSlipMissingKey(slipId))).toMatchObject({ error: 'missing' });
    await author.send('PATCH', `/api/client/apostador/fichas/${slipId}/publicar`, undefined, idemKey());
    expect(await refreshSharedSlip(db, { id: slipId, selfId: reader.id, maxAgeMs: 0 })).toBe('loaded');
    expect(await db.syncMeta.get(sharedSlipMissingKey(slipId))).toBeUndefined();
  });
});

describe('sharing through the outbox', () => {
  it('shares offline: the message shows at once and reaches the chat exactly once after reconnecting', async () => {
    await phoneOf(author);
    const conversa = expectOk(await author.get(`/api/client/common/conversas/com/${reader.nomeUsuario}`), ConversationResponseSchema).conversa;
    online = false;
    const mutationId = await shareSlip(db, { userId: author.id, chatType: 'conversa', chatId: conversa.id, fichaId: slipId });
    expect(await db.messages.get(`local:${mutationId}`)).toMatchObject({ chatKey: `conversa:${conversa.id}`, recurso: { tipo: 'ficha', id: slipId }, pendingMutationId: mutationId });
    expect((await flush()).stop).toBe('retry');

    online = true;
    await db.outbox.update(mutationId, { nextAttemptAt: 0 });
    expect((await flush()).sent).toBe(1);
    // A second run (a retry after a lost answer would replay the same key) adds nothing.
    await flush();
    const onServer = await server.db.selectFrom('mensagens').select(['id', 'recurso_id']).where('chat_id', '=', conversa.id).execute();
    expect(onServer.filter((row) => row.recurso_id === slipId)).toHaveLength(1);
    expect(await db.outbox.get(mutationId)).toBeUndefined();
    expect(await db.messages.get(`local:${mutationId}`)).toBeUndefined();
    const stored = await db.messages.where('[chatKey+sortKey]').between([`conversa:${conversa.id}`, ''], [`conversa:${conversa.id}`, '\uffff']).toArray();
    expect(stored.filter((message) => message.recurso?.id === slipId)).toHaveLength(1);
  });

  it('keeps a refused share with the reason (motivo) for the screen', async () => {
    const outsider = await newUser(server, 'shareout');
    const grupo = expectOk(await author.send('POST', '/api/client/common/grupos/criarGrupo', { nome: 'Só admins', allowedSenders: 'admins' }, idemKey()), GroupResponseSchema, 201).grupo;
    await phoneOf(outsider);
    const mutationId = await shareSlip(db, { userId: outsider.id, chatType: 'grupo', chatId: grupo.id, fichaId: slipId });
    expect((await flush()).rejected).toBe(1);
    const entry = await db.outbox.get(mutationId);
    expect(entry).toMatchObject({ state: 'rejected', error: 'Erro ao partilhar', rejection: { motivo: 'Junta-te a este grupo para enviar mensagens' } });
  });
});
