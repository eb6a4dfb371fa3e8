import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppDb } from '../../../src/db/app-db.ts';
import { loadOlderNotifications, markNotificationsRead, refreshNotifications } from '../../../src/sync/resources/notifications.ts';
import { applySignal } from '../../../src/sync/realtime/apply-signal.ts';
import { flushOutbox } from '../../../src/sync/outbox/replayer.ts';
import { APPLIERS } from '../../../src/sync/outbox/registry.ts';
import { fetchTransport } from '../../../src/api/outbox-transport.ts';
import { notify } from '../../../server/notify/notify.ts';
import type { Ficha } from '../../../contract/schemas/slips.ts';
import { startTestServer, type TestServer } from '../server/helpers/test-server.ts';
import { newUser, type Actor } from '../server/helpers/social.ts';
import { fetchAs } from './helpers/fetch-as.ts';
import { storeSignedIn } from './helpers/signed-in.ts';

// The notifications list on the phone: pages of 50 by the `before` cursor, rows gone from the
// server gone here, read marks kept while they wait in the outbox, and a live slip event stored with what it
// concerns and folded into the stored slip.

let server: TestServer;
let user: Actor;
let db: AppDb;
let counter = 0;
let online = true;

const flush = () => flushOutbox({ db, appliers: APPLIERS, transport: fetchTransport({ origin: () => location.origin }) });

async function tell(mensagem: string, to: Actor = user) {
  return server.db.transaction().execute((trx) => notify(trx, { userId: to.id, tipo: 'teste', mensagem, counter: 'newNotification' }, { signals: server.signals }));
}

beforeAll(async () => {
  server = await startTestServer({ name: 'sqlite', available: true }, { seed: false });
  user = await newUser(server, 'avisos');
  for (let i = 1; i <= 60; i += 1) await tell(`Aviso ${i}`);
  vi.stubGlobal('location', new URL('http://localhost:8080/'));
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await server.close();
});

beforeEach(async () => {
  online = true;
  vi.stubGlobal('fetch', fetchAs(user, () => online));
  db = new AppDb(`notifications-sync-${++counter}`);
  await storeSignedIn(db, user);
});

const texts = async () => (await db.notifications.orderBy('sortKey').reverse().toArray()).map((row) => row.data.mensagem);

describe('notifications on the phone', () => {
  it('stores the newest 50, then older pages by cursor until there are no more', async () => {
    // Sixty of a reader's own, which no other test reads or deletes.
    const reader = await newUser(server, 'pagina');
    for (let i = 1; i <= 60; i += 1) await tell(`Aviso ${i}`, reader);
    vi.stubGlobal('fetch', fetchAs(reader, () => online));
    await storeSignedIn(db, reader);
    await refreshNotifications(db, { force: true });
    expect(await texts()).toHaveLength(50);
    expect((await texts())[0]).toBe('Aviso 60');
    const meta = await db.syncMeta.get('notifications');
    expect(meta).toMatchObject({ error: null, noMore: false });
    expect(meta?.cursor).toBeTruthy();
    expect(await loadOlderNotifications(db)).toBe('no-more');
    expect(await texts()).toHaveLength(60);
    expect((await texts()).at(-1)).toBe('Aviso 1');
    expect(await loadOlderNotifications(db)).toBe('no-more');
  });

  it('keeps a read mark made offline through a refresh, until the server has it; rows gone from the server go', async () => {
    await refreshNotifications(db, { force: true });
    const [newest] = await db.notifications.orderBy('sortKey').reverse().limit(1).toArray();
    if (!newest) throw new Error('no notification');
    online = false;
    expect(await markNotificationsRead(db, user.id, [newest.id])).toBeGreaterThan(0);
    expect((await db.notifications.get(newest.id))?.data.lida).toBe(true);
    // A refresh answered before the mark reached the server still shows it read.
    online = true;
    await refreshNotifications(db, { force: true });
    expect((await db.notifications.get(newest.id))?.data.lida).toBe(true);
    await flush();
    expect(await db.outbox.count()).toBe(0);
    const onServer = await server.db.selectFrom('notificacoes').select('lida').where('id', '=', newest.id).executeTakeFirstOrThrow();
    expect(onServer.lida).toBe(1);
    // Gone on the server: gone from the page's span on the next refresh.
    await server.db.deleteFrom('notificacoes').where('id', '=', newest.id).execute();
    await refreshNotifications(db, { force: true });
    expect(await db.notifications.get(newest.id)).toBeUndefined();
    // Offline, the list stays as it was and says why.
    online = false;
    await refreshNotifications(db, { force: true });
    expect(await texts()).toHaveLength(50);
    expect((await db.syncMeta.get('notifications'))?.error).toBeTruthy();
  });

  it('stores a live slip event with its slip and facts, and updates the stored slip', async () => {
    const slipId = 'ficha-1';
    const leg = {
      event_id: 'e1',
      event_scheduled: new Date().toISOString(),
      event_status: 'NS',
      bet_status: 'pending' as const,
      hasWarning: false,
      event_tournament: { id: 'girabola', name: 'Girabola' },
      event_competitors: [],
      event_selection: { type: 'ft_result', choice: 'home', odds: 2, oddsTrend: 'up' as const, probability: 50, probabilityTrend: 'up' as const },
      event_score: { home: null, away: null, elapsed: null },
    };
    const ficha = { id: slipId, selecoes: [leg, { ...leg, event_id: 'e2' }], estado: 'pending', retorno: 400 } as unknown as Ficha;
    await db.slips.put({ id: slipId, ownerId: user.id, createdAt: new Date().toISOString(), lists: ['criadas'], data: ficha });
    const signal = {
      id: 'n-1',
      tipo: 'fichaSelecao',
      mensagem: 'A selecção 2 da tua ficha ganhou: Petro de Luanda 2–0 1º de Agosto',
      pagamentoId: null,
      sender: null,
      counter: 'newFichaUpdate',
      createdAt: new Date().toISOString(),
      recurso: { tipo: 'ficha', id: slipId },
      dados: { posicao: 2, estado: 'won', casa: 'Petro de Luanda', fora: '1º de Agosto', golosCasa: 2, golosFora: 0 },
    };
    expect(await applySignal(db, { sinal: { notificacao: signal } }, user.id)).toBe(true);
    const stored = await db.notifications.get('n-1');
    expect(stored?.data).toMatchObject({ recurso: { tipo: 'ficha', id: slipId }, dados: { posicao: 2, estado: 'won' }, lida: false });
    const slip = await db.slips.get(slipId);
    expect(slip?.data.selecoes.map((s) => s.bet_status)).toEqual(['pending', 'won']);
    expect(slip?.data.selecoes[1]?.event_score).toMatchObject({ home: 2, away: 0 });
    expect((await db.counters.get('newFichaUpdate'))?.count).toBe(1);
    // The slip's result: its state and return.
    await applySignal(db, { sinal: { notificacao: { ...signal, id: 'n-2', tipo: 'ficha', mensagem: 'A tua ficha ganhou: retorno 400 Kz', dados: { estado: 'won', retorno: 400 } } } }, user.id);
    expect((await db.slips.get(slipId))?.data).toMatchObject({ estado: 'won', retorno: 400 });
  });
});
