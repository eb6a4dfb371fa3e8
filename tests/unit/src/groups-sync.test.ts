import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppDb } from '../../../src/db/app-db.ts';
import { groupsList, refreshList, loadMore } from '../../../src/sync/resources/lists.ts';
import { createGroup, joinGroup, markGroupSeen, refreshGroup } from '../../../src/sync/resources/groups.ts';
import { pullLatestMessages, sendMessage } from '../../../src/sync/resources/messages.ts';
import { flushOutbox } from '../../../src/sync/outbox/replayer.ts';
import { APPLIERS } from '../../../src/sync/outbox/registry.ts';
import { fetchTransport } from '../../../src/api/outbox-transport.ts';
import { compareGroups, hasUnseenMessage, inGroupFilter, type GroupFilter } from '../../../src/lib/group-lists.ts';
import { MSG } from '../../../contract/messages.ts';
import type { Group } from '../../../contract/schemas/groups.ts';
import { startTestServer, type TestServer } from '../server/helpers/test-server.ts';
import { newUser, PNG_1PX, type Actor } from '../server/helpers/social.ts';
import { fetchAs } from './helpers/fetch-as.ts';
import { storeSignedIn } from './helpers/signed-in.ts';

// The group screens' sync against the real server: the list by sub-filter with its pages, a group created offline
// (exactly once on the server), a group's detail with the user removed or the group deleted meanwhile, and a
// message queued to a group that is gone (refused with the reason, nothing else in the queue lost).

const G = '/api/client/common/grupos';
const PLANS = [
  { extensao: 'semanal', valor: 500 },
  { extensao: 'mensal', valor: 1500 },
  { extensao: 'anual', valor: 12_000 },
] as const;

let server: TestServer;
let ana: Actor;
let beto: Actor;
let db: AppDb;
let counter = 0;
let online = true;

beforeAll(async () => {
  server = await startTestServer({ name: 'sqlite', available: true });
  ana = await newUser(server, 'grupana');
  beto = await newUser(server, 'grupbeto');
  vi.stubGlobal('location', new URL('http://localhost:8080/dashboard/comunidade/grupos'));
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await server.close();
});

beforeEach(async () => {
  online = true;
  vi.stubGlobal('fetch', fetchAs(ana, () => online));
  db = new AppDb(`groups-sync-${++counter}`);
  await storeSignedIn(db, ana);
});

const flush = () => flushOutbox({ db, appliers: APPLIERS, transport: fetchTransport({ origin: () => location.origin }) });

async function serverGroup(by: Actor, body: Record<string, unknown>): Promise<Group> {
  const created = await by.send('POST', `${G}/criarGrupo`, body);
  expect(created.status).toBe(201);
  return created.body.grupo as Group;
}

const anaCreatedOnServer = async (nome: string) =>
  (await server.db.selectFrom('grupos').select(['id']).where('criador_id', '=', ana.id).where('nome', '=', nome).execute()).length;

/** The stored groups a filter shows, in the list's order. */
async function shown(filter: GroupFilter): Promise<string[]> {
  const rows = await db.groups.toArray();
  return rows
    .filter((row) => inGroupFilter(row.data, filter))
    .sort(compareGroups)
    .map((row) => row.data.nome);
}

describe('the group list', () => {
  it('stores each sub-filter as the server answers it, pages by the list rules and drops a deleted group on refresh', async () => {
    // A user of its own: the groups the other tests make for Ana are not among hers here.
    const owner = await newUser(server, 'grupmeus');
    vi.stubGlobal('fetch', fetchAs(owner, () => online));
    await storeSignedIn(db, owner);
    const tag = `L${counter}`;
    const mine = await serverGroup(owner, { nome: `${tag} da Ana` });
    const open = await serverGroup(beto, { nome: `${tag} aberto do Beto` });
    const other = await serverGroup(beto, { nome: `${tag} outro do Beto` });
    expect((await owner.get(`${G}/${open.id}/entrar`)).status).toBe(200);

    expect(await refreshList(db, groupsList('meus'), true)).toBe('loaded');
    expect(await shown('meus')).toEqual([mine.nome]);
    expect(await refreshList(db, groupsList('subscricoes'), true)).toBe('loaded');
    expect(await shown('subscricoes')).toEqual([open.nome]);
    expect(await db.syncMeta.get('groups:subscricoes')).toMatchObject({ pages: 1, received: 1, noMore: true, error: null });

    // Tudo, two at a time: 'no more' once fewer than size × pages have arrived (SPEC §4 Lists).
    const small = { ...groupsList('tudo'), pageSize: 2 };
    expect(await refreshList(db, small, true)).toBe('loaded');
    expect(await db.syncMeta.get('groups')).toMatchObject({ pages: 1, received: 2, noMore: false });
    let outcome = await loadMore(db, small);
    while (outcome === 'loaded') outcome = await loadMore(db, small);
    expect(outcome).toBe('no-more');
    const all = await shown('tudo');
    expect(all).toEqual(expect.arrayContaining([mine.nome, open.nome, other.nome]));

    // A failed page stops paging until a refresh succeeds.
    await db.syncMeta.update('groups', { noMore: false });
    online = false;
    expect(await loadMore(db, small)).toBe('error');
    online = true;
    expect(await loadMore(db, small)).toBe('error');
    expect(await refreshList(db, small, true)).toBe('loaded');

    // Beto deletes a group: the next fresh first page takes it out of the store.
    expect((await beto.send('DELETE', `${G}/${other.id}/apagarGrupo`)).status).toBe(200);
    expect(await refreshList(db, groupsList('tudo'), true)).toBe('loaded');
    expect(await db.groups.get(other.id)).toBeUndefined();
    expect(await db.groups.get(open.id)).toBeDefined();
  });

  it('marks a group unread when a message newer than what the user saw arrives, and not for their own', async () => {
    const group = await serverGroup(beto, { nome: `Lidas ${counter}` });
    expect((await ana.get(`${G}/${group.id}/entrar`)).status).toBe(200);
    await refreshList(db, groupsList('subscricoes'), true);
    const first = await db.groups.get(group.id);
    expect(hasUnseenMessage(first!.data, first!.seenUpTo, ana.id)).toBe(false);

    expect((await beto.send('POST', `${G}/${group.id}/mensagens`, { mensagem: 'Bom dia grupo', imagens: [] })).status).toBe(201);
    await refreshList(db, groupsList('subscricoes'), true);
    const after = await db.groups.get(group.id);
    expect(after!.data.lastMessage).toBe('Bom dia grupo');
    expect(hasUnseenMessage(after!.data, after!.seenUpTo, ana.id)).toBe(true);

    await markGroupSeen(db, group.id, after!.data.lastMessageAt!);
    await refreshList(db, groupsList('subscricoes'), true);
    const seen = await db.groups.get(group.id);
    expect(hasUnseenMessage(seen!.data, seen!.seenUpTo, ana.id)).toBe(false);
  });
});

describe('a group created on the phone', () => {
  it('shows at once as waiting, is sent once when back online (a replay changes nothing) and takes the server id', async () => {
    const nome = `Offline ${counter} ${Date.now().toString(36)}`;
    online = false;
    const mutationId = await createGroup(db, {
      userId: ana.id,
      creator: { id: ana.id, nome: 'Ana', nomeUsuario: ana.nomeUsuario, fotografia: null, role: 'usuario' },
      nome,
      imagem: PNG_1PX,
      privado: true,
      allowedSenders: 'admins',
      planos: PLANS.map((plan) => ({ ...plan })),
    });
    const local = await db.groups.get(`local:${mutationId}`);
    expect(local).toMatchObject({ pendingMutationId: mutationId, data: { nome, privado: true, meuPapel: 'criador', totalUsuarios: 1, imagem: PNG_1PX } });
    expect(inGroupFilter(local!.data, 'meus')).toBe(true);

    expect((await flush()).stop).toBe('retry');
    expect(await anaCreatedOnServer(nome)).toBe(0);
    // A list refreshed meanwhile keeps the group made on this phone.
    online = true;
    await db.outbox.update(mutationId, { nextAttemptAt: 0 });
    const entry = await db.outbox.get(mutationId);
    await refreshList(db, groupsList('meus'), true);
    expect(await db.groups.get(`local:${mutationId}`)).toBeDefined();

    expect((await flush()).sent).toBe(1);
    expect(await anaCreatedOnServer(nome)).toBe(1);
    expect(await db.groups.get(`local:${mutationId}`)).toBeUndefined();
    const created = (await db.groups.toArray()).find((row) => row.localId === `local:${mutationId}`);
    expect(created?.data).toMatchObject({ nome, privado: true, allowedSenders: 'admins', meuPapel: 'criador', mustPay: false });
    expect(created?.data.planos).toEqual(PLANS);

    // The same request again (a lost answer, another tab): the Idempotency-Key makes it the same group.
    await db.outbox.add({ ...entry!, state: 'pending', attempts: 0, nextAttemptAt: 0 });
    expect((await flush()).sent).toBe(1);
    expect(await anaCreatedOnServer(nome)).toBe(1);
  });

  it('is refused with the server reason and its row goes when the refusal is discarded', async () => {
    const mutationId = await createGroup(db, {
      userId: ana.id,
      creator: { id: ana.id, nome: 'Ana', nomeUsuario: ana.nomeUsuario, fotografia: null, role: 'usuario' },
      nome: `Recusado ${counter}`,
      imagem: 'data:image/png;base64,AAAA',
      privado: false,
      allowedSenders: 'all',
      planos: [],
    });
    expect((await flush()).rejected).toBe(1);
    expect(await db.outbox.get(mutationId)).toMatchObject({ state: 'rejected', error: MSG.imageProblem });
    expect(await db.groups.get(`local:${mutationId}`)).toBeDefined();
    const { discardRejected } = await import('../../../src/sync/outbox/replayer.ts');
    expect(await discardRejected(db, APPLIERS, mutationId)).toBe(true);
    expect(await db.groups.get(`local:${mutationId}`)).toBeUndefined();
  });
});

describe('a group page', () => {
  it('pulls the detail with members, and says when the user was removed and when the group is gone', async () => {
    const group = await serverGroup(beto, { nome: `Detalhe ${counter}` });
    expect(await joinGroup(db, group.id)).toEqual({ ok: true });
    expect((await db.groups.get(group.id))?.data.meuPapel).toBe('normal');
    expect(await joinGroup(db, group.id)).toEqual({ ok: false, message: MSG.groupUserExists });

    expect(await refreshGroup(db, group.id)).toBe('loaded');
    expect((await db.groupMembers.where('groupId').equals(group.id).toArray()).map((row) => row.userId)).toEqual([ana.id]);

    expect((await beto.get(`${G}/${group.id}/removerUsuario/${ana.id}`)).status).toBe(200);
    expect(await refreshGroup(db, group.id)).toBe('removed');
    expect((await db.groups.get(group.id))?.data.meuPapel).toBeNull();

    expect((await beto.send('DELETE', `${G}/${group.id}/apagarGrupo`)).status).toBe(200);
    expect(await refreshGroup(db, group.id)).toBe('gone');
    expect(await db.groups.get(group.id)).toBeUndefined();
    expect(await db.syncMeta.get(`group:${group.id}`)).toMatchObject({ error: MSG.notFound });
    expect(await refreshGroup(db, '00000000-0000-4000-8000-00000000dead')).toBe('missing');
  });

  it('a message queued to a group deleted meanwhile is refused with the reason; the rest of the queue is sent', async () => {
    const group = await serverGroup(beto, { nome: `Apagado ${counter}` });
    expect(await joinGroup(db, group.id)).toEqual({ ok: true });
    await pullLatestMessages(db, 'grupo', group.id);

    online = false;
    const toGroup = await sendMessage(db, { userId: ana.id, target: { chatType: 'grupo', chatId: group.id }, mensagem: 'Ainda cá estão?', imagens: [] });
    const toBeto = await sendMessage(db, { userId: ana.id, target: { conversaWith: beto.nomeUsuario }, mensagem: 'Olá Beto', imagens: [] });
    expect((await flush()).stop).toBe('retry');
    expect((await beto.send('DELETE', `${G}/${group.id}/apagarGrupo`)).status).toBe(200);

    online = true;
    await db.outbox.toCollection().modify({ nextAttemptAt: 0 });
    const report = await flush();
    expect(report).toMatchObject({ sent: 1, rejected: 1 });
    expect(await db.outbox.get(toGroup)).toMatchObject({ state: 'rejected', error: MSG.notFound });
    expect(await db.outbox.get(toBeto)).toBeUndefined();
    // The refused message stays on the phone, marked by its entry, until the user retries or discards it.
    expect(await db.messages.get(`local:${toGroup}`)).toMatchObject({ chatKey: `grupo:${group.id}`, pendingMutationId: toGroup });
  });
});
