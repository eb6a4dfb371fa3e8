import { afterAll, expect, it } from 'vitest';
import { MSG } from '../../../contract/messages.ts';
import { LICENCE_PRICES } from '../../../contract/limits.ts';
import { LicencaResponseSchema, PaymentStartResponseSchema } from '../../../contract/schemas/licence.ts';
import { GatewayCallbackResponseSchema, PaymentResultResponseSchema } from '../../../contract/schemas/payments.ts';
import { ConfigError, loadConfig } from '../../../server/config.ts';
import { startFakeGpo, type FakeGpo, type GpoFrame } from '../../fakes/emis-gpo.ts';
import { GroupSubscribeResponseSchema } from '../../../contract/schemas/groups.ts';
import { SendRewardResponseSchema } from '../../../contract/schemas/rewards.ts';
import { describeLiveOnEachDb } from './helpers/live-server.ts';
import { G, PRIVATE_PLANS, createGroup } from './helpers/social-groups.ts';
import { anonymous, expectError, expectOk, idemKey, newUser, type Actor } from './helpers/social.ts';

// EMIS GPO over HTTP against the local fake of its portal (tests/fakes/emis-gpo.ts): the frame asked for, the
// frame the app opens, GPO's callback paying or refusing a renewal once, and every callback that cannot be believed
// (another secret, point of sale, currency or amount) refused, kept for a person, and changing nothing.

const DAY = 86_400_000;
const PUBLIC = 'https://fichas.example';
const gpo: FakeGpo = await startFakeGpo();
afterAll(() => gpo.close());

describeLiveOnEachDb(
  'payments through EMIS GPO',
  (server) => {
    const base = () => server().base;
    const licence = async (user: Actor) => LicencaResponseSchema.parse((await user.get('/api/client/common/licenca')).body).licenca;
    /** GPO posts to PUBLIC_URL; here that address is the live server's (as a tunnel or proxy would make it). */
    const settle = (frame: GpoFrame, status: 'ACCEPTED' | 'REJECTED', changes?: Record<string, unknown>) =>
      gpo.settle({ ...frame, callbackUrl: frame.callbackUrl.replace(PUBLIC, server().url) }, status, changes);
    const state = async (user: Actor, id: string) => PaymentResultResponseSchema.parse((await user.get(`/api/client/common/pagamentos/${id}`)).body).pagamento.estado;
    const warnings = (id: string) => server().db.selectFrom('pagamentos_avisos').select('motivo').where('pagamento_id', '=', id).execute();

    async function renew(user: Actor, plan: 'mensal' | 'trimestral' = 'mensal') {
      const response = await user.get(`/api/client/common/licenca/renovarLicenca/${plan}`, idemKey());
      const { respostaEmis } = PaymentStartResponseSchema.parse(response.body);
      const frame = gpo.frames.at(-1);
      if (!frame || !respostaEmis.pagamentoId) throw new Error('no frame asked for');
      return { respostaEmis, frame, paymentId: respostaEmis.pagamentoId };
    }

    it('asks GPO for a frame as documented and answers its id; the app frame opens it', async () => {
      const user = await newUser(base(), 'gpo');
      const { respostaEmis, frame, paymentId } = await renew(user, 'trimestral');
      expect(respostaEmis.id).toBe(frame.id);
      expect(respostaEmis.url).toBe(`${gpo.url}/portal/frame?token=${frame.id}`);
      expect(frame).toMatchObject({ amount: LICENCE_PRICES.trimestral, cssUrl: `${PUBLIC}/pagamentos/emis-gpo.css` });
      expect(frame.channels).toEqual({ mobile: 'PAYMENT', qrCode: 'PAYMENT', card: 'DISABLED' });
      expect(frame.callbackUrl).toMatch(new RegExp(`^${PUBLIC}/api/pagamentos/emis/callback/[A-Za-z0-9_-]{40,}$`));
      expect(frame.reference).toMatch(/^[A-Z0-9]{1,15}$/);
      // The secret is not kept as such: the database holds its hash only.
      const row = await server().db.selectFrom('pagamentos').selectAll().where('id', '=', paymentId).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ gateway: 'emis-gpo', referencia: frame.reference, gateway_id: frame.id, estado: 'pendente', valor: LICENCE_PRICES.trimestral });
      expect(frame.callbackUrl).not.toContain(row.segredo_hash ?? 'none');

      const opened = await anonymous(base()).raw(`/pagamentos/emis/${paymentId}`, { method: 'GET', redirect: 'manual' });
      expect(opened.status).toBe(303);
      expect(opened.headers.get('location')).toBe(respostaEmis.url);
      // The simulated page's buttons cannot settle a GPO payment.
      const free = await anonymous(base()).raw(`/api/client/public/pagamentos/emis/${paymentId}/confirmar`, { method: 'POST', headers: { accept: 'application/json' } });
      expect(free.status).toBe(404);
      expect(await state(user, paymentId)).toBe('pendente');
    });

    it("GPO's ACCEPTED callback renews the licence once, however often it comes", async () => {
      const user = await newUser(base(), 'gpopaid');
      const before = Date.parse((await licence(user)).expiraEm ?? '');
      const { frame, paymentId } = await renew(user);
      expect(await settle(frame, 'ACCEPTED')).toBe(200);
      expect(await state(user, paymentId)).toBe('concluido');
      const renewed = await licence(user);
      expect(Date.parse(renewed.expiraEm ?? '') - before).toBe(30 * DAY);
      expect(await settle(frame, 'ACCEPTED')).toBe(200);
      expect(await settle(frame, 'REJECTED')).toBe(200);
      expect((await licence(user)).expiraEm).toBe(renewed.expiraEm);
      expect(await state(user, paymentId)).toBe('concluido');
      const notes = await server().db.selectFrom('notificacoes').select('id').where('pagamento_id', '=', paymentId).execute();
      expect(notes).toHaveLength(1);
    });

    it('a REJECTED callback cancels the payment and renews nothing', async () => {
      const user = await newUser(base(), 'gporej');
      const before = (await licence(user)).expiraEm;
      const { frame, paymentId } = await renew(user);
      expect(await settle(frame, 'REJECTED')).toBe(200);
      expect(await state(user, paymentId)).toBe('cancelado');
      expect((await licence(user)).expiraEm).toBe(before);
    });

    it('refuses a forged callback: another secret, point of sale or currency changes nothing and is kept for review', async () => {
      const user = await newUser(base(), 'gpoforge');
      const before = (await licence(user)).expiraEm;
      const { frame, paymentId } = await renew(user);
      const forgedPath = `${server().url}/api/pagamentos/emis/callback/${'x'.repeat(43)}`;
      expect(await gpo.settle({ ...frame, callbackUrl: forgedPath }, 'ACCEPTED')).toBe(404);
      expect(await settle(frame, 'ACCEPTED', { pointOfSale: { id: '9999' } })).toBe(409);
      expect(await settle(frame, 'ACCEPTED', { currency: 'USD' })).toBe(409);
      expect(await settle(frame, 'ACCEPTED', { merchantReferenceNumber: 'OUTRA', reference: { id: 'OUTRA' } })).toBe(409);
      const garbage = await fetch(frame.callbackUrl.replace(PUBLIC, server().url), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"status":' });
      expect(garbage.status).toBe(400);
      expect(GatewayCallbackResponseSchema.parse(await garbage.json())).toEqual({ ok: false });
      expect(await state(user, paymentId)).toBe('pendente');
      expect((await licence(user)).expiraEm).toBe(before);
      expect((await warnings(paymentId)).map((w) => w.motivo)).toEqual(
        expect.arrayContaining(['another point of sale', 'another currency', 'another reference', 'not a JSON object']),
      );
    });

    it('never applies a paid amount other than the one asked; the payment waits for a person', async () => {
      const user = await newUser(base(), 'gpoamount');
      const before = (await licence(user)).expiraEm;
      const { frame, paymentId } = await renew(user);
      expect(await settle(frame, 'ACCEPTED', { amount: '100.00' })).toBe(422);
      expect(await state(user, paymentId)).toBe('pendente');
      expect((await licence(user)).expiraEm).toBe(before);
      expect((await warnings(paymentId)).map((w) => w.motivo)).toContain('another amount');
    });

    it('a group plan and a reward are paid through GPO as through the simulated page: membership and reward once', async () => {
      const creator = await newUser(base(), 'gpogroup');
      const payer = await newUser(base(), 'gpopayer');
      const group = await createGroup(creator, { nome: 'Dicas GPO', privado: true, planos: PRIVATE_PLANS });
      const subscribed = expectOk(await payer.get(`${G}/${group.id}/subscrever/semanal`, idemKey()), GroupSubscribeResponseSchema).respostaEmis;
      const groupFrame = gpo.frames.at(-1);
      if (!groupFrame || !subscribed.pagamentoId) throw new Error('no frame for the group plan');
      expect(subscribed.id).toBe(groupFrame.id);
      expect(groupFrame.amount).toBe(500);
      expect(await settle(groupFrame, 'ACCEPTED')).toBe(200);
      expect(await settle(groupFrame, 'ACCEPTED')).toBe(200);
      const members = await server().db.selectFrom('grupo_membros').select('usuario_id').where('grupo_id', '=', group.id).where('usuario_id', '=', payer.id).execute();
      expect(members).toHaveLength(1);

      const sent = expectOk(
        await payer.send('POST', '/api/client/common/recompensas', { destinatario: creator.nomeUsuario, valor: 1200 }, idemKey()),
        SendRewardResponseSchema,
        201,
      );
      const rewardFrame = gpo.frames.at(-1);
      if (!rewardFrame) throw new Error('no frame for the reward');
      expect(sent.respostaEmis.id).toBe(rewardFrame.id);
      expect(await settle(rewardFrame, 'ACCEPTED')).toBe(200);
      const reward = await server().db.selectFrom('recompensas').select(['estado', 'pagamento_id']).where('id', '=', sent.recompensa.id).executeTakeFirstOrThrow();
      expect(reward).toEqual({ estado: 'concluido', pagamento_id: sent.respostaEmis.pagamentoId });
    });

    it('a GPO that gives no frame is answered with the renewal failure, and no payment is kept', async () => {
      const user = await newUser(base(), 'gpodown');
      gpo.failNext(503);
      const response = await user.get('/api/client/common/licenca/renovarLicenca/mensal', idemKey());
      expectError(response, 502, MSG.renewalFailed);
      expect(await server().db.selectFrom('pagamentos').select('id').where('usuario_id', '=', user.id).execute()).toEqual([]);
    });
  },
  {
    env: {
      PAYMENTS: 'emis-gpo',
      EMIS_GPO_URL: gpo.url,
      EMIS_GPO_FRAME_TOKEN: gpo.frameToken,
      EMIS_GPO_POS_ID: gpo.posId,
      PUBLIC_URL: PUBLIC,
    },
  },
);

it('PAYMENTS=emis-gpo without its settings stops the start, naming each one', () => {
  const load = () => loadConfig({ DATA_DIR: '/tmp/fichas-gpo-config', AUTH_SECRET: 'x'.repeat(32), PAYMENTS: 'emis-gpo' });
  expect(load).toThrow(ConfigError);
  expect(load).toThrow(/EMIS_GPO_FRAME_TOKEN: required with PAYMENTS=emis-gpo/);
  expect(load).toThrow(/EMIS_GPO_POS_ID: required/);
  expect(load).toThrow(/PUBLIC_URL: required/);
});
