import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppDb } from '../../../src/db/app-db.ts';
import { followUser, loadProfileList, refreshUserProfile } from '../../../src/sync/resources/profile.ts';
import { profileListKey } from '../../../src/sync/resources/profile-keys.ts';
import { discardRejected, flushOutbox } from '../../../src/sync/outbox/replayer.ts';
import { APPLIERS } from '../../../src/sync/outbox/registry.ts';
import { fetchTransport } from '../../../src/api/outbox-transport.ts';
import { MSG } from '../../../contract/messages.ts';
import { CreateSlipResponseSchema } from '../../../contract/schemas/slips.ts';
import { FollowResponseSchema } from '../../../contract/schemas/profile.ts';
import { startTestServer, type TestServer } from '../server/helpers/test-server.ts';
import { expectOk, idemKey, newUser, type Actor } from '../server/helpers/social.ts';
import { selectionFor, upcomingEventIds } from '../server/helpers/betting.ts';
import { fetchAs } from './helpers/fetch-as.ts';
import { storeSignedIn } from './helpers/signed-in.ts';

// The profile page's store: someone's profile with its counts, a follow made offline shown at once
// and kept through refreshes until the server's answer replaces it, a refused one undone on discard, and the lists.

const P = '/api/client/common/perfil';

let server: TestServer;
let ana: Actor;
let beto: Actor;
let db: AppDb;
let counter = 0;
let online = true;

const flush = () => flushOutbox({ db, appliers: APPLIERS, transport: fetchTransport({ origin: () => location.origin }) });
const followersOnServer = async () => ((await ana.get(`${P}/${beto.nomeUsuario}/seguidores`)).body.usuarios as { id: string }[]).map((user) => user.id);
const row = async () => (await db.users.get(beto.id))?.data;

beforeAll(async () => {
  server = await startTestServer({ name: 'sqlite', available: true });
  ana = await newUser(server, 'segue');
  beto = await newUser(server, 'seguido');
  vi.stubGlobal('location', new URL('http://localhost:8080/'));
  vi.stubGlobal('fetch', fetchAs(ana, () => online));
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await server.close();
});

beforeEach(async () => {
  online = true;
  db = new AppDb(`profile-sync-${++counter}`);
  await storeSignedIn(db, ana);
});

describe('a profile on the phone', () => {
  it('is stored with its counts and whether I follow; an unknown handle is missing, a failure keeps what was stored', async () => {
    // Someone nobody follows yet (the other tests follow Beto).
    const someone = await newUser(server, 'perfil');
    const stored = async () => (await db.users.get(someone.id))?.data;
    expect(await refreshUserProfile(db, someone.nomeUsuario.toUpperCase())).toBe('loaded');
    expect(await stored()).toMatchObject({ nomeUsuario: someone.nomeUsuario, isFollowing: false, follows: { followers: 0, following: 0 }, nif: { verificado: false } });
    expect((await db.syncMeta.get(`profile:${someone.nomeUsuario}`))?.error).toBeNull();
    expect(await refreshUserProfile(db, 'ninguem_aqui')).toBe('missing');
    online = false;
    expect(await refreshUserProfile(db, someone.nomeUsuario)).toBe('error');
    expect((await stored())?.follows?.followers).toBe(0);
    expect((await db.syncMeta.get(`profile:${someone.nomeUsuario}`))?.error).toBe(MSG.network);
  });

  it('shows a follow made offline at once, keeps it through a refresh while it waits, and takes the server answer once sent', async () => {
    await refreshUserProfile(db, beto.nomeUsuario);
    online = false;
    await followUser(db, { userId: ana.id, target: { id: beto.id, nomeUsuario: beto.nomeUsuario }, follow: true });
    expect(await row()).toMatchObject({ isFollowing: true, follows: { followers: 1 } });
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ kind: 'follow', method: 'POST', ref: { table: 'users', id: beto.id } });
    online = true;
    // The server does not have it yet: its answer must not undo what the phone shows.
    expect(await refreshUserProfile(db, beto.nomeUsuario)).toBe('loaded');
    expect(await row()).toMatchObject({ isFollowing: true, follows: { followers: 1 } });
    expect((await flush()).sent).toBe(1);
    expect(await followersOnServer()).toEqual([ana.id]);
    expect(await row()).toMatchObject({ isFollowing: true, follows: { followers: 1 } });
    // Unfollow, queued and sent: the row follows the server.
    await followUser(db, { userId: ana.id, target: { id: beto.id, nomeUsuario: beto.nomeUsuario }, follow: false });
    expect(await row()).toMatchObject({ isFollowing: false, follows: { followers: 0 } });
    await flush();
    expect(await followersOnServer()).toEqual([]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('keeps a later change shown when an earlier one is acknowledged (follow then unfollow queued offline)', async () => {
    await refreshUserProfile(db, beto.nomeUsuario);
    online = false;
    await followUser(db, { userId: ana.id, target: { id: beto.id, nomeUsuario: beto.nomeUsuario }, follow: true });
    await followUser(db, { userId: ana.id, target: { id: beto.id, nomeUsuario: beto.nomeUsuario }, follow: false });
    expect(await row()).toMatchObject({ isFollowing: false, follows: { followers: 0 } });
    online = true;
    await flush();
    expect(await row()).toMatchObject({ isFollowing: false, follows: { followers: 0 } });
    expect(await followersOnServer()).toEqual([]);
  });

  it('undoes a refused follow on discard (following oneself)', async () => {
    expect(await refreshUserProfile(db, ana.nomeUsuario)).toBe('loaded');
    await followUser(db, { userId: ana.id, target: { id: ana.id, nomeUsuario: ana.nomeUsuario }, follow: true });
    expect((await db.users.get(ana.id))?.data.isFollowing).toBe(true);
    await flush();
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ state: 'rejected', error: MSG.selfFollow });
    expect(await discardRejected(db, APPLIERS, entry?.mutationId ?? 0)).toBe(true);
    expect((await db.users.get(ana.id))?.data).toMatchObject({ isFollowing: false, follows: { followers: 0 } });
  });

  it('lists followers and published slips as pages of ids', async () => {
    expectOk(await ana.send('POST', `${P}/${beto.nomeUsuario}/seguir`, undefined, idemKey()), FollowResponseSchema);
    const [eventId] = await upcomingEventIds(server, 1);
    const pick = await selectionFor(server, eventId ?? '', 'ft_result', 'away');
    const made = expectOk(await beto.send('POST', '/api/client/apostador/fichas/criarFicha', { ficha: [pick], valor: 100 }, idemKey()), CreateSlipResponseSchema, 201);
    const input = { nomeUsuario: beto.nomeUsuario, userId: beto.id, selfId: ana.id };
    expect(await loadProfileList(db, { ...input, kind: 'seguidores' })).toBe('loaded');
    expect((await db.queries.get(profileListKey('seguidores', beto.id)))?.ids).toEqual([ana.id]);
    expect((await db.users.get(ana.id))?.nomeUsuario).toBe(ana.nomeUsuario);
    expect(await loadProfileList(db, { ...input, kind: 'fichas' })).toBe('loaded');
    expect((await db.queries.get(profileListKey('fichas', beto.id)))?.ids).toEqual([made.ficha.id]);
    expect((await db.slips.get(made.ficha.id))?.lists).toEqual(['publicas']);
    // Fresh within the list interval; a next page when the server has no more is 'no-more'.
    expect(await loadProfileList(db, { ...input, kind: 'fichas' })).toBe('fresh');
    expect(await loadProfileList(db, { ...input, kind: 'fichas', more: true })).toBe('no-more');
  });
});
