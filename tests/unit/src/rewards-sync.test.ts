import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppDb } from '../../../src/db/app-db.ts';
import { checkRewardPayment, loadRewards, refreshReward, sendReward } from '../../../src/sync/resources/rewards.ts';
import { rewardKey, rewardListKey, rewardListMetaKey, type RewardListName } from '../../../src/sync/resources/reward-keys.ts';
import { MSG } from '../../../contract/messages.ts';
import { startTestServer, type TestServer } from '../server/helpers/test-server.ts';
import { anonymous, newUser, type Actor } from '../server/helpers/social.ts';
import { fetchAs } from './helpers/fetch-as.ts';
import { storeSignedIn } from './helpers/signed-in.ts';

// The rewards store: a reward sent is stored at once at the top of the sent list, its payment's end
// (paid or cancelled) fetched into it so every list shows the new state, the lists read from the store offline with
// their failure recorded, and one key per reward so a repeated request sends it once.

let server: TestServer;
let ana: Actor;
let beto: Actor;
let other: Actor;
let db: AppDb;
let counter = 0;
let online = true;
let key = 0;

const input = (valor: number, mensagem: string | null = null) => ({ destinatario: beto.nomeUsuario, valor, mensagem, fichaId: null, idempotencyKey: `t:${++key}` });
const pay = (id: string, verb: 'confirmar' | 'cancelar') =>
  anonymous(server).raw(`/api/client/public/pagamentos/emis/${id}/${verb}`, { method: 'POST', headers: { accept: 'application/json' } });
const stored = async (id: string) => (await db.queries.get(rewardKey(id)))?.reward;
const listed = async (lista: RewardListName) => {
  const row = await db.queries.get(rewardListKey(lista));
  if (!row) return undefined;
  return (await db.queries.bulkGet(row.ids.map(rewardKey))).map((r) => [r?.reward?.pagamentoId, r?.reward?.estado]);
};
function as(actor: Actor) {
  vi.stubGlobal('fetch', fetchAs(actor, () => online));
}

beforeAll(async () => {
  server = await startTestServer({ name: 'sqlite', available: true });
  ana = await newUser(server, 'recompensa');
  beto = await newUser(server, 'recompensado');
  other = await newUser(server, 'outro');
  vi.stubGlobal('location', new URL('http://localhost:8080/'));
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await server.close();
});

beforeEach(async () => {
  online = true;
  as(ana);
  db = new AppDb(`rewards-sync-${++counter}`);
  await storeSignedIn(db, ana);
});

describe('rewards on the phone', () => {
  it('a reward sent shows pendente at the top of the sent list, then concluded once its payment is paid', async () => {
    // A sender and a recipient of their own: the other tests' rewards are not in their lists.
    const sender = await newUser(server, 'primeira');
    const recipient = await newUser(server, 'recebe');
    as(sender);
    await storeSignedIn(db, sender);
    expect(await loadRewards(db, { lista: 'enviadas', force: true })).toBe('loaded');
    expect(await listed('enviadas')).toEqual([]);
    const sent = await sendReward(db, { ...input(1200, 'Boa!'), destinatario: recipient.nomeUsuario });
    if (sent.kind !== 'ok') throw new Error(sent.message);
    expect(await stored(sent.paymentId)).toMatchObject({ estado: 'pendente', valor: 1200, mensagem: 'Boa!' });
    expect(await listed('enviadas')).toEqual([[sent.paymentId, 'pendente']]);

    expect(await checkRewardPayment(db, sent.paymentId)).toBe('pendente');
    expect((await pay(sent.paymentId, 'confirmar')).status).toBe(200);
    expect(await checkRewardPayment(db, sent.paymentId)).toBe('concluido');
    expect(await listed('enviadas')).toEqual([[sent.paymentId, 'concluido']]);

    // The recipient's phone: it is under recebidas.
    as(recipient);
    const theirs = new AppDb(`rewards-sync-recipient-${counter}`);
    await storeSignedIn(theirs, recipient);
    expect(await loadRewards(theirs, { lista: 'recebidas', force: true })).toBe('loaded');
    const row = await theirs.queries.get(rewardListKey('recebidas'));
    expect(row?.ids).toEqual([sent.paymentId]);
    expect((await theirs.queries.get(rewardKey(sent.paymentId)))?.reward?.estado).toBe('concluido');
  });

  it('a cancelled payment shows the reward refunded and adds it to the refunded list', async () => {
    const sent = await sendReward(db, input(400));
    if (sent.kind !== 'ok') throw new Error(sent.message);
    expect((await pay(sent.paymentId, 'cancelar')).status).toBe(200);
    expect(await checkRewardPayment(db, sent.paymentId)).toBe('cancelado');
    expect((await stored(sent.paymentId))?.estado).toBe('reembolsado');
    expect((await listed('reembolsados'))?.[0]).toEqual([sent.paymentId, 'reembolsado']);
  });

  it('a refusal and no network come back as data; nothing is stored', async () => {
    const self = await sendReward(db, { ...input(500), destinatario: ana.nomeUsuario });
    expect(self).toEqual({ kind: 'refused', message: MSG.rewardSelf });
    expect(await sendReward(db, input(50))).toEqual({ kind: 'refused', message: MSG.rewardMin });
    online = false;
    expect(await sendReward(db, input(500))).toEqual({ kind: 'network', message: MSG.network });
    expect(await db.queries.where('key').startsWith('recompensa:').count()).toBe(0);
  });

  it('one key per reward: the same request twice sends one reward', async () => {
    const once = { ...input(300), idempotencyKey: `t:repeat:${Date.now()}` };
    const first = await sendReward(db, once);
    const second = await sendReward(db, once);
    if (first.kind !== 'ok' || second.kind !== 'ok') throw new Error('not sent');
    expect(second.paymentId).toBe(first.paymentId);
    const ids = ((await ana.get('/api/client/common/recompensas/enviadas?size=100')).body.recompensas as { pagamentoId: string }[]).map((r) => r.pagamentoId);
    expect(ids.filter((id) => id === first.paymentId)).toHaveLength(1);
  });

  it('lists read offline keep what was stored and record the failure; a reward of others is forbidden, an unknown one missing', async () => {
    await sendReward(db, input(250));
    expect(await loadRewards(db, { lista: 'enviadas', force: true })).toBe('loaded');
    const before = await listed('enviadas');
    online = false;
    expect(await loadRewards(db, { lista: 'enviadas', force: true })).toBe('error');
    expect(await listed('enviadas')).toEqual(before);
    expect((await db.syncMeta.get(rewardListMetaKey('enviadas')))?.error).toBe(MSG.network);
    online = true;

    const theirs = await sendReward(db, input(260));
    if (theirs.kind !== 'ok') throw new Error(theirs.message);
    as(other);
    expect(await refreshReward(db, theirs.paymentId)).toBe('forbidden');
    expect(await refreshReward(db, crypto.randomUUID())).toBe('missing');
  });
});
