import { expect, it } from 'vitest';
import { MSG } from '../../../contract/messages.ts';
import { PaymentResultResponseSchema } from '../../../contract/schemas/payments.ts';
import {
  RewardListResponseSchema,
  RewardResponseSchema,
  SendRewardResponseSchema,
  type Reward,
} from '../../../contract/schemas/rewards.ts';
import { LIST, nextListPlace } from '../../../server/db/list-place.ts';
import { describeOnEachDb } from './helpers/matrix.ts';
import { anonymous, expectError, expectOk, expectReplay, idemKey, newUser, type Actor } from './helpers/social.ts';
import type { TestServer } from './helpers/test-server.ts';

// Sending a reward (docs/api/social.md "Rewards"): the call, its refusals, the payment through the simulated EMIS
// gateway and what a confirmed or cancelled payment does to the reward, the counters and the notifications.

const R = '/api/client/common/recompensas';
const JSON_ACCEPT = { accept: 'application/json' };

async function counter(server: TestServer, userId: string, nome: string): Promise<number> {
  const row = await server.db.selectFrom('contadores').select('count').where('usuario_id', '=', userId).where('nome', '=', nome).executeTakeFirst();
  return Number(row?.count ?? 0);
}

async function slipOf(server: TestServer, userId: string): Promise<string> {
  const id = crypto.randomUUID();
  await server.db.transaction().execute(async (trx) => {
    const { seq, createdAt } = await nextListPlace(trx, LIST.slips, new Date());
    await trx
      .insertInto('fichas')
      .values({ id, usuario_id: userId, valor: 100, estado: 'pending', oculta: 0, odds_change: 0, created_at: createdAt, seq, settled_at: null, updated_at: createdAt })
      .execute();
  });
  return id;
}

describeOnEachDb('rewards: sending one through the payment page', (server) => {
  const send = (from: Actor, body: unknown, headers: Record<string, string> = idemKey()) => from.send('POST', R, body, headers);
  const pay = (id: string, verb: 'confirmar' | 'cancelar') =>
    anonymous(server()).raw(`/api/client/public/pagamentos/emis/${id}/${verb}`, { method: 'POST', headers: JSON_ACCEPT });
  const list = async (user: Actor, which: string): Promise<Reward[]> =>
    expectOk(await user.get(`${R}/${which}?size=50`), RewardListResponseSchema).recompensas;

  it('starts a pendente reward and its payment; paid, it is concluded, counted and the recipient told', async () => {
    const a = await newUser(server(), 'rwa');
    const b = await newUser(server(), 'rwb');
    const fichaId = await slipOf(server(), a.id);
    const started = expectOk(await send(b, { destinatario: a.nomeUsuario, valor: 1500, mensagem: '  Boa ficha!  ', fichaId }), SendRewardResponseSchema, 201);
    expect(started.message).toBe(MSG.rewardStarted);
    expect(started.recompensa).toMatchObject({
      pagamentoId: started.respostaEmis.id,
      valor: 1500,
      estado: 'pendente',
      mensagem: 'Boa ficha!',
      remetente: { id: b.id },
      destinatario: { id: a.id },
      ficha: { id: fichaId },
    });
    const id = started.respostaEmis.id;
    const payment = await server().db.selectFrom('pagamentos').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ usuario_id: b.id, finalidade: 'recompensa', valor: 1500, estado: 'pendente' });
    const page = await (await anonymous(server()).raw(`/pagamentos/emis/${id}`, { method: 'GET' })).text();
    expect(page).toContain('1.500 Kz');
    expect(page).toContain(`Recompensa para @${a.nomeUsuario}`);

    // Not paid yet: the sender sees it as pendente; the recipient does not count it as received.
    expect((await list(b, 'enviadas')).map((r) => [r.pagamentoId, r.estado])).toEqual([[id, 'pendente']]);
    expect(await list(a, 'recebidas')).toEqual([]);

    const sentBefore = server().signals.sent.length;
    const paid = await pay(id, 'confirmar');
    expect(paid.status).toBe(200);
    expect(PaymentResultResponseSchema.parse(await paid.json()).pagamento).toMatchObject({ id, estado: 'concluido', finalidade: 'recompensa' });

    const received = await list(a, 'recebidas');
    expect(received.map((r) => [r.pagamentoId, r.estado, r.valor])).toEqual([[id, 'concluido', 1500]]);
    expect((await list(b, 'enviadas'))[0]?.estado).toBe('concluido');
    expect(await counter(server(), b.id, 'newPaymentMade')).toBe(1);
    expect(await counter(server(), a.id, 'newPaymentReceived')).toBe(1);
    expect(await counter(server(), a.id, 'newWalletEvent')).toBe(1);
    expect(await counter(server(), b.id, 'newPaymentReceived')).toBe(0);

    const notes = await server().db.selectFrom('notificacoes').selectAll().where('usuario_id', '=', a.id).execute();
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ tipo: 'recompensa', mensagem: `Teste ${b.nomeUsuario} enviou-te uma recompensa de 1.500 Kz`, pagamento_id: id, sender_id: b.id });
    // Its facts, so the app words it in its own language.
    expect(JSON.parse(String(notes[0]?.dados))).toEqual({ valor: 1500 });
    await expect.poll(() => server().signals.sent.slice(sentBefore).some((s) => s.userIds.includes(a.id))).toBe(true);
    const signal = server().signals.sent.slice(sentBefore).find((s) => s.userIds.includes(a.id));
    expect(signal?.sinal).toMatchObject({ notificacao: { tipo: 'recompensa', pagamentoId: id, counter: 'newPaymentReceived', sender: { id: b.id } } });

    // Paying again changes nothing.
    expect((await pay(id, 'confirmar')).status).toBe(200);
    expect(await counter(server(), a.id, 'newPaymentReceived')).toBe(1);
    expect(await server().db.selectFrom('notificacoes').select('id').where('usuario_id', '=', a.id).execute()).toHaveLength(1);
    // Nor can a paid reward be cancelled.
    expect((await pay(id, 'cancelar')).status).toBe(409);
    expect((await list(a, 'recebidas'))[0]?.estado).toBe('concluido');
  });

  it('a cancelled payment refunds the reward: reembolsado, listed under reembolsados, never received; the sender is told once', async () => {
    const a = await newUser(server(), 'rwc');
    const b = await newUser(server(), 'rwd');
    const started = expectOk(await send(b, { destinatario: a.id, valor: 250 }), SendRewardResponseSchema, 201);
    expect(started.recompensa).toMatchObject({ mensagem: null, ficha: null, destinatario: { nomeUsuario: a.nomeUsuario } });
    const id = started.respostaEmis.id;
    expect((await pay(id, 'cancelar')).status).toBe(200);

    expect((await list(b, 'enviadas')).map((r) => r.estado)).toEqual(['reembolsado']);
    expect((await list(b, 'reembolsados')).map((r) => r.pagamentoId)).toEqual([id]);
    expect(await list(a, 'recebidas')).toEqual([]);
    expect(expectOk(await b.get(`${R}/reembolsados/${id}`), RewardResponseSchema).recompensa.estado).toBe('reembolsado');
    // The recipient may still read it by its id (it was sent to them), and sees it was refunded.
    expect(expectOk(await a.get(`${R}/${id}`), RewardResponseSchema).recompensa.estado).toBe('reembolsado');
    expect(await counter(server(), a.id, 'newPaymentReceived')).toBe(0);
    expect(await server().db.selectFrom('notificacoes').select('id').where('usuario_id', '=', a.id).execute()).toHaveLength(0);
    // The sender is told the money went back, with a link to the refund; cancelling again tells nobody twice.
    const told = await server().db.selectFrom('notificacoes').selectAll().where('usuario_id', '=', b.id).execute();
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ tipo: 'recompensaReembolsada', mensagem: 'A tua recompensa de 250 Kz foi reembolsada', pagamento_id: id });
    expect(await counter(server(), b.id, 'newWalletEvent')).toBe(1);
    expect(await counter(server(), b.id, 'newPaymentMade')).toBe(1);
    expect((await pay(id, 'cancelar')).status).toBe(200);
    expect(await server().db.selectFrom('notificacoes').select('id').where('usuario_id', '=', b.id).execute()).toHaveLength(1);
    // A cancelled payment cannot be paid afterwards.
    expect((await pay(id, 'confirmar')).status).toBe(409);
    expect((await list(b, 'enviadas'))[0]?.estado).toBe('reembolsado');
  });

  it('refuses rewards to oneself, out of range amounts, long messages, unknown people and slips of someone else', async () => {
    const a = await newUser(server(), 'rwe');
    const b = await newUser(server(), 'rwf');
    const c = await newUser(server(), 'rwg');
    const payments = async () => Number((await server().db.selectFrom('pagamentos').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
    const before = await payments();

    expectError(await send(b, { destinatario: b.nomeUsuario, valor: 500 }), 400, MSG.rewardSelf);
    expectError(await send(b, { destinatario: b.id, valor: 500 }), 400, MSG.rewardSelf);
    expectError(await send(b, { destinatario: a.nomeUsuario, valor: 99 }), 400, MSG.rewardMin);
    expectError(await send(b, { destinatario: a.nomeUsuario, valor: 0 }), 400, MSG.rewardMin);
    expectError(await send(b, { destinatario: a.nomeUsuario, valor: -500 }), 400, MSG.rewardMin);
    expectError(await send(b, { destinatario: a.nomeUsuario, valor: 1_000_001 }), 400, MSG.rewardMax);
    expectError(await send(b, { destinatario: a.nomeUsuario, valor: 150.5 }), 400, MSG.rewardWhole);
    expectError(await send(b, { destinatario: a.nomeUsuario, valor: 500, mensagem: 'x'.repeat(501) }), 400, MSG.rewardMessageLength);
    expectError(await send(b, { destinatario: 'ninguem_aqui_zz', valor: 500 }), 404, MSG.rewardRecipientMissing);
    expectError(await send(b, { destinatario: crypto.randomUUID(), valor: 500 }), 404, MSG.rewardRecipientMissing);
    expectError(await send(b, { destinatario: a.nomeUsuario, valor: 500, fichaId: await slipOf(server(), c.id) }), 400, MSG.rewardSlipNotRecipient);
    expectError(await send(b, { destinatario: a.nomeUsuario, valor: 500, fichaId: crypto.randomUUID() }), 400, MSG.rewardSlipNotRecipient);
    expectError(await send(b, { destinatario: a.nomeUsuario, valor: 500, fichaId: 'nao-e-um-id' }), 400, MSG.rewardSlipNotRecipient);
    expectError(await send(b, { destinatario: a.nomeUsuario, valor: '500' }), 400, MSG.invalidRequest);
    expectError(await send(b, { valor: 500 }), 400, MSG.invalidRequest);
    expectError(await anonymous(server()).send('POST', R, { destinatario: a.nomeUsuario, valor: 500 }), 401);
    expect(await payments()).toBe(before);

    // The edges are allowed.
    expectOk(await send(b, { destinatario: a.nomeUsuario, valor: 100, mensagem: 'y'.repeat(500) }), SendRewardResponseSchema, 201);
    expectOk(await send(b, { destinatario: a.nomeUsuario.toUpperCase(), valor: 1_000_000, mensagem: '   ' }), SendRewardResponseSchema, 201);
  });

  it('honours the Idempotency-Key: sent twice with one key, one reward and one payment', async () => {
    const a = await newUser(server(), 'rwh');
    const b = await newUser(server(), 'rwi');
    const rewards = (s: TestServer) => s.db.selectFrom('recompensas').select(['id', 'estado']).orderBy('id').execute();
    const first = await expectReplay(server(), (key) => send(b, { destinatario: a.nomeUsuario, valor: 300 }, key), async (s) => ({
      rewards: await rewards(s),
      payments: await s.db.selectFrom('pagamentos').select('id').orderBy('id').execute(),
    }));
    expect(first.status).toBe(201);
    expect(await list(b, 'enviadas')).toHaveLength(1);
    // The same key with another body is refused and changes nothing.
    const key = idemKey();
    expect((await send(b, { destinatario: a.nomeUsuario, valor: 300 }, key)).status).toBe(201);
    expectError(await send(b, { destinatario: a.nomeUsuario, valor: 400 }, key), 422, MSG.idempotencyKeyReused);
    expect(await list(b, 'enviadas')).toHaveLength(2);
  });

  it('only the sender and the recipient may read a reward', async () => {
    const a = await newUser(server(), 'rwj');
    const b = await newUser(server(), 'rwk');
    const other = await newUser(server(), 'rwl');
    const id = expectOk(await send(b, { destinatario: a.nomeUsuario, valor: 700 }), SendRewardResponseSchema, 201).respostaEmis.id;
    await pay(id, 'confirmar');
    for (const path of [`${R}/${id}`, `${R}/enviadas/${id}`, `${R}/recebidas/${id}`, `${R}/reembolsados/${id}`]) {
      expect(expectOk(await a.get(path), RewardResponseSchema).recompensa.pagamentoId).toBe(id);
      expect(expectOk(await b.get(path), RewardResponseSchema).recompensa.pagamentoId).toBe(id);
      expectError(await other.get(path), 403, MSG.forbidden);
      expectError(await anonymous(server()).get(path), 401);
    }
    expect(await list(other, 'recebidas')).toEqual([]);
    expect(await list(other, 'enviadas')).toEqual([]);
    // Nor may anyone else read its payment.
    expectError(await other.get(`/api/client/common/pagamentos/${id}`), 403, MSG.forbidden);
    expect((await b.get(`/api/client/common/pagamentos/${id}`)).status).toBe(200);
  });

  it('the recipient cannot read a reward while it is unpaid (the answer of one that never was); the sender can', async () => {
    const a = await newUser(server(), 'rwm');
    const b = await newUser(server(), 'rwn');
    const unpaid = expectOk(await send(b, { destinatario: a.nomeUsuario, valor: 800, mensagem: 'Ainda não paguei' }), SendRewardResponseSchema, 201).respostaEmis.id;
    for (const path of [`${R}/${unpaid}`, `${R}/recebidas/${unpaid}`, `${R}/enviadas/${unpaid}`, `${R}/reembolsados/${unpaid}`]) {
      expectError(await a.get(path), 404, MSG.notFound);
      expect(expectOk(await b.get(path), RewardResponseSchema).recompensa.pagamentoId).toBe(unpaid);
    }
    expectError(await a.get(`${R}/00000000-0000-4000-8000-00000000dead`), 404, MSG.notFound);
    expect((await a.get(`/api/client/common/pagamentos/${unpaid}`)).status).toBe(403);
    await pay(unpaid, 'confirmar');
    expect(expectOk(await a.get(`${R}/${unpaid}`), RewardResponseSchema).recompensa.mensagem).toBe('Ainda não paguei');
  });
});
