import { afterAll, expect, it } from 'vitest';
import { MSG } from '../../../contract/messages.ts';
import { LICENCE_PRICES } from '../../../contract/limits.ts';
import { NOTIFICATION_TIPO } from '../../../contract/notification-kinds.ts';
import { LicencaResponseSchema, PaymentStartResponseSchema } from '../../../contract/schemas/licence.ts';
import { GatewayCallbackResponseSchema, PaymentListResponseSchema, PaymentResultResponseSchema } from '../../../contract/schemas/payments.ts';
import { GroupSubscribeResponseSchema } from '../../../contract/schemas/groups.ts';
import { ConfigError, loadConfig } from '../../../server/config.ts';
import { pollProxyPay } from '../../../server/payments/proxypay/poll.ts';
import { expirePayments } from '../../../server/payments/expiry.ts';
import { startFakeProxyPay, type FakeProxyPay } from '../../fakes/proxypay.ts';
import { describeLiveOnEachDb, type LiveServer } from './helpers/live-server.ts';
import { G, PRIVATE_PLANS, createGroup } from './helpers/social-groups.ts';
import { anonymous, expectError, expectOk, idemKey, newUser, type Actor } from './helpers/social.ts';

// Multicaixa references through ProxyPay, over HTTP against the local fake of its API (tests/fakes/proxypay.ts): a
// reference reserved and made payable as documented, the payer's payment taken once from the signed webhook or the
// poll (whichever comes first, however often), a bad signature and an unknown reference refused, another amount
// never applied (kept, and the payer told), money after a cancellation taken, an unpaid reference expiring.

const DAY = 86_400_000;
const PUBLIC = 'https://fichas.example';
const proxy: FakeProxyPay = await startFakeProxyPay();
afterAll(() => proxy.close());

describeLiveOnEachDb(
  'payments by Multicaixa reference through ProxyPay',
  (server) => {
    const base = () => server().base;
    const live = (): LiveServer => {
      // ProxyPay posts to PUBLIC_URL; here that address is the live server's (as a tunnel or proxy would make it).
      proxy.webhookUrl = `${server().url}/api/pagamentos/proxypay/webhook`;
      return server();
    };
    const licence = async (user: Actor) => LicencaResponseSchema.parse((await user.get('/api/client/common/licenca')).body).licenca;
    const payment = async (user: Actor, id: string) => PaymentResultResponseSchema.parse((await user.get(`/api/client/common/pagamentos/${id}`)).body).pagamento;
    const warnings = (id: string) => server().db.selectFrom('pagamentos_avisos').select('motivo').where('pagamento_id', '=', id).execute();
    const poll = () => {
      const config = live().config.proxyPay;
      if (!config) throw new Error('PAYMENTS=proxypay expected');
      return pollProxyPay(server().db, server().signals, config);
    };

    async function renew(user: Actor, plan: 'mensal' | 'trimestral' = 'mensal') {
      live();
      const response = await user.get(`/api/client/common/licenca/renovarLicenca/${plan}`, idemKey());
      const { respostaEmis } = PaymentStartResponseSchema.parse(response.body);
      if (!respostaEmis.pagamentoId || !respostaEmis.multicaixa) throw new Error('no reference given');
      return { respostaEmis, referencia: respostaEmis.multicaixa.referencia, paymentId: respostaEmis.pagamentoId };
    }

    it('reserves a reference and makes it payable as documented; the payer is shown entity, reference, amount and expiry', async () => {
      const user = await newUser(base(), 'ppref');
      const started = Date.now();
      const { respostaEmis, referencia, paymentId } = await renew(user, 'trimestral');
      expect(referencia).toMatch(/^\d{9}$/);
      expect(respostaEmis.id).toBe(referencia);
      const reserved = proxy.references.get(referencia);
      expect(reserved).toMatchObject({ amount: `${LICENCE_PRICES.trimestral}.00`, customFields: { pagamento_id: paymentId }, deleted: false });
      const end = Date.parse(reserved?.endDatetime ?? '');
      expect(end - started).toBeGreaterThanOrEqual(3 * DAY - 60_000);
      expect(end - started).toBeLessThanOrEqual(3 * DAY + 60_000);
      expect(respostaEmis.multicaixa).toEqual({ entidade: proxy.entity, referencia, valor: LICENCE_PRICES.trimestral, expiraEm: new Date(end).toISOString() });
      const pending = await payment(user, paymentId);
      expect(pending).toMatchObject({ estado: 'pendente', valor: LICENCE_PRICES.trimestral, multicaixa: respostaEmis.multicaixa });
      // The page the frame would open says what to type, with no Pagar button.
      const page = await anonymous(base()).raw(`/pagamentos/emis/${paymentId}`, { method: 'GET' });
      const html = await page.text();
      expect(page.status).toBe(200);
      expect(html).toContain(referencia.replace(/\B(?=(\d{3})+(?!\d))/g, ' '));
      expect(html).toContain(proxy.entity);
      expect(html).not.toContain('Pagar</button>');
      const free = await anonymous(base()).raw(`/api/client/public/pagamentos/emis/${paymentId}/confirmar`, { method: 'POST', headers: { accept: 'application/json' } });
      expect(free.status).toBe(404);
    });

    it("the signed webhook renews the licence once, however often it comes; the poll then acknowledges the payment", async () => {
      const user = await newUser(base(), 'pppaid');
      const before = Date.parse((await licence(user)).expiraEm ?? '');
      const { referencia, paymentId } = await renew(user);
      const { payment: paid, status } = await proxy.pay(referencia);
      expect(status).toBe(200);
      expect((await payment(user, paymentId)).estado).toBe('concluido');
      const renewed = await licence(user);
      expect(Date.parse(renewed.expiraEm ?? '') - before).toBe(30 * DAY);
      expect(await proxy.post(JSON.stringify(paid))).toBe(200);
      await poll();
      expect(proxy.acknowledged).toContain(String(paid.id));
      expect((await licence(user)).expiraEm).toBe(renewed.expiraEm);
      const notes = await server().db.selectFrom('notificacoes').select('id').where('pagamento_id', '=', paymentId).execute();
      expect(notes).toHaveLength(1);
    });

    it('a webhook lost while the server was down is taken by the poll, once', async () => {
      const user = await newUser(base(), 'pplost');
      const before = Date.parse((await licence(user)).expiraEm ?? '');
      const { referencia, paymentId } = await renew(user);
      const { payment: paid } = await proxy.pay(referencia, { webhook: false });
      expect((await payment(user, paymentId)).estado).toBe('pendente');
      await poll();
      expect((await payment(user, paymentId)).estado).toBe('concluido');
      expect(proxy.acknowledged).toContain(String(paid.id));
      expect(proxy.payments.find((p) => p.id === paid.id)).toBeUndefined();
      // The webhook arriving late after all changes nothing.
      expect(await proxy.post(JSON.stringify(paid))).toBe(200);
      expect(Date.parse((await licence(user)).expiraEm ?? '') - before).toBe(30 * DAY);
    });

    it('refuses a bad signature (403) and an unknown reference (404), changing nothing', async () => {
      const user = await newUser(base(), 'ppforge');
      const before = (await licence(user)).expiraEm;
      const { referencia, paymentId } = await renew(user);
      const body = JSON.stringify({ id: 1, reference_id: Number(referencia), amount: `${LICENCE_PRICES.mensal}.00`, entity_id: Number(proxy.entity), custom_fields: {} });
      expect(await proxy.post(body, 'f'.repeat(64))).toBe(403);
      expect(await proxy.post(body, 'not-hex')).toBe(403);
      const unsigned = await fetch(proxy.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      expect(unsigned.status).toBe(403);
      expect(GatewayCallbackResponseSchema.parse(await unsigned.json())).toEqual({ ok: false });
      const unknown = JSON.stringify({ id: 2, reference_id: 999999999, amount: '100.00', custom_fields: {} });
      expect(await proxy.post(unknown)).toBe(404);
      expect((await payment(user, paymentId)).estado).toBe('pendente');
      expect((await licence(user)).expiraEm).toBe(before);
    });

    it('never applies another amount: the payment is kept for a person and the payer told, once', async () => {
      const user = await newUser(base(), 'ppamount');
      const before = (await licence(user)).expiraEm;
      const { referencia, paymentId } = await renew(user);
      const { payment: paid, status } = await proxy.pay(referencia, { amount: '100.00' });
      expect(status).toBe(200);
      expect(await proxy.post(JSON.stringify(paid))).toBe(200);
      await poll();
      expect((await payment(user, paymentId)).estado).toBe('pendente');
      expect((await licence(user)).expiraEm).toBe(before);
      expect((await warnings(paymentId)).map((w) => w.motivo)).toEqual([`paid 100 Kz, asked ${LICENCE_PRICES.mensal} Kz`]);
      const told = await server().db.selectFrom('notificacoes').select(['tipo', 'mensagem']).where('usuario_id', '=', user.id).where('pagamento_id', '=', paymentId).execute();
      expect(told).toEqual([{ tipo: NOTIFICATION_TIPO.paymentReview, mensagem: MSG.paymentUnderReview }]);
    });

    it('a reference the payer cancelled is deleted at ProxyPay; money that still comes for it is taken once', async () => {
      const user = await newUser(base(), 'ppcancel');
      const before = Date.parse((await licence(user)).expiraEm ?? '');
      const { referencia, paymentId } = await renew(user);
      const cancelled = expectOk(await user.send('POST', `/api/client/common/pagamentos/${paymentId}/cancelar`, {}), PaymentResultResponseSchema);
      expect(cancelled.pagamento.estado).toBe('cancelado');
      expect(proxy.references.get(referencia)?.deleted).toBe(true);
      const other = await newUser(base(), 'ppcancelx');
      expectError(await other.send('POST', `/api/client/common/pagamentos/${paymentId}/cancelar`, {}), 403, MSG.forbidden);
      // Paid at an ATM in the moment before the deletion reached it.
      expect((await proxy.pay(referencia)).status).toBe(200);
      await poll();
      expect((await payment(user, paymentId)).estado).toBe('concluido');
      expect(Date.parse((await licence(user)).expiraEm ?? '') - before).toBe(30 * DAY);
    });

    it('a group plan is paid by reference as on the other gateways: membership once', async () => {
      const creator = await newUser(base(), 'ppgroup');
      const payer = await newUser(base(), 'pppayer');
      const group = await createGroup(creator, { nome: 'Dicas Multicaixa', privado: true, planos: PRIVATE_PLANS });
      live();
      const subscribed = expectOk(await payer.get(`${G}/${group.id}/subscrever/semanal`, idemKey()), GroupSubscribeResponseSchema).respostaEmis;
      if (!subscribed.multicaixa) throw new Error('no reference for the group plan');
      expect(proxy.references.get(subscribed.multicaixa.referencia)?.amount).toBe('500.00');
      const listed = expectOk(await payer.get('/api/client/common/pagamentos'), PaymentListResponseSchema).pagamentos;
      expect(listed[0]).toMatchObject({ id: subscribed.pagamentoId, finalidade: 'grupo', grupoId: group.id, estado: 'pendente' });
      expect((await proxy.pay(subscribed.multicaixa.referencia)).status).toBe(200);
      await poll();
      const members = await server().db.selectFrom('grupo_membros').select('usuario_id').where('grupo_id', '=', group.id).where('usuario_id', '=', payer.id).execute();
      expect(members).toHaveLength(1);
    });

    it('a reference past its end, unpaid, ends expirado; the payer\'s list shows each payment\'s state, newest first', async () => {
      const user = await newUser(base(), 'ppexpire');
      const { paymentId } = await renew(user);
      const later = new Date(Date.now() + 3 * DAY + 60_000);
      expect(await expirePayments(server().db, server().signals, later)).toBeGreaterThanOrEqual(1);
      expect((await payment(user, paymentId)).estado).toBe('expirado');
      const second = await renew(user, 'trimestral');
      const list = expectOk(await user.get('/api/client/common/pagamentos'), PaymentListResponseSchema).pagamentos;
      expect(list.map((p) => [p.id, p.estado])).toEqual([
        [second.paymentId, 'pendente'],
        [paymentId, 'expirado'],
      ]);
      expect(list[0]?.multicaixa?.referencia).toBe(second.referencia);
      // Another user's list holds none of them.
      const other = await newUser(base(), 'ppexpirex');
      expect(expectOk(await other.get('/api/client/common/pagamentos'), PaymentListResponseSchema).pagamentos).toEqual([]);
    });

    it('a ProxyPay that gives no reference is answered with the renewal failure, and no payment is kept', async () => {
      const user = await newUser(base(), 'ppdown');
      live();
      proxy.failNext(503);
      expectError(await user.get('/api/client/common/licenca/renovarLicenca/mensal', idemKey()), 502, MSG.renewalFailed);
      expect(await server().db.selectFrom('pagamentos').select('id').where('usuario_id', '=', user.id).execute()).toEqual([]);
    });
  },
  {
    env: {
      PAYMENTS: 'proxypay',
      PROXYPAY_URL: proxy.url,
      PROXYPAY_API_KEY: proxy.apiKey,
      PROXYPAY_ENTITY: proxy.entity,
      PUBLIC_URL: PUBLIC,
    },
  },
);

it('PAYMENTS=proxypay without its settings stops the start, naming each one', () => {
  const load = () => loadConfig({ DATA_DIR: '/tmp/fichas-proxypay-config', AUTH_SECRET: 'x'.repeat(32), PAYMENTS: 'proxypay' });
  expect(load).toThrow(ConfigError);
  expect(load).toThrow(/PROXYPAY_API_KEY: required with PAYMENTS=proxypay/);
  expect(load).toThrow(/PROXYPAY_ENTITY: required/);
  expect(load).toThrow(/PUBLIC_URL: required/);
});
