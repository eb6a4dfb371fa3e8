import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppDb } from '../../../src/db/app-db.ts';
import { findStoredRoom, refreshRoom, ROOM_KEEP_MS, roomsList } from '../../../src/sync/resources/rooms.ts';
import { loadMore, refreshList } from '../../../src/sync/resources/lists.ts';
import { sendMessage } from '../../../src/sync/resources/messages.ts';
import { ROOMS_QUERY, roomMetaKey } from '../../../src/sync/resource-keys.ts';
import { startTestServer, type TestServer } from '../server/helpers/test-server.ts';
import { newUser, type Actor } from '../server/helpers/social.ts';
import { createMatch } from '../server/helpers/betting.ts';
import { fetchAs } from './helpers/fetch-as.ts';

// Match rooms in the phone's store: the list in the server's order (live first), paged by 50 with the list rules of
// SPEC §4, and a room opened by event id kept with its match so it opens offline, even once its match left the list.

let server: TestServer;
let user: Actor;
let db: AppDb;
let counter = 0;
let online = true;
let liveId = '';
let finishedId = '';

const HOUR = 3_600_000;

beforeAll(async () => {
  server = await startTestServer({ name: 'sqlite', available: true });
  user = await newUser(server, 'salas');
  liveId = await createMatch(server, { kickoff: new Date(Date.now() - 30 * 60_000) });
  await server.db.updateTable('eventos').set({ status: 'LIVE', elapsed: 31, home_goals: 2, away_goals: 1 }).where('id', '=', liveId).execute();
  finishedId = await createMatch(server, { kickoff: new Date(Date.now() - 3 * HOUR) });
  await server.db.updateTable('eventos').set({ status: 'FT', elapsed: 90, home_goals: 0, away_goals: 3 }).where('id', '=', finishedId).execute();
  await createMatch(server, { kickoff: new Date(Date.now() + 2 * HOUR) });
  await createMatch(server, { kickoff: new Date(Date.now() + 3 * HOUR) });
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await server.close();
});

beforeEach(() => {
  online = true;
  vi.stubGlobal('location', new URL('http://localhost:8080/dashboard/comunidade/salas'));
  vi.stubGlobal('fetch', fetchAs(user, () => online));
  db = new AppDb(`rooms-sync-${++counter}`);
});

async function listedIds(): Promise<string[]> {
  return (await db.queries.get(ROOMS_QUERY))?.ids ?? [];
}

describe('the rooms list in the store', () => {
  it('keeps the server order (live first, then by kick-off) with each match, and shows it offline', async () => {
    expect(await refreshList(db, roomsList())).toBe('loaded');
    const ids = await listedIds();
    expect(ids.length).toBeGreaterThan(2);
    const rooms = (await db.rooms.bulkGet(ids)).map((row) => row?.data);
    expect(rooms[0]?.eventId).toBe(liveId);
    // The match as the server holds it now (another test moves its minute and score on).
    const live = await server.db.selectFrom('eventos').select(['status', 'elapsed', 'home_goals', 'away_goals']).where('id', '=', liveId).executeTakeFirstOrThrow();
    expect(live.status).toBe('LIVE');
    expect(rooms[0]?.evento).toMatchObject(live);
    expect(rooms.some((room) => room?.eventId === finishedId)).toBe(false);
    const kickOffs = rooms.filter((room) => room?.evento?.status === 'NS').map((room) => room?.evento?.date ?? '');
    expect([...kickOffs].sort()).toEqual(kickOffs);
    expect((await db.rooms.get(ids[0] ?? ''))?.eventId).toBe(liveId);

    online = false;
    expect(await refreshList(db, roomsList(), true)).toBe('error');
    expect((await db.syncMeta.get('rooms'))?.error).toBe('Talvez tenha um problema na sua conexão');
    expect(await listedIds()).toEqual(ids);
  });

  it('pages on in order and says no more once fewer than page size × pages arrive; a failed page stops paging', async () => {
    const all = await refreshList(db, roomsList()).then(listedIds);
    const small = { ...roomsList(), pageSize: 2 };
    expect(await refreshList(db, small, true)).toBe('loaded');
    expect(await listedIds()).toEqual(all.slice(0, 2));
    expect(await loadMore(db, small)).toBe('loaded');
    expect(await listedIds()).toEqual(all.slice(0, 4));

    online = false;
    expect(await loadMore(db, small)).toBe('error');
    online = true;
    // Paging stays stopped after an error until a refresh succeeds.
    expect(await loadMore(db, small)).toBe('error');
    expect(await refreshList(db, small, true)).toBe('loaded');
    let outcome = await loadMore(db, small);
    while (outcome === 'loaded') outcome = await loadMore(db, small);
    expect(outcome).toBe('no-more');
    expect(await listedIds()).toEqual(all);
    expect((await db.syncMeta.get('rooms'))?.noMore).toBe(true);
  });
});

describe('one room by room id or event id', () => {
  it('opens by event id, keeps the room with its match, and is fresh for 60 s', async () => {
    const outcome = await refreshRoom(db, liveId, { maxAgeMs: 60_000 });
    expect(outcome.kind).toBe('loaded');
    const stored = await findStoredRoom(db, liveId);
    expect(stored?.eventId).toBe(liveId);
    expect(stored?.data.evento).toMatchObject({ id: liveId, status: 'LIVE', elapsed: 31 });
    expect(outcome).toEqual({ kind: 'loaded', roomId: stored?.id });
    expect(await refreshRoom(db, liveId, { maxAgeMs: 60_000 })).toEqual({ kind: 'fresh', roomId: stored?.id });
    expect(await refreshRoom(db, stored?.id ?? '', { maxAgeMs: 60_000 })).toEqual({ kind: 'fresh', roomId: stored?.id });

    await server.db.updateTable('eventos').set({ elapsed: 33, home_goals: 3 }).where('id', '=', liveId).execute();
    expect((await refreshRoom(db, liveId, { maxAgeMs: 60_000, force: true })).kind).toBe('loaded');
    expect((await findStoredRoom(db, liveId))?.data.evento).toMatchObject({ elapsed: 33, home_goals: 3 });
  });

  it('says missing for an unknown id, and an error offline while the stored copy stays', async () => {
    expect(await refreshRoom(db, '00000000-0000-4000-8000-000000000000', { maxAgeMs: 60_000 })).toEqual({ kind: 'missing' });
    await refreshRoom(db, finishedId, { maxAgeMs: 60_000 });
    const stored = await findStoredRoom(db, finishedId);
    expect(stored?.data.evento?.status).toBe('FT');

    online = false;
    expect(await refreshRoom(db, finishedId, { maxAgeMs: 60_000, force: true })).toEqual({ kind: 'error', message: 'Talvez tenha um problema na sua conexão' });
    expect((await db.syncMeta.get(roomMetaKey(stored?.id ?? '')))?.error).toBe('Talvez tenha um problema na sua conexão');
    expect(await findStoredRoom(db, finishedId)).toEqual(stored);
    expect(await refreshRoom(db, 'never-seen', { maxAgeMs: 60_000 })).toEqual({ kind: 'error', message: 'Talvez tenha um problema na sua conexão' });
  });

  it('a room opened lately stays when a list refresh no longer has it; one opened long ago goes', async () => {
    await refreshRoom(db, finishedId, { maxAgeMs: 60_000 });
    const finished = await findStoredRoom(db, finishedId);
    expect(await refreshList(db, roomsList(), true)).toBe('loaded');
    expect(await listedIds()).not.toContain(finished?.id);
    expect(await findStoredRoom(db, finishedId)).toBeDefined();

    await db.syncMeta.update(roomMetaKey(finished?.id ?? ''), { refreshedAt: Date.now() - ROOM_KEEP_MS - 1 });
    // A message written to it and still queued keeps it however old.
    online = false;
    const mutationId = await sendMessage(db, { userId: user.id, target: { chatType: 'sala', chatId: finished?.id ?? '' }, mensagem: 'Que final!', imagens: [] });
    online = true;
    expect(await refreshList(db, roomsList(), true)).toBe('loaded');
    expect(await findStoredRoom(db, finishedId)).toBeDefined();
    await db.outbox.delete(mutationId);
    expect(await refreshList(db, roomsList(), true)).toBe('loaded');
    expect(await findStoredRoom(db, finishedId)).toBeUndefined();
    expect(await db.syncMeta.get(roomMetaKey(finished?.id ?? ''))).toBeUndefined();
  });
});
