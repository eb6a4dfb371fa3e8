import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppDb } from '../../../src/db/app-db.ts';
import { askForTip, refreshCompetitions, refreshExplore } from '../../../src/sync/resources/explore.ts';
import { refreshPublicSlip } from '../../../src/sync/resources/slips.ts';
import { COMPETITIONS_QUERY, exploreMetaKey } from '../../../src/sync/resource-keys.ts';
import { exploreRequest, parseExploreFilters } from '../../../src/lib/explore-filters.ts';
import { startTestServer, type TestServer } from '../server/helpers/test-server.ts';
import { idemKey, newUser, type Actor } from '../server/helpers/social.ts';
import { createMatch, selectionFor, setLicence, upcomingEventIds } from '../server/helpers/betting.ts';
import { fetchAs } from './helpers/fetch-as.ts';

// Explore results in the phone's store: each search keeps what it last showed, for offline.

let server: TestServer;
let user: Actor;
let db: AppDb;
let counter = 0;
let online = true;

const filters = (url: string) => parseExploreFilters({ url: new URLSearchParams(url), stored: {} }, { today: '2026-11-21', privileged: false });

beforeAll(async () => {
  server = await startTestServer({ name: 'sqlite', available: true });
  user = await newUser(server, 'exploresync');
  await createMatch(server, { kickoff: new Date(Date.now() + 5 * 3_600_000) });
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await server.close();
});

beforeEach(() => {
  online = true;
  vi.stubGlobal('location', new URL('http://localhost:8080/explorar'));
  vi.stubGlobal('fetch', fetchAs(user, () => online));
  db = new AppDb(`explore-sync-${++counter}`);
});

describe('explore searches in the store', () => {
  it('keeps the tips of a search in order, shows them offline, and records a failed refresh', async () => {
    const request = exploreRequest(filters('pageComponent=apostas&searchByComponent=next'), 'semanal');
    expect(await refreshExplore(db, request, { selfId: user.id })).toBe('loaded');
    const stored = await db.queries.get(request.key);
    const tips = stored?.tips ?? [];
    expect(tips.length).toBeGreaterThan(0);
    expect(tips.every((tip) => tip.bet_status === 'pending' && tip.event_status === 'NS')).toBe(true);
    const kickOffs = tips.map((tip) => tip.event_scheduled);
    expect([...kickOffs].sort()).toEqual(kickOffs);

    expect(await refreshExplore(db, request, { selfId: user.id })).toBe('fresh');
    online = false;
    expect(await refreshExplore(db, request, { selfId: user.id, force: true })).toBe('error');
    expect((await db.syncMeta.get(exploreMetaKey(request.key)))?.error).toBe('Talvez tenha um problema na sua conexão');
    expect((await db.queries.get(request.key))?.tips).toEqual(tips);
  });

  it('stores a slip category as ids of rows in the slips table', async () => {
    const [eventId = ''] = await upcomingEventIds(server, 1);
    const selection = await selectionFor(server, eventId, 'ft_result', 'home');
    const other = await newUser(server, 'explorer');
    const created = await other.send('POST', '/api/client/apostador/fichas/criarFicha', { ficha: [selection], valor: 200, oddsChange: true }, idemKey());
    expect(created.status).toBe(201);
    const request = exploreRequest(filters('fichaCategoria=novas'), 'semanal');
    expect(await refreshExplore(db, request, { selfId: user.id })).toBe('loaded');
    const ids = (await db.queries.get(request.key))?.ids ?? [];
    const id = (created.body.ficha as { id: string }).id;
    expect(ids).toContain(id);
    expect((await db.slips.get(id))?.lists).toEqual(['publicas']);
  });

  it('keeps the community board and the competitions', async () => {
    const request = exploreRequest(filters('pageComponent=comunidade'), 'semanal');
    expect(await refreshExplore(db, request, { selfId: null })).toBe('loaded');
    expect((await db.queries.get(request.key))?.users?.length).toBeGreaterThan(0);
    await refreshCompetitions(db);
    expect((await db.queries.get(COMPETITIONS_QUERY))?.competitions).toContainEqual({ id: 'girabola', nome: 'Girabola', pais: 'Angola' });
  });
});

describe('the tip generator call', () => {
  it('answers a tip on another event, and a subscription problem without a licence', async () => {
    const first = await askForTip([], 'semanal');
    if (first.kind !== 'tip') throw new Error(`expected a tip, got ${JSON.stringify(first)}`);
    const id = first.selection.event_id;
    expect(id).not.toBe('');
    const second = await askForTip([id], 'semanal');
    if (second.kind !== 'tip') throw new Error(`expected a tip, got ${JSON.stringify(second)}`);
    // On another event, a real one that has not started.
    expect(second.selection.event_id).not.toBe(id);
    const event = await server.db.selectFrom('eventos').select('status').where('id', '=', second.selection.event_id).executeTakeFirstOrThrow();
    expect(event.status).toBe('NS');

    await setLicence(server, user.id, { estado: 'bloqueada' });
    expect(await askForTip([], 'semanal')).toEqual({ kind: 'subscription', message: 'A sua subscrição está bloqueada' });
    await setLicence(server, user.id, { estado: 'habilitada' });
    online = false;
    expect(await askForTip([], 'semanal')).toMatchObject({ kind: 'failed' });
  });
});

describe('the public slip view', () => {
  it('stores a published slip, and says missing for an unknown one', async () => {
    expect(await refreshPublicSlip(db, { nomeUsuario: user.nomeUsuario, id: 'nope', selfId: null })).toBe('missing');
    // A slip of its own, so the test stands alone in any order.
    const [eventId] = await upcomingEventIds(server, 1);
    if (!eventId) throw new Error('no upcoming event');
    const author = await newUser(server, 'publica');
    const created = await author.send('POST', '/api/client/apostador/fichas/criarFicha', { ficha: [await selectionFor(server, eventId, 'ft_result', 'home')], valor: 200, oddsChange: true }, idemKey());
    expect(created.status).toBe(201);
    const id = (created.body.ficha as { id: string }).id;
    expect(await refreshPublicSlip(db, { nomeUsuario: author.nomeUsuario, id, selfId: null })).toBe('loaded');
    expect((await db.slips.get(id))?.data).toMatchObject({ id, publicada: true });
  });
});
