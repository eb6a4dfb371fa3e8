import { beforeAll, expect, it } from 'vitest';
import { NotificationListResponseSchema } from '../../../contract/schemas/notifications.ts';
import { NOTIFICATION_TIPO } from '../../../contract/schemas/notification-data.ts';
import { LicencaResponseSchema } from '../../../contract/schemas/licence.ts';
import { CreateSlipResponseSchema, SlipResponseSchema } from '../../../contract/schemas/slips.ts';
import { PushPayloadSchema } from '../../../contract/schemas/push.ts';
import { seedDemoUsers } from '../../../server/seed/seed.ts';
import { tellExpiredLicences } from '../../../server/licence/licence-expiry.ts';
import { notify } from '../../../server/notify/notify.ts';
import { webPublishOf } from '../../../server/push/payload.ts';
import { settleEvent } from '../../../server/slips/settlement.ts';
import { timeline } from '../../../server/sports/match-clock.ts';
import { LiveSimulator } from '../../../server/sports/simulator.ts';
import { createMatch, selectionFor, setLicence } from './helpers/betting.ts';
import { describeOnEachDb } from './helpers/matrix.ts';
import { actor, expectOk, idemKey, newUser, PNG_1PX, type Actor } from './helpers/social.ts';
import type { TestServer } from './helpers/test-server.ts';

// The server tells a user of their slips' events (each leg's kick-off and result, the slip's result with
// its return) and of their licence's changes: a notification, a live signal (realtime + push) and a push payload
// that opens the slip, each exactly once however often the job runs.

const MIN = 60_000;
const HOUR = 60 * MIN;

async function endOf(server: TestServer, eventId: string): Promise<number> {
  const row = await server.db.selectFrom('evento_modelos').selectAll().where('evento_id', '=', eventId).executeTakeFirstOrThrow();
  return timeline({ stoppage1: row.stoppage_1, stoppage2: row.stoppage_2, abandonAt: null }).end;
}

async function notesOf(server: TestServer, userId: string, tipo?: string) {
  let query = server.db.selectFrom('notificacoes').selectAll().where('usuario_id', '=', userId).orderBy('seq');
  if (tipo) query = query.where('tipo', '=', tipo);
  return query.execute();
}

async function counter(server: TestServer, userId: string, nome: string): Promise<number> {
  const row = await server.db.selectFrom('contadores').select('count').where('usuario_id', '=', userId).where('nome', '=', nome).executeTakeFirst();
  return Number(row?.count ?? 0);
}

describeOnEachDb(
  'notifications of slip events and licence changes',
  (server) => {
    let owner: Actor;
    beforeAll(async () => {
      await seedDemoUsers(server().db);
      owner = await newUser(server(), 'apostador');
    });
    const simulator = () => new LiveSimulator({ db: server().db, signals: server().signals, speed: 1, seed: 7 });
    const createSlip = async (legs: unknown[], valor = 1000) =>
      expectOk(await owner.send('POST', '/api/client/apostador/fichas/criarFicha', { ficha: legs, valor, oddsChange: false }, idemKey()), CreateSlipResponseSchema, 201)
        .ficha;

    it('tells of the kick-off and the result of each leg of an open slip, then of the slip with its return, once each', async () => {
      const kickoff = new Date(Math.floor((Date.now() + 2 * HOUR) / MIN) * MIN);
      const first = await createMatch(server(), { kickoff, home: 'petro-de-luanda', away: 'primeiro-de-agosto' });
      const second = await createMatch(server(), { kickoff: new Date(kickoff.getTime() + 3 * HOUR), home: 'arsenal', away: 'chelsea' });
      // Void for sure on the first match (it is abandoned), so the slip stays open after it.
      await server().db.updateTable('evento_modelos').set({ abandon_at: 30 }).where('evento_id', '=', first).execute();
      const slip = await createSlip([await selectionFor(server(), first, 'ft_result', 'home'), await selectionFor(server(), second, 'goals', 'over_0.5')]);
      const sentBefore = server().signals.sent.length;
      const sim = simulator();

      // Kick-off of the first match: 'Começou o jogo da selecção 1 da tua ficha: Petro de Luanda vs 1º de Agosto'.
      const started = await sim.tick(new Date(kickoff.getTime() + 5 * MIN));
      expect(started.kickedOff).toContain(first);
      const [kick] = await notesOf(server(), owner.id, NOTIFICATION_TIPO.legStarted);
      expect(kick).toMatchObject({
        mensagem: 'Começou o jogo da selecção 1 da tua ficha: Petro de Luanda vs 1º de Agosto',
        recurso_tipo: 'ficha',
        recurso_id: slip.id,
        lida: 0,
      });
      expect(JSON.parse(kick?.dados ?? '{}')).toMatchObject({ posicao: 1, casa: 'Petro de Luanda', fora: '1º de Agosto', eventoId: first });
      // Ticking again (a re-run) tells nobody again.
      await sim.tick(new Date(kickoff.getTime() + 5 * MIN));
      expect(await notesOf(server(), owner.id, NOTIFICATION_TIPO.legStarted)).toHaveLength(1);

      // Abandoned at 30': the leg is void, the slip stays open (its second leg is pending), its owner hears of the leg.
      await sim.tick(new Date(kickoff.getTime() + 40 * MIN));
      const legs = await notesOf(server(), owner.id, NOTIFICATION_TIPO.legSettled);
      expect(legs).toHaveLength(1);
      expect(legs[0]?.mensagem).toMatch(/^A selecção 1 da tua ficha foi anulada: Petro de Luanda \d+–\d+ 1º de Agosto$/);
      expect(JSON.parse(legs[0]?.dados ?? '{}')).toMatchObject({ posicao: 1, estado: 'void', casa: 'Petro de Luanda', fora: '1º de Agosto' });
      expect(await notesOf(server(), owner.id, NOTIFICATION_TIPO.slipSettled)).toHaveLength(0);

      // The signals went to the owner alone, with what a tap needs: the slip and the facts.
      const sent = server().signals.sent.slice(sentBefore);
      expect(sent.map((s) => s.userIds)).toEqual([[owner.id], [owner.id]]);
      const legSignal = sent[1]?.sinal;
      if (!legSignal || !('notificacao' in legSignal)) throw new Error('expected a notification signal');
      expect(legSignal.notificacao).toMatchObject({
        tipo: NOTIFICATION_TIPO.legSettled,
        counter: 'newFichaUpdate',
        recurso: { tipo: 'ficha', id: slip.id },
        dados: { posicao: 1, estado: 'void' },
      });
      // Its push opens the slip's page (the service worker stores it first).
      const web = webPublishOf(legSignal);
      expect(web.notification.deep_link).toBe(`/dashboard/fichas/${slip.id}`);
      expect(PushPayloadSchema.parse({ ...web, data: { ...web.data, pusher: { instanceId: 'i', publishId: 'p', hasDisplayableContent: true, hasData: true } } }).data.sinal).toEqual(legSignal);

      // The same leg settled again (a second process that read it as pending) is told of once: its key holds.
      await server().db.updateTable('ficha_selecoes').set({ bet_status: 'pending' }).where('ficha_id', '=', slip.id).where('posicao', '=', 0).execute();
      const again = await server().db.transaction().execute((trx) => settleEvent(trx, { eventId: first, stats: 'void', now: new Date(), signals: server().signals }));
      expect(again.selections).toBe(1);
      expect(again.deliveries).toHaveLength(0);
      expect(await notesOf(server(), owner.id, NOTIFICATION_TIPO.legSettled)).toHaveLength(1);

      // The second match decides the slip: its result and its return in Kz (the void leg counts 1).
      const secondEnd = await endOf(server(), second);
      await sim.tick(new Date(kickoff.getTime() + 3 * HOUR + 10 * MIN));
      await sim.tick(new Date(kickoff.getTime() + 3 * HOUR + (secondEnd + 2) * MIN));
      const ficha = expectOk(await owner.get(`/api/client/apostador/fichas/${slip.id}`), SlipResponseSchema).ficha;
      expect(ficha.estado).not.toBe('pending');
      const settled = await notesOf(server(), owner.id, NOTIFICATION_TIPO.slipSettled);
      expect(settled).toHaveLength(1);
      // The slip's result is its news: no second notification for the leg that decided it.
      expect(await notesOf(server(), owner.id, NOTIFICATION_TIPO.legSettled)).toHaveLength(1);
      const retorno = ficha.estado === 'won' ? ficha.retorno : ficha.estado === 'void' ? ficha.valor : 0;
      expect(JSON.parse(settled[0]?.dados ?? '{}')).toEqual({ estado: ficha.estado, retorno });
      const kz = `${String(Math.round(retorno)).replace(/\B(?=(\d{3})+(?!\d))/g, '.')} Kz`;
      expect(settled[0]?.mensagem).toBe(
        ficha.estado === 'won' ? `A tua ficha ganhou: retorno ${kz}` : ficha.estado === 'void' ? `A tua ficha foi anulada: retorno ${kz}` : 'A tua ficha perdeu',
      );
      // Kick-off of the second match was told too, and every slip event raised newFichaUpdate once.
      expect(await notesOf(server(), owner.id, NOTIFICATION_TIPO.legStarted)).toHaveLength(2);
      expect(await counter(server(), owner.id, 'newFichaUpdate')).toBe(4);

      // The list carries the facts and what each concerns, newest first.
      const list = expectOk(await owner.get('/api/client/common/notificacoes'), NotificationListResponseSchema).notificacoes;
      expect(list.map((n) => n.tipo)).toEqual([
        NOTIFICATION_TIPO.slipSettled,
        NOTIFICATION_TIPO.legStarted,
        NOTIFICATION_TIPO.legSettled,
        NOTIFICATION_TIPO.legStarted,
      ]);
      expect(list[0]).toMatchObject({ recurso: { tipo: 'ficha', id: slip.id }, dados: { estado: ficha.estado, retorno }, lida: false });
    });

    it('tells nothing of the legs of a slip already lost', async () => {
      const kickoff = new Date(Math.floor((Date.now() + 8 * HOUR) / MIN) * MIN);
      const match = await createMatch(server(), { kickoff, home: 'inter', away: 'napoli' });
      const later = await createMatch(server(), { kickoff: new Date(kickoff.getTime() + 6 * HOUR) });
      const someone = await newUser(server(), 'outro');
      const legs = [await selectionFor(server(), match, 'goals', 'over_0.5'), await selectionFor(server(), later, 'ft_result', 'home')];
      const open = expectOk(await someone.send('POST', '/api/client/apostador/fichas/criarFicha', { ficha: legs, valor: 100 }, idemKey()), CreateSlipResponseSchema, 201).ficha;
      // A slip already lost (settled by hand) hears nothing of its other legs.
      await server().db.updateTable('fichas').set({ estado: 'failed' }).where('id', '=', open.id).execute();
      const sim = simulator();
      await sim.tick(new Date(kickoff.getTime() + 5 * MIN));
      await sim.tick(new Date(kickoff.getTime() + ((await endOf(server(), match)) + 2) * MIN));
      expect(await notesOf(server(), someone.id)).toEqual([]);
    });

    it('tells one notification of an event however many transactions write it at once', async () => {
      const user = await newUser(server(), 'chave');
      const write = () =>
        server()
          .db.transaction()
          .execute((trx) =>
            notify(
              trx,
              { userId: user.id, tipo: 'teste', mensagem: 'Uma vez', counter: 'newNotification', chave: 'teste:1' },
              { signals: server().signals },
            ),
          );
      const results = await Promise.all([write(), write(), write()]);
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await notesOf(server(), user.id)).toHaveLength(1);
      expect(await counter(server(), user.id, 'newNotification')).toBe(1);
      // Without a key, every call tells (follows, comments: their own rules make them once).
      await server().db.transaction().execute((trx) => notify(trx, { userId: user.id, tipo: 'teste', mensagem: 'Outra', counter: 'newNotification' }, { signals: server().signals }));
      await server().db.transaction().execute((trx) => notify(trx, { userId: user.id, tipo: 'teste', mensagem: 'Outra', counter: 'newNotification' }, { signals: server().signals }));
      expect(await notesOf(server(), user.id)).toHaveLength(3);
    });

    it('tells an owner once that their licence expired, again after a renewal expires, never for a blocked one', async () => {
      const user = await newUser(server(), 'expira');
      const blocked = await newUser(server(), 'bloq');
      const now = new Date();
      await setLicence(server(), user.id, { expiraEm: new Date(now.getTime() - HOUR) });
      await setLicence(server(), blocked.id, { estado: 'bloqueada', expiraEm: new Date(now.getTime() - HOUR) });
      const sentBefore = server().signals.sent.length;
      await tellExpiredLicences(server().db, server().signals, now);
      // The job running twice (or in a second process) tells nobody twice.
      await tellExpiredLicences(server().db, server().signals, new Date(now.getTime() + MIN));
      const told = await notesOf(server(), user.id, NOTIFICATION_TIPO.licence);
      expect(told.map((n) => [n.mensagem, JSON.parse(n.dados ?? '{}')])).toEqual([['A tua subscrição expirou', { licenca: 'expirada' }]]);
      expect(await notesOf(server(), blocked.id)).toEqual([]);
      expect(await counter(server(), user.id, 'newLicenceNotification')).toBe(1);
      const signals = server().signals.sent.slice(sentBefore).filter((s) => s.userIds.includes(user.id));
      expect(signals).toHaveLength(1);
      const sinal = signals[0]?.sinal;
      if (!sinal || !('notificacao' in sinal)) throw new Error('expected a notification signal');
      expect(webPublishOf(sinal).notification.deep_link).toBe('/dashboard/licenca');

      // Renewed, then expired again: told of the new expiry.
      await setLicence(server(), user.id, { expiraEm: new Date(now.getTime() + 2 * MIN) });
      await tellExpiredLicences(server().db, server().signals, new Date(now.getTime() + MIN));
      expect(await notesOf(server(), user.id, NOTIFICATION_TIPO.licence)).toHaveLength(1);
      await tellExpiredLicences(server().db, server().signals, new Date(now.getTime() + 3 * MIN));
      expect(await notesOf(server(), user.id, NOTIFICATION_TIPO.licence)).toHaveLength(2);
    });

    it('tells of a licence blocked, activated or refused with what changed', async () => {
      const moderator = await actor(server(), 'moderador');
      const user = await newUser(server(), 'licmod');
      await user.send('PATCH', '/api/client/common/licenca/solicitarActivacao', { comprovativo: [PNG_1PX] }, idemKey());
      const { licenca } = expectOk(await user.get('/api/client/common/licenca'), LicencaResponseSchema);
      const path = `/api/client/moderador/licencas/${licenca.id}`;
      expectOk(await moderator.send('PATCH', path, { accao: 'aprovar', plano: 'mensal' }, idemKey()), LicencaResponseSchema);
      expectOk(await moderator.send('PATCH', path, { accao: 'bloquear' }, idemKey()), LicencaResponseSchema);
      const list = expectOk(await user.get('/api/client/common/notificacoes'), NotificationListResponseSchema).notificacoes;
      expect(list.map((n) => [n.tipo, n.dados?.licenca])).toEqual([
        ['licenca', 'bloqueada'],
        ['licenca', 'aprovada'],
      ]);
    });
  },
  { seed: false },
);
