import { beforeAll, expect, it } from 'vitest';
import { MSG } from '../../../contract/messages.ts';
import { LicencaResponseSchema, LicenceRequestListResponseSchema, PaymentStartResponseSchema } from '../../../contract/schemas/licence.ts';
import { seedLicenceCodes } from '../../../server/licence/codes.ts';
import { expectBettingReplay, selectionFor, setLicence, upcomingEventIds } from './helpers/betting.ts';
import { describeOnEachDb } from './helpers/matrix.ts';
import { actor, anonymous, expectError, expectOk, idemKey, newUser, PNG_1PX, pngOfSize, type Actor } from './helpers/social.ts';

const BASE = '/api/client/common/licenca';
const DAY = 86_400_000;

describeOnEachDb('licence (subscription)', (server) => {
  beforeAll(async () => {
    await seedLicenceCodes(server().db);
  });
  const licence = async (who: Actor) => expectOk(await who.get(BASE), LicencaResponseSchema).licenca;

  it('reads the licence: state, type, expiry, expiring flag and the transfer request', async () => {
    const user = await newUser(server(), 'lic');
    const read = await licence(user);
    expect(read).toMatchObject({ estado: 'habilitada', tipo: 'anual', isExpiring: false, usuario: { id: user.id }, transferencia: { comprovativo: [], solicitacao: null } });

    await setLicence(server(), user.id, { expiraEm: new Date(Date.now() + 2 * DAY) });
    expect(await licence(user)).toMatchObject({ estado: 'habilitada', isExpiring: true });
    // Expiry is by time: no job needed to flip the state.
    await setLicence(server(), user.id, { expiraEm: new Date(Date.now() - 1000) });
    expect(await licence(user)).toMatchObject({ estado: 'expirada', isExpiring: false });
    expectError(await anonymous(server()).get(BASE), 401, MSG.unauthenticated);
  });

  it('activates a pending licence into the 3-day trial, once', async () => {
    const user = await newUser(server(), 'pend');
    await setLicence(server(), user.id, { estado: 'pendente', tipo: 'experimental' });
    const first = await expectBettingReplay(server(), (key) => user.get(`${BASE}/activarLicenca`, key));
    const activated = LicencaResponseSchema.parse(first.body).licenca;
    expect(activated).toMatchObject({ estado: 'habilitada', tipo: 'experimental' });
    expect(Date.parse(activated.expiraEm ?? '') - Date.now()).toBeGreaterThan(3 * DAY - 60_000);
    const again = expectOk(await user.get(`${BASE}/activarLicenca`, idemKey()), LicencaResponseSchema).licenca;
    expect(again.expiraEm).toBe(activated.expiraEm);
  });

  it.each([
    ['renovarLicenca/mensal', 3800, 'Subscrição mensal'],
    ['renovarLicenca/trimestral', 11000, 'Subscrição trimestral'],
    ['renovarLicenca/anual', 42000, 'Subscrição anual'],
    ['comprarLicenca/anual', 42000, 'Subscrição anual'],
  ])('starts a payment with %s at the plan price (respostaEmis.id)', async (path, valor, descricao) => {
    const user = await newUser(server(), 'pay');
    const first = await expectBettingReplay(server(), (key) => user.get(`${BASE}/${path}`, key));
    const body = PaymentStartResponseSchema.parse(first.body);
    expect(body.message).toBe(MSG.payToActivate);
    expect(body.respostaEmis.url).toBe(`/pagamentos/emis/${body.respostaEmis.id}`);
    const row = await server().db.selectFrom('pagamentos').selectAll().where('id', '=', body.respostaEmis.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ usuario_id: user.id, valor, descricao, estado: 'pendente', finalidade: 'licenca' });
  });

  it('refuses an unknown plan, and a blocked licence with tipo and message', async () => {
    const user = await newUser(server(), 'plan');
    expectError(await user.get(`${BASE}/renovarLicenca/semanal`, idemKey()), 400, MSG.renewalFailed);
    await setLicence(server(), user.id, { estado: 'bloqueada' });
    const blocked = await user.get(`${BASE}/renovarLicenca/mensal`, idemKey());
    expect(blocked.status).toBe(403);
    expect(blocked.body).toEqual({ status: 'error', tipo: 'subscricao', message: MSG.subscriptionBlocked });
  });

  it('takes 1 or 2 payment-proof images once, then keeps them read-only', async () => {
    const user = await newUser(server(), 'proof');
    const path = `${BASE}/solicitarActivacao`;
    for (const comprovativo of [[], [PNG_1PX, PNG_1PX, PNG_1PX]]) {
      expectError(await user.send('PATCH', path, { comprovativo }, idemKey()), 400, MSG.proofCount);
    }
    for (const bad of [pngOfSize(1_000_001), 'data:image/png;base64,AAAA', 'não é uma imagem']) {
      const res = await user.send('PATCH', path, { comprovativo: [bad] }, idemKey());
      expect(res.status).toBe(413);
      expect(res.body).toEqual({ status: 'error', tipo: 'comprovativo', message: MSG.proofImage });
    }
    expectError(await user.send('PATCH', path, { comprovativo: 'x' }, idemKey()), 400, MSG.invalidRequest);

    const images = [pngOfSize(1_000_000), pngOfSize(1_000_000)];
    const sent = await expectBettingReplay(server(), (key) => user.send('PATCH', path, { comprovativo: images }, key));
    const body = LicencaResponseSchema.parse(sent.body);
    expect(body.message).toBe(MSG.activationRequested);
    expect(body.licenca.transferencia.comprovativo).toEqual(images);
    expect(body.licenca.transferencia.solicitacao).not.toBeNull();
    expectError(await user.send('PATCH', path, { comprovativo: [PNG_1PX] }, idemKey()), 400, MSG.proofAlreadySent);
    expect((await licence(user)).transferencia.comprovativo).toHaveLength(2);
  });

  it('uses a licence code once: uppercased, the plan period added, wrong codes answered with tipo and message', async () => {
    const user = await newUser(server(), 'code');
    const before = Date.parse((await licence(user)).expiraEm ?? '');
    const used = await expectBettingReplay(server(), (key) => user.get(`${BASE}/usarCodigoLicenca/fich1`, key));
    const body = LicencaResponseSchema.parse(used.body);
    expect(body.message).toBe(MSG.codeUsed);
    expect(body.licenca).toMatchObject({ estado: 'habilitada', tipo: 'mensal' });
    expect(Date.parse(body.licenca.expiraEm ?? '') - before).toBe(30 * DAY);

    const someoneElse = await newUser(server(), 'code2');
    expect((await someoneElse.get(`${BASE}/usarCodigoLicenca/FICH1`, idemKey())).body).toEqual({ status: 'error', tipo: 'codigo', message: MSG.codeTaken });
    for (const code of ['ZZZZZ', 'ABC', 'ABCDEFG', '%20%20']) {
      const res = await someoneElse.get(`${BASE}/usarCodigoLicenca/${code}`, idemKey());
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ status: 'error', tipo: 'codigo', message: MSG.codeInvalid });
    }
  });

  it('extends an expired licence from now, not from the old expiry', async () => {
    const user = await newUser(server(), 'late');
    await setLicence(server(), user.id, { expiraEm: new Date(Date.now() - 10 * DAY) });
    const renewed = expectOk(await user.get(`${BASE}/usarCodigoLicenca/GIRA3`, idemKey()), LicencaResponseSchema).licenca;
    expect(renewed.estado).toBe('habilitada');
    expect(Math.abs(Date.parse(renewed.expiraEm ?? '') - (Date.now() + 90 * DAY))).toBeLessThan(60_000);
  });

  it('lets moderators approve, reject, block and unblock; nobody else', async () => {
    const moderator = await actor(server(), 'moderador');
    const user = await newUser(server(), 'mod');
    await user.send('PATCH', `${BASE}/solicitarActivacao`, { comprovativo: [PNG_1PX] }, idemKey());
    const { id } = await licence(user);
    const pending = expectOk(await moderator.get('/api/client/moderador/licencas'), LicenceRequestListResponseSchema).licencas;
    expect(pending.map((l) => l.id)).toContain(id);

    const path = `/api/client/moderador/licencas/${id}`;
    expectError(await user.get('/api/client/moderador/licencas'), 403, MSG.forbidden);
    expectError(await user.send('PATCH', path, { accao: 'bloquear' }, idemKey()), 403, MSG.forbidden);
    expectError(await anonymous(server()).send('PATCH', path, { accao: 'bloquear' }), 401, MSG.unauthenticated);
    expectError(await moderator.send('PATCH', '/api/client/moderador/licencas/00000000-0000-4000-8000-000000000000', { accao: 'rejeitar' }, idemKey()), 404, MSG.notFound);
    expectError(await moderator.send('PATCH', path, { accao: 'aprovar' }, idemKey()), 400, MSG.invalidRequest);

    const rejected = await expectBettingReplay(server(), (key) => moderator.send('PATCH', path, { accao: 'rejeitar' }, key));
    expect(LicencaResponseSchema.parse(rejected.body).licenca.transferencia).toEqual({ comprovativo: [], solicitacao: null });
    expectError(await moderator.send('PATCH', path, { accao: 'aprovar', plano: 'mensal' }, idemKey()), 400, MSG.proofMissing);

    await user.send('PATCH', `${BASE}/solicitarActivacao`, { comprovativo: [PNG_1PX] }, idemKey());
    const approved = expectOk(await moderator.send('PATCH', path, { accao: 'aprovar', plano: 'trimestral' }, idemKey()), LicencaResponseSchema).licenca;
    expect(approved).toMatchObject({ estado: 'habilitada', tipo: 'trimestral', transferencia: { solicitacao: null } });
    const notes = await server().db.selectFrom('notificacoes').select('mensagem').where('usuario_id', '=', user.id).execute();
    expect(notes.map((n) => n.mensagem).sort()).toEqual([MSG.licenceRejected, MSG.licenceApproved].sort());
    const counter = await server().db.selectFrom('contadores').select('count').where('usuario_id', '=', user.id).where('nome', '=', 'newLicenceNotification').executeTakeFirst();
    expect(Number(counter?.count)).toBe(2);

    expect(expectOk(await moderator.send('PATCH', path, { accao: 'bloquear' }, idemKey()), LicencaResponseSchema).licenca.estado).toBe('bloqueada');
    const [event] = await upcomingEventIds(server(), 1);
    const slip = await user.send('POST', '/api/client/apostador/fichas/criarFicha', { ficha: [await selectionFor(server(), event ?? '', 'ft_result', 'home')], valor: 100 }, idemKey());
    expect(slip.body).toEqual({ status: 'error', tipo: 'subscricao', message: MSG.subscriptionBlocked });
    expect(expectOk(await moderator.send('PATCH', path, { accao: 'desbloquear' }, idemKey()), LicencaResponseSchema).licenca.estado).toBe('habilitada');
  });
});
