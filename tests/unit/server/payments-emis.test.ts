import { expect, it } from 'vitest';
import { MSG } from '../../../contract/messages.ts';
import { LicencaResponseSchema, PaymentStartResponseSchema } from '../../../contract/schemas/licence.ts';
import { PaymentResultResponseSchema } from '../../../contract/schemas/payments.ts';
import { beginPayment, createPayment } from '../../../server/payments/gateway.ts';
import { registerPaymentPurpose, type PaidContext } from '../../../server/payments/purposes.ts';
import { notify } from '../../../server/notify/notify.ts';
import { setLicence } from './helpers/betting.ts';
import { describeOnEachDb } from './helpers/matrix.ts';
import { anonymous, expectError, idemKey, newUser, type Actor } from './helpers/social.ts';

const DAY = 86_400_000;
const JSON_ACCEPT = { accept: 'application/json' };

describeOnEachDb('payments through the simulated EMIS gateway', (server) => {
  const start = async (user: Actor, plan: string) =>
    PaymentStartResponseSchema.parse((await user.get(`/api/client/common/licenca/renovarLicenca/${plan}`, idemKey())).body).respostaEmis.id;
  const confirm = (id: string, headers: Record<string, string> = JSON_ACCEPT) =>
    anonymous(server()).raw(`/api/client/public/pagamentos/emis/${id}/confirmar`, { method: 'POST', headers });
  const cancel = (id: string) => anonymous(server()).raw(`/api/client/public/pagamentos/emis/${id}/cancelar`, { method: 'POST', headers: JSON_ACCEPT });
  const licence = async (user: Actor) => LicencaResponseSchema.parse((await user.get('/api/client/common/licenca')).body).licenca;

  it('serves the payment page, pays, renews the licence for the plan and notifies the user', async () => {
    const user = await newUser(server(), 'emis');
    const before = Date.parse((await licence(user)).expiraEm ?? '');
    const id = await start(user, 'trimestral');

    const page = await anonymous(server()).raw(`/pagamentos/emis/${id}`, { method: 'GET' });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('11.000 Kz');
    expect(html).toContain('Subscrição trimestral');
    expect(html).toContain(`action="/api/client/public/pagamentos/emis/${id}/confirmar"`);
    expect(html).toContain(`action="/api/client/public/pagamentos/emis/${id}/cancelar"`);
    expect(html).not.toContain('<script type="module"');

    const sentBefore = server().signals.sent.length;
    const paid = await confirm(id);
    expect(paid.status).toBe(200);
    const body = PaymentResultResponseSchema.parse(await paid.json());
    expect(body).toMatchObject({ status: 'success', message: MSG.paymentDone, pagamento: { id, estado: 'concluido', valor: 11000, finalidade: 'licenca' } });

    const renewed = await licence(user);
    expect(renewed).toMatchObject({ estado: 'habilitada', tipo: 'trimestral' });
    expect(Date.parse(renewed.expiraEm ?? '') - before).toBe(90 * DAY);
    const note = await server().db.selectFrom('notificacoes').selectAll().where('usuario_id', '=', user.id).where('pagamento_id', '=', id).execute();
    expect(note).toHaveLength(1);
    expect(note[0]).toMatchObject({ tipo: 'licenca', mensagem: MSG.licenceRenewed });
    const counter = await server().db.selectFrom('contadores').select('count').where('usuario_id', '=', user.id).where('nome', '=', 'newLicenceNotification').executeTakeFirst();
    expect(Number(counter?.count)).toBe(1);
    await expect.poll(() => server().signals.sent.length).toBeGreaterThan(sentBefore);
    const signal = server().signals.sent.slice(sentBefore).find((s) => s.userIds.includes(user.id));
    expect(signal?.sinal).toMatchObject({ notificacao: { tipo: 'licenca', pagamentoId: id, counter: 'newLicenceNotification' } });

    // Paying again changes nothing: same answer, no second renewal, no second notification.
    const again = await confirm(id);
    expect(again.status).toBe(200);
    expect((await licence(user)).expiraEm).toBe(renewed.expiraEm);
    expect(await server().db.selectFrom('notificacoes').select('id').where('pagamento_id', '=', id).execute()).toHaveLength(1);
    expect((await cancel(id)).status).toBe(409);

    const own = await user.get(`/api/client/common/pagamentos/${id}`);
    expect(PaymentResultResponseSchema.parse(own.body).pagamento.estado).toBe('concluido');
    const stranger = await newUser(server(), 'emis2');
    expectError(await stranger.get(`/api/client/common/pagamentos/${id}`), 403, MSG.forbidden);
    expectError(await anonymous(server()).get(`/api/client/common/pagamentos/${id}`), 401, MSG.unauthenticated);
  });

  it('cancels a payment: nothing renewed, and a cancelled payment cannot be paid', async () => {
    const user = await newUser(server(), 'cancel');
    const before = await licence(user);
    const id = await start(user, 'mensal');
    const cancelled = await cancel(id);
    expect(cancelled.status).toBe(200);
    expect(PaymentResultResponseSchema.parse(await cancelled.json())).toMatchObject({ message: MSG.paymentCancelled, pagamento: { estado: 'cancelado' } });
    expect((await cancel(id)).status).toBe(200);
    const late = await confirm(id);
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ status: 'error', message: MSG.paymentClosed });
    expect(await licence(user)).toEqual(before);
  });

  it('renews an expired licence from now', async () => {
    const user = await newUser(server(), 'expired');
    await setLicence(server(), user.id, { expiraEm: new Date(Date.now() - 5 * DAY) });
    await confirm(await start(user, 'mensal'));
    const renewed = await licence(user);
    expect(renewed.estado).toBe('habilitada');
    expect(Math.abs(Date.parse(renewed.expiraEm ?? '') - (Date.now() + 30 * DAY))).toBeLessThan(60_000);
  });

  it("answers the page's own form posts with the page, in the host's language", async () => {
    const user = await newUser(server(), 'form');
    const id = await start(user, 'anual');
    const english = await anonymous(server()).raw(`/pagamentos/emis/${id}`, { method: 'GET', headers: { host: 'en.localhost:8080' } });
    expect(await english.text()).toContain('42.000 Kz');
    const posted = await confirm(id, { 'content-type': 'application/x-www-form-urlencoded' });
    expect(posted.status).toBe(200);
    expect(await posted.text()).toContain('Pagamento concluído');
  });

  it('answers 404 to unknown payments and 403 to a cross-site post', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await anonymous(server()).raw(`/pagamentos/emis/${unknown}`, { method: 'GET' })).status).toBe(404);
    expect((await anonymous(server()).raw('/pagamentos/emis/nada', { method: 'GET' })).status).toBe(404);
    expect((await confirm(unknown)).status).toBe(404);
    expect((await confirm('nada')).status).toBe(404);
    expect((await cancel(unknown)).status).toBe(404);
    const user = await newUser(server(), 'csrf');
    const id = await start(user, 'mensal');
    const forged = await confirm(id, { ...JSON_ACCEPT, origin: 'https://evil.example' });
    expect(forged.status).toBe(403);
  });

  it('applies a purpose another area registers, once, inside the confirming transaction', async () => {
    const user = await newUser(server(), 'purpose');
    const calls: PaidContext['details'][] = [];
    registerPaymentPurpose('teste', {
      async onPaid({ trx, payment, details, signals, after }) {
        calls.push(details);
        await notify(trx, { userId: payment.usuario_id, tipo: 'grupo', mensagem: MSG.paymentDone, counter: 'newGroupSubscription', pagamentoId: payment.id }, { signals, after });
      },
    });
    const begun = await beginPayment(server().config, 500);
    const { id } = await server().db.transaction().execute((trx) =>
      createPayment(trx, begun, { userId: user.id, purpose: { kind: 'teste', description: 'Grupo Tips (semanal)', details: { grupoId: 'g1', plano: 'semanal' } }, amount: 500 }),
    );
    expect((await confirm(id)).status).toBe(200);
    expect((await confirm(id)).status).toBe(200);
    expect(calls).toEqual([{ grupoId: 'g1', plano: 'semanal' }]);
    await expect.poll(() => server().signals.sent.some((s) => 'notificacao' in s.sinal && s.sinal.notificacao.pagamentoId === id)).toBe(true);
  });
});
