import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppDb } from '../../../src/db/app-db.ts';
import { createSlip, slipAction, slipList, slipRequestBody } from '../../../src/sync/resources/slips.ts';
import { refreshFirstPage } from '../../../src/sync/pull/paged.ts';
import { flushOutbox, retryRejected } from '../../../src/sync/outbox/replayer.ts';
import { APPLIERS } from '../../../src/sync/outbox/registry.ts';
import { fetchTransport } from '../../../src/api/outbox-transport.ts';
import type { Selection } from '../../../contract/schemas/slips.ts';
import { startTestServer, type TestServer } from '../server/helpers/test-server.ts';
import { newUser, type Actor } from '../server/helpers/social.ts';
import { selectionFor, upcomingEventIds } from '../server/helpers/betting.ts';
import { fetchAs } from './helpers/fetch-as.ts';
import { storeSignedIn } from './helpers/signed-in.ts';

// The slip outbox against the real server: made on the phone, created once, refusals resolved.

let server: TestServer;
let user: Actor;
let events: string[];
let db: AppDb;
let counter = 0;
let online = true;

beforeAll(async () => {
  server = await startTestServer({ name: 'sqlite', available: true });
  user = await newUser(server, 'slipsync');
  events = await upcomingEventIds(server, 6);
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await server.close();
});

beforeEach(async () => {
  online = true;
  vi.stubGlobal('location', new URL('http://localhost:8080/explorar'));
  vi.stubGlobal('fetch', fetchAs(user, () => online));
  db = new AppDb(`slips-sync-${++counter}`);
  await storeSignedIn(db, user);
});

const owner = () => ({ id: user.id, nome: 'Teste', nomeUsuario: user.nomeUsuario, fotografia: null });
const flush = () => flushOutbox({ db, appliers: APPLIERS, transport: fetchTransport({ origin: () => location.origin }) });
const serverSlips = async () => server.db.selectFrom('fichas').select(['id']).where('usuario_id', '=', user.id).execute();

describe('slips through the outbox', () => {
  it('saves a slip made offline on the phone and creates it exactly once when back online', async () => {
    const selections: Selection[] = await Promise.all([0, 1, 2].map((index) => selectionFor(server, events[index] ?? '', 'ft_result', 'home')));
    const earlier = new Set((await serverSlips()).map((row) => row.id));
    const before = earlier.size;
    online = false;
    const mutationId = await createSlip(db, { owner: owner(), selections, valor: 300, oddsChange: false });
    const local = await db.slips.get(`local:${mutationId}`);
    expect(local).toMatchObject({ lists: ['criadas'], pendingMutationId: mutationId, data: { valor: 300, estado: 'pending' } });

    expect((await flush()).stop).toBe('retry');
    expect((await serverSlips()).length).toBe(before);

    online = true;
    await db.outbox.update(mutationId, { nextAttemptAt: 0 });
    expect((await flush()).sent).toBe(1);
    const after = await serverSlips();
    expect(after.length).toBe(before + 1);
    // The phone's copy now carries the server's id (the other tests' slips are on the server, not on this phone).
    expect(await db.slips.get(`local:${mutationId}`)).toBeUndefined();
    const stored = await db.slips.where('lists').equals('criadas').toArray();
    expect(stored.map((slip) => slip.id)).toEqual(after.filter((row) => !earlier.has(row.id)).map((row) => row.id));
  });

  it('shows a refusal for moved odds with the updated selections, and creates it once accepted', async () => {
    const selection = await selectionFor(server, events[3] ?? '', 'ft_result', 'away');
    const stale = { ...selection, event_selection: { ...selection.event_selection, odds: selection.event_selection.odds + 0.4 } };
    const before = (await serverSlips()).length;
    const mutationId = await createSlip(db, { owner: owner(), selections: [stale], valor: 100, oddsChange: false });
    expect((await flush()).rejected).toBe(1);
    const entry = await db.outbox.get(mutationId);
    expect(entry?.state).toBe('rejected');
    const local = await db.slips.get(`local:${mutationId}`);
    const shown = (local?.data.selecoes as Selection[])[0];
    expect(shown?.hasWarning).toBe(true);
    expect(shown?.event_selection.odds).toBeCloseTo(selection.event_selection.odds, 2);

    await retryRejected(db, mutationId, slipRequestBody(local?.data.selecoes as Selection[], 100, false));
    expect((await flush()).sent).toBe(1);
    expect((await serverSlips()).length).toBe(before + 1);
  });

  it('hides and publishes a slip through the outbox, on the phone at once and on the server once sent', async () => {
    const selection = await selectionFor(server, events[4] ?? '', 'ft_result', 'home');
    await createSlip(db, { owner: owner(), selections: [selection], valor: 100, oddsChange: false });
    expect((await flush()).sent).toBe(1);
    const slip = await db.slips.where('lists').equals('criadas').first();
    const id = slip?.id ?? '';
    expect(id).not.toMatch(/^local:/);
    const hiddenOnServer = async () => (await server.db.selectFrom('fichas').select('oculta').where('id', '=', id).executeTakeFirstOrThrow()).oculta;
    // A new slip is public.
    expect(await hiddenOnServer()).toBe(0);

    await slipAction(db, { userId: user.id, slipId: id, action: 'slip.hide' });
    expect(await db.slips.get(id)).toMatchObject({ lists: ['ocultas'], data: { publicada: false } });
    expect(await hiddenOnServer()).toBe(0);
    expect((await flush()).sent).toBe(1);
    expect(await hiddenOnServer()).toBe(1);
    expect(await db.slips.get(id)).toMatchObject({ lists: ['ocultas'], data: { publicada: false } });
    expect((await db.slips.get(id))?.pendingMutationId ?? null).toBeNull();

    await slipAction(db, { userId: user.id, slipId: id, action: 'slip.publish' });
    expect(await db.slips.get(id)).toMatchObject({ lists: ['criadas'], data: { publicada: true } });
    expect(await hiddenOnServer()).toBe(1);
    expect((await flush()).sent).toBe(1);
    expect(await hiddenOnServer()).toBe(0);
    expect(await db.slips.get(id)).toMatchObject({ lists: ['criadas'], data: { publicada: true } });
    expect((await db.slips.get(id))?.pendingMutationId ?? null).toBeNull();
  });

  it('keeps a hidden slip hidden on the phone while the hide waits to be sent, even when its list refreshes', async () => {
    const selection = await selectionFor(server, events[5] ?? '', 'ft_result', 'home');
    await createSlip(db, { owner: owner(), selections: [selection], valor: 100, oddsChange: false });
    await flush();
    const slip = (await db.slips.where('lists').equals('criadas').toArray()).at(-1);
    online = false;
    await slipAction(db, { userId: user.id, slipId: slip?.id ?? '', action: 'slip.hide' });
    online = true;
    await refreshFirstPage(db, slipList('criadas', user.id), { maxAgeMs: 0, force: true });
    expect((await db.slips.get(slip?.id ?? ''))?.lists).toEqual(['ocultas']);
    expect((await flush()).sent).toBe(1);
  });
});
