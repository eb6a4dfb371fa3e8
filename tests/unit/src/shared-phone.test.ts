import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createStore, type Atom } from 'jotai';
import { db } from '../../../src/db/instance.ts';
import { refreshSession, signIn, signOut } from '../../../src/sync/session-actions.ts';
import { conversationsList, groupsList, refreshCounters, refreshList, roomsList } from '../../../src/sync/resources/lists.ts';
import { refreshNotifications } from '../../../src/sync/resources/notifications.ts';
import { refreshLicence, refreshProfile } from '../../../src/sync/resources/account.ts';
import { pullLatestMessages, sendMessage } from '../../../src/sync/resources/messages.ts';
import { createSlip, slipAction, slipList, slipRequestBody } from '../../../src/sync/resources/slips.ts';
import { refreshExplore } from '../../../src/sync/resources/explore.ts';
import { refreshOnlineUsers } from '../../../src/sync/realtime/connect.ts';
import { applySignal } from '../../../src/sync/realtime/apply-signal.ts';
import { outboxRunner } from '../../../src/sync/outbox/app-outbox.ts';
import { conversationsAtom, countersAtom, groupsAtom, messagesAtom, roomsAtom } from '../../../src/state/community.ts';
import { slipAtom, slipListAtom } from '../../../src/state/slips.ts';
import { exploreSlipsAtom, exploreUsersAtom } from '../../../src/state/explore.ts';
import { addToSlipAtom, draftSlipAtom } from '../../../src/state/slip-builder.ts';
import { onlineUserIdsAtom } from '../../../src/state/realtime.ts';
import { myOutboxAtom } from '../../../src/state/outbox.ts';
import { sessionUserAtom } from '../../../src/state/session.ts';
import { PENDING } from '../../../src/state/live-atom.ts';
import type { SlipModel } from '../../../src/state/slip-model.ts';
import { ORIGIN } from '../server/helpers/http.ts';
import { startTestServer, type TestServer } from '../server/helpers/test-server.ts';
import { actor, anonymous, idemKey, newUser, type Actor } from '../server/helpers/social.ts';
import { selectionFor, upcomingEventIds } from '../server/helpers/betting.ts';

// A shared phone: after one person signs out and another signs in, nothing of the first is shown, on line or off,
// and the first person's unsent changes wait for them (never sent under the second), then go when they are back.

let server: TestServer;
let alice: Actor;
let bruno: Actor;
/** Whose cookie the phone holds: the stub below plays the browser's cookie jar. */
let signedIn: Actor | null = null;
let online = true;
/** A request held back (a slow network) until the test releases it. */
let holdPath: string | null = null;
let holding = false;
let release: () => void = () => {};

function json(body: unknown): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

beforeAll(async () => {
  server = await startTestServer({ name: 'sqlite', available: true });
  alice = await actor(server, 'demo');
  bruno = await newUser(server, 'partilha');
  const byName = new Map([alice, bruno].map((who) => [who.nomeUsuario, who]));
  vi.stubGlobal('location', new URL(`${ORIGIN}/explorar`));
  vi.stubGlobal('localStorage', { setItem: () => {}, getItem: () => null });
  vi.stubGlobal('fetch', async (input: Request | string, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    if (!online) throw new TypeError('Failed to fetch');
    const url = new URL(request.url);
    const cookieHolder = signedIn;
    if (holdPath && url.pathname === holdPath) {
      holdPath = null;
      holding = true;
      await new Promise<void>((resolve) => (release = resolve));
    }
    // Auth.js's own pages: the cookie changes hands here.
    if (url.pathname === '/api/auth/csrf') return json({ csrfToken: 'token' });
    if (url.pathname === '/api/auth/signout') {
      signedIn = null;
      return json({ url: `${ORIGIN}/` });
    }
    if (url.pathname === '/api/auth/callback/credentials') {
      signedIn = byName.get(new URLSearchParams(await request.text()).get('userData') ?? '') ?? null;
      return json({ url: `${ORIGIN}/explorar` });
    }
    if (url.pathname === '/api/auth/session' && !cookieHolder) return json({});
    const body = request.method === 'GET' ? undefined : await request.text();
    const headers = new Headers(request.headers);
    headers.set('origin', ORIGIN);
    headers.set('sec-fetch-site', 'same-origin');
    return (cookieHolder ?? anonymous(server)).raw(url.pathname + url.search, { method: request.method, headers, ...(body ? { body } : {}) });
  });
  await db.open();
});

afterAll(async () => {
  vi.unstubAllGlobals();
  db.close();
  await server.close();
});

const store = createStore();

/** The atom's value once its live query has caught up with `done` (a bounded wait, so a failure says what it saw). */
async function shown<T>(target: Atom<T>, done: (value: T) => boolean): Promise<T> {
  const unsubscribe = store.sub(target, () => {});
  try {
    for (let tries = 0; tries < 200; tries += 1) {
      const value = store.get(target);
      if (value !== PENDING && done(value)) return value;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`the atom never showed what was expected; it shows ${JSON.stringify(store.get(target), replacer)}`);
  } finally {
    unsubscribe();
  }
}

function replacer(_key: string, value: unknown) {
  return value instanceof Map ? Object.fromEntries(value) : value instanceof Set ? [...value] : value;
}

const asArray = <T>(value: T[] | typeof PENDING | undefined) => (value === PENDING || value === undefined ? [] : value);

async function signInAs(who: Actor): Promise<void> {
  expect(await signIn(db, { userData: who.nomeUsuario, password: 'irrelevant', callbackUrl: '/explorar' })).toEqual({ ok: true });
  await shown(sessionUserAtom, (user) => user?.id === who.id);
}

/** Everything a signed-in screen pulls, for whoever is signed in. */
async function refreshEverything(selfId: string): Promise<void> {
  await refreshList(db, conversationsList(), true);
  await refreshList(db, groupsList(), true);
  await refreshList(db, roomsList(), true);
  for (const filtro of ['criadas', 'guardadas', 'ocultas'] as const) await refreshList(db, slipList(filtro, selfId), true);
  await refreshCounters(db, { force: true });
  await refreshNotifications(db, { force: true });
  await refreshLicence(db, { force: true });
  await refreshProfile(db, { force: true });
  await refreshOnlineUsers(db, selfId);
  await refreshExplore(db, { kind: 'fichas', key: EXPLORE_SLIPS, params: { fichaCategoria: 'novas' } }, { selfId, force: true });
  await refreshExplore(db, { kind: 'comunidade', key: EXPLORE_USERS, params: {} }, { selfId, force: true });
}

const EXPLORE_SLIPS = 'explore:fichas:novas';
const EXPLORE_USERS = 'explore:comunidade';
const counterSignal = (id: string) => ({
  sinal: {
    notificacao: { id, tipo: 'ficha', mensagem: 'A tua ficha foi ganha', pagamentoId: null, sender: null, counter: 'newFichaUpdate', createdAt: new Date().toISOString() },
  },
});

/** What Alice had on the phone, to look for afterwards. */
const aliceRows = { conversationIds: [] as string[], chatKey: '', slipIds: [] as string[], groupIds: [] as string[] };

/**
 * A slip as only Alice may see it: one of her lists (her published slips still show to others as public slips), or
 * marked as saved (she saved Bruno's; he saved nothing).
 */
const hersOnly = (row: { ownerId: string; lists: string[]; data: { guardada: boolean } }) =>
  (row.ownerId === alice.id && row.lists.some((list) => list !== 'publicas')) || row.data.guardada;
const shownAsHers = (slip: SlipModel) => (slip.ficha.usuario.id === alice.id && !slip.ficha.publicada) || slip.ficha.guardada;

async function expectNothingOfAlice(): Promise<void> {
  // The store itself: nothing of hers is left to show, whatever reads it.
  expect(await db.conversations.bulkGet(aliceRows.conversationIds)).toEqual(aliceRows.conversationIds.map(() => undefined));
  expect((await db.groups.bulkGet(aliceRows.groupIds)).filter((row) => row && row.data.meuPapel !== null)).toEqual([]);
  expect(await db.messages.where('[chatKey+sortKey]').between([aliceRows.chatKey, ''], [aliceRows.chatKey, '\uffff']).count()).toBe(0);
  expect(await db.slips.filter(hersOnly).count()).toBe(0);
  expect(await db.notifications.get('alice-notification')).toBeUndefined();
  expect(await db.users.where('nomeUsuario').equals(alice.nomeUsuario).count()).toBe(0);
  for (const key of ['licence', 'profile', 'draftSlip', 'onlineUsers'] as const) {
    expect(JSON.stringify((await db.kv.get(key)) ?? null), key).not.toContain(alice.id);
  }
  // Every personal read atom.
  await shown(conversationsAtom, (rows) => !asArray(rows).some((row) => aliceRows.conversationIds.includes(row.id)));
  await shown(groupsAtom, (rows) => !asArray(rows).some((row) => aliceRows.groupIds.includes(row.id) && row.meuPapel !== null));
  await shown(messagesAtom(aliceRows.chatKey as `conversa:${string}`, 50), (rows) => asArray(rows).length === 0);
  await shown(countersAtom, (counters) => (counters.get('newFichaUpdate') ?? 0) !== 7);
  for (const list of ['criadas', 'guardadas', 'ocultas'] as const) {
    await shown(slipListAtom(list), (rows) => !asArray(rows).some((slip) => slip.ficha.usuario.id === alice.id || slip.ficha.guardada));
  }
  for (const id of aliceRows.slipIds) await shown(slipAtom(id), (slip) => slip !== PENDING && (slip === undefined || !shownAsHers(slip)));
  await shown(exploreSlipsAtom(EXPLORE_SLIPS), (rows) => !asArray(rows).some(shownAsHers));
  await shown(draftSlipAtom, (draft) => draft.selections.length === 0);
  await shown(onlineUserIdsAtom, (ids) => !ids.has(alice.id));
  await shown(myOutboxAtom, (entries) => entries.length === 0);
}

describe('a phone shared by two people', () => {
  // One story, in four acts that each need the one before: Alice's rows and her message waiting in the outbox.
  it('Alice, then Bruno, then Alice again: each sees only their own rows, and her waiting message goes once, as hers', async () => {
    // Alice sees her own rows while she is signed in.
    await signInAs(alice);
    // A slip of her own and one of Bruno's that she saves, both through the phone's outbox.
    const [first = '', second = ''] = await upcomingEventIds(server, 2);
    const owner = { id: alice.id, nome: 'Demo', nomeUsuario: alice.nomeUsuario, fotografia: null };
    await createSlip(db, { owner, selections: [await selectionFor(server, first, 'ft_result', 'home')], valor: 100, oddsChange: false });
    const body = slipRequestBody([await selectionFor(server, second, 'ft_result', 'away')], 100, false);
    const theirs = await bruno.send('POST', '/api/client/apostador/fichas/criarFicha', body, idemKey());
    await slipAction(db, { userId: alice.id, slipId: (theirs.body as { ficha: { id: string } }).ficha.id, action: 'slip.save' });
    await outboxRunner(db).poke();
    expect(await db.outbox.count()).toBe(0);
    await refreshEverything(alice.id);
    const conversations = await shown(conversationsAtom, (rows) => asArray(rows).length > 0);
    aliceRows.conversationIds = asArray(conversations).map((row) => row.id);
    aliceRows.chatKey = `conversa:${aliceRows.conversationIds[0]}`;
    await pullLatestMessages(db, 'conversa', aliceRows.conversationIds[0] ?? '');
    await applySignal(db, counterSignal('alice-notification'), alice.id);
    await db.counters.put({ name: 'newFichaUpdate', count: 7 });
    const { id: _id, ...building } = await selectionFor(server, second, 'ft_result', 'draw');
    await store.set(addToSlipAtom, building);

    const made = asArray(await shown(slipListAtom('criadas'), (rows) => asArray(rows).length > 0));
    const saved = asArray(await shown(slipListAtom('guardadas'), (rows) => asArray(rows).length > 0));
    expect(saved.every((slip) => slip.ficha.guardada)).toBe(true);
    aliceRows.slipIds = [...made, ...saved].map((slip) => slip.id);
    // Groups are listed to everyone; hers are the ones she has a place in.
    const groups = asArray(await shown(groupsAtom, (rows) => asArray(rows).length > 0));
    aliceRows.groupIds = groups.filter((row) => row.meuPapel !== null).map((row) => row.id);
    expect(aliceRows.groupIds.length).toBeGreaterThan(0);
    expect(asArray(await shown(messagesAtom(aliceRows.chatKey as `conversa:${string}`, 50), (rows) => asArray(rows).length > 0)).length).toBeGreaterThan(0);
    expect((await shown(countersAtom, (counters) => counters.size > 0)).get('newFichaUpdate')).toBe(7);
    expect(await db.notifications.get('alice-notification')).toBeDefined();
    expect(await db.kv.get('licence')).toBeDefined();
    expect(await db.kv.get('profile')).toBeDefined();
    expect((await shown(draftSlipAtom, (draft) => draft.selections.length > 0)).selections).toHaveLength(1);
    expect((await shown(onlineUserIdsAtom, (ids) => ids.size > 0)).has(alice.id)).toBe(true);

    // Signed out offline with a message unsent: nothing of hers is shown, and her message waits for her.
    online = false;
    await sendMessage(db, { userId: alice.id, target: { chatType: 'conversa', chatId: aliceRows.conversationIds[0] ?? '' }, mensagem: 'Enviada depois', imagens: [] });
    expect(await signOut(db)).toEqual({ reachedServer: false });
    await shown(sessionUserAtom, (user) => user === null);
    await expectNothingOfAlice();
    // Signed out, the phone holds no one's rows at all, only what is the same for everyone.
    for (const table of [db.conversations, db.groups, db.groupMembers, db.rooms, db.messages, db.notifications, db.counters, db.users, db.slips]) {
      expect(await table.count(), table.name).toBe(0);
    }
    expect(await db.queries.get(EXPLORE_USERS)).toBeUndefined();
    expect(await db.syncMeta.get('conversations')).toBeUndefined();
    await shown(roomsAtom, (rows) => asArray(rows).length === 0);
    await shown(exploreUsersAtom(EXPLORE_USERS), (rows) => rows === undefined);
    // Her change is still on the phone, hers, waiting; the phone's events stay.
    expect(await db.outbox.where('userId').equals(alice.id).count()).toBe(1);

    // Bruno signs in on the same phone: he sees none of her rows, on line or off, and her message is not sent as his.
    online = true;
    await signInAs(bruno);
    await outboxRunner(db).poke();
    await refreshEverything(bruno.id);
    await expectNothingOfAlice();
    online = false;
    await refreshSession(db);
    await expectNothingOfAlice();
    online = true;

    const onServer = await server.db.selectFrom('mensagens').select('id').where('mensagem', '=', 'Enviada depois').execute();
    expect(onServer).toHaveLength(0);
    const waiting = await db.outbox.where('userId').equals(alice.id).toArray();
    expect(waiting.map((entry) => entry.state)).toEqual(['pending']);

    // Alice signs in again: her message is delivered, as hers, exactly once.
    expect(await signOut(db)).toEqual({ reachedServer: true });
    await signInAs(alice);
    // Nothing else pokes the outbox here: signing in is what sends her waiting change.
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0));
    const delivered = await server.db.selectFrom('mensagens').select(['id', 'sender_id']).where('mensagem', '=', 'Enviada depois').execute();
    expect(delivered.map((row) => row.sender_id)).toEqual([alice.id]);
  });

  it('a different user signing in without a sign-out first (a session the server ended) also clears the previous rows', async () => {
    signedIn = alice;
    await refreshSession(db);
    await shown(sessionUserAtom, (user) => user?.id === alice.id);
    await refreshEverything(alice.id);
    await shown(conversationsAtom, (rows) => asArray(rows).length > 0);
    // Alice's cookie is replaced by Bruno's (another tab signed him in); the phone learns it on its next refresh.
    signedIn = bruno;
    await refreshSession(db);
    await shown(sessionUserAtom, (user) => user?.id === bruno.id);
    expect(await db.conversations.count()).toBe(0);
    expect(await db.slips.where('ownerId').equals(alice.id).count()).toBe(0);
  });

  it('a screen opened again after the switch never shows the value it held for the previous user', async () => {
    signedIn = alice;
    await refreshSession(db);
    await refreshList(db, conversationsList(), true);
    await shown(conversationsAtom, (rows) => asArray(rows).length > 0);
    // The screen closes (the atom is unmounted, jotai keeps its last value); Bruno takes over.
    signedIn = bruno;
    await refreshSession(db);
    await shown(sessionUserAtom, (user) => user?.id === bruno.id);
    const first = store.get(conversationsAtom);
    expect(first === PENDING ? [] : first).toEqual([]);
  });

  it('an answer fetched for Alice that arrives after she signed out is dropped', async () => {
    signedIn = alice;
    await refreshSession(db);
    holdPath = '/api/client/common/conversas/fetch';
    holding = false;
    const late = refreshList(db, conversationsList(), true);
    await vi.waitFor(() => expect(holding).toBe(true));
    expect(await signOut(db)).toEqual({ reachedServer: true });
    release();
    await late;
    expect(await db.conversations.count()).toBe(0);
    expect(await db.syncMeta.get('conversations')).toBeUndefined();
  });
});
