import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { MyProfileResponseSchema, UserProfileResponseSchema } from '../../../contract/schemas/profile.ts';
import { CreateSlipResponseSchema, SlipListResponseSchema, SlipResponseSchema } from '../../../contract/schemas/slips.ts';
import { seedDemoUsers } from '../../../server/seed/seed.ts';
import { loadRecord, loadRecordSummaries } from '../../../server/slips/record.ts';
import { settleEvent } from '../../../server/slips/settlement.ts';
import { timeline } from '../../../server/sports/match-clock.ts';
import { settleChoice, type FinalStats } from '../../../server/sports/settle-choice.ts';
import { LiveSimulator } from '../../../server/sports/simulator.ts';
import { createMatch, selectionFor } from './helpers/betting.ts';
import { describeOnEachDb } from './helpers/matrix.ts';
import { expectOk, idemKey, newUser, type Actor } from './helpers/social.ts';
import type { TestServer } from './helpers/test-server.ts';

// The server settles slips from the match feed and the author's record follows; hiding a slip keeps it in
// the record; a leg whose event left the feed is shown 'SR' (sem resultado) and never counts.

const CREATE = '/api/client/apostador/fichas/criarFicha';
const MIN = 60_000;

/** Sets one choice's price (in Kz odds) so the test's numbers are exact. */
async function price(server: TestServer, eventId: string, type: string, choice: string, odds: number) {
  await server.db
    .updateTable('mercados')
    .set({ odds: Math.round(odds * 100) })
    .where('evento_id', '=', eventId)
    .where('tipo', '=', type)
    .where('escolha', '=', choice)
    .execute();
}

async function createSlip(server: TestServer, user: Actor, legs: [string, string, string][], valor: number): Promise<string> {
  const ficha = await Promise.all(legs.map(([eventId, type, choice]) => selectionFor(server, eventId, type, choice)));
  const res = await user.send('POST', CREATE, { ficha, valor, oddsChange: false }, idemKey());
  return expectOk(res, CreateSlipResponseSchema, 201).ficha.id;
}

/** The match ends with `stats` (or is abandoned) and the server settles what it decides, as the simulator does. */
async function finish(server: TestServer, eventId: string, stats: FinalStats | 'void', now: Date) {
  await server.db
    .updateTable('eventos')
    .set(stats === 'void' ? { status: 'ABD' } : { status: 'FT', home_goals: stats.goals.home, away_goals: stats.goals.away, elapsed: 90 })
    .where('id', '=', eventId)
    .execute();
  const settled = await server.db.transaction().execute((trx) => settleEvent(trx, { eventId, stats, now, signals: server.signals }));
  for (const delivery of settled.deliveries) await delivery();
}

const score = (home: number, away: number): FinalStats => ({
  goals: { home, away },
  h1Goals: { home: 0, away: 0 },
  corners: { home: 5, away: 4 },
  h1Corners: { home: 2, away: 2 },
});

describeOnEachDb('the verified record (settled by the server, hidden slips kept)', (server) => {
  let tipster: Actor;
  let viewer: Actor;
  beforeAll(async () => {
    tipster = await newUser(server(), 'tipster');
    viewer = await newUser(server(), 'viewer');
  });

  it('settles won, lost and void slips from the feed, and the record follows; hiding a slip keeps it counted', async () => {
    const kickoff = new Date(Date.now() + 3 * 3_600_000);
    const a = await createMatch(server(), { kickoff });
    const b = await createMatch(server(), { kickoff, home: 'inter', away: 'napoli' });
    const c = await createMatch(server(), { kickoff, home: 'benfica', away: 'porto' });
    await price(server(), a, 'ft_result', 'home', 2);
    await price(server(), a, 'ft_result', 'away', 3.5);
    await price(server(), b, 'btts', 'yes', 1.8);
    await price(server(), c, 'goals', 'over_1.5', 1.5);

    const s1 = await createSlip(server(), tipster, [[a, 'ft_result', 'home']], 1000);
    const s2 = await createSlip(server(), tipster, [[a, 'ft_result', 'away']], 500);
    const s3 = await createSlip(server(), tipster, [[a, 'ft_result', 'home'], [b, 'btts', 'yes']], 200);
    const s4 = await createSlip(server(), tipster, [[b, 'btts', 'yes']], 300);
    const s5 = await createSlip(server(), tipster, [[c, 'goals', 'over_1.5']], 100);

    // Nothing settled yet: an empty record, not enough to be ranked.
    const before = expectOk(await viewer.get(`/api/client/common/perfil/${tipster.nomeUsuario}`), UserProfileResponseSchema).registo;
    expect(before?.total).toMatchObject({ liquidadas: 0, anuladas: 0, roi: null, taxaAcerto: null });
    expect(before?.suficiente).toBe(false);

    // A ends 2-0; B is abandoned (its legs void); C is still to play.
    const settledA = new Date(kickoff.getTime() + 115 * MIN);
    await finish(server(), a, score(2, 0), settledA);
    await finish(server(), b, 'void', new Date(settledA.getTime() + MIN));

    const slip = async (id: string) => expectOk(await tipster.get(`/api/client/apostador/fichas/${id}`), SlipResponseSchema).ficha;
    expect(await slip(s1)).toMatchObject({ estado: 'won', multiplicador: 2, retorno: 2000 });
    expect(await slip(s2)).toMatchObject({ estado: 'failed' });
    const voidLeg = await slip(s3);
    expect(voidLeg).toMatchObject({ estado: 'won', multiplicador: 2, retorno: 400 });
    expect(voidLeg.selecoes.map((s) => s.bet_status)).toEqual(['won', 'void']);
    expect(await slip(s4)).toMatchObject({ estado: 'void', multiplicador: 1, retorno: 300 });
    expect(await slip(s5)).toMatchObject({ estado: 'pending', settledAt: null });

    // The author hides the lost slip: it leaves the public lists, never the record.
    expect((await tipster.send('PATCH', `/api/client/apostador/fichas/${s2}/ocultar`, undefined, idemKey())).status).toBe(200);
    const publicList = expectOk(await viewer.get(`/api/client/common/perfil/${tipster.nomeUsuario}/fichas`), SlipListResponseSchema);
    expect(publicList.fichas.map((f) => f.id)).not.toContain(s2);
    expect((await viewer.get(`/api/client/common/fichas/${s2}`)).status).toBe(404);

    // Counted: S1 (1000 → 2000), S2 (500 → 0, hidden), S3 (200 → 400, its void leg at 1). S4 is void, S5 pending.
    // ROI (2400 − 1700) / 1700 = 0.4118; win rate 2 / 3 = 0.6667; average odds (2 + 3.5 + 2) / 3 = 2.5.
    // Settle order S1 won, S2 lost (same instant, published later), S3 won: current streak 1, longest 1.
    const expected = {
      liquidadas: 3,
      ganhas: 2,
      perdidas: 1,
      anuladas: 1,
      taxaAcerto: 0.6667,
      roi: 0.4118,
      oddsMedia: 2.5,
      sequenciaActual: 1,
      sequenciaMaisLonga: 1,
    };
    const other = expectOk(await viewer.get(`/api/client/common/perfil/${tipster.nomeUsuario}`), UserProfileResponseSchema).registo;
    expect(other?.total).toEqual(expected);
    expect(other?.ultimos30).toEqual(expected);
    expect(other?.suficiente).toBe(false);
    // Running ROI: 1000 / 1000 = 1, then 500 / 1500 = 0.3333, then 700 / 1700 = 0.4118.
    expect(other?.curva.map((p) => p.roi)).toEqual([1, 0.3333, 0.4118]);
    const own = expectOk(await tipster.get('/api/client/common/perfil/mostrarMeuPerfil'), MyProfileResponseSchema).registo;
    expect(own?.total).toEqual(expected);

    // Every slip card carries its author's record.
    const card = expectOk(await viewer.get(`/api/client/common/fichas/${s1}`), SlipResponseSchema).ficha;
    expect(card.registoAutor).toEqual({ liquidadas: 3, taxaAcerto: 0.6667, roi: 0.4118, suficiente: false });
    expect(card.publicadaEm).toBe(card.createdAt);

    // Publishing it again changes nothing in the record either.
    expect((await tipster.send('PATCH', `/api/client/apostador/fichas/${s2}/publicar`, undefined, idemKey())).status).toBe(200);
    expect((await loadRecord(server().db, tipster.id, new Date())).total).toEqual(expected);
  });

  it('the simulator settles a slip and the record follows', async () => {
    const bettor = await newUser(server(), 'simrec');
    await seedDemoUsers(server().db);
    const kickoff = new Date(Math.floor((Date.now() + 5 * 3_600_000) / MIN) * MIN);
    const match = await createMatch(server(), { kickoff, home: 'arsenal', away: 'chelsea' });
    const id = await createSlip(server(), bettor, [[match, 'goals', 'over_1.5']], 250);
    const model = await server().db.selectFrom('evento_modelos').selectAll().where('evento_id', '=', match).executeTakeFirstOrThrow();
    const { end } = timeline({ stoppage1: model.stoppage_1, stoppage2: model.stoppage_2, abandonAt: null });
    const sim = new LiveSimulator({ db: server().db, signals: server().signals, speed: 1, seed: 5 });
    await sim.tick(new Date(kickoff.getTime() + 10 * MIN));
    await sim.tick(new Date(kickoff.getTime() + (end + 2) * MIN));

    const row = await server().db.selectFrom('eventos').select(['home_goals', 'away_goals']).where('id', '=', match).executeTakeFirstOrThrow();
    const outcome = settleChoice('goals', 'over_1.5', score(row.home_goals ?? 0, row.away_goals ?? 0)) ?? 'void';
    const ficha = expectOk(await bettor.get(`/api/client/apostador/fichas/${id}`), SlipResponseSchema).ficha;
    expect(ficha.estado).toBe(outcome);
    const record = await loadRecord(server().db, bettor.id, new Date(kickoff.getTime() + (end + 3) * MIN));
    expect(record.total).toMatchObject({
      liquidadas: outcome === 'void' ? 0 : 1,
      ganhas: outcome === 'won' ? 1 : 0,
      perdidas: outcome === 'failed' ? 1 : 0,
      anuladas: outcome === 'void' ? 1 : 0,
    });
    if (outcome !== 'void') expect(record.total.roi).toBeCloseTo(outcome === 'won' ? ficha.multiplicador - 1 : -1, 4);
    const summaries = await loadRecordSummaries(server().db, [bettor.id, viewer.id], new Date());
    expect(summaries.get(viewer.id)).toEqual({ liquidadas: 0, taxaAcerto: null, roi: null, suficiente: false });
    expect(summaries.get(bettor.id)?.liquidadas).toBe(record.total.liquidadas);
  });

  it('never counts a slip published after its match started', async () => {
    const late = await newUser(server(), 'late');
    const kickoff = new Date(Date.now() + 4 * 3_600_000);
    const match = await createMatch(server(), { kickoff });
    await price(server(), match, 'ft_result', 'draw', 3);
    const id = await createSlip(server(), late, [[match, 'ft_result', 'draw']], 100);
    // As if it had been published ten minutes after kick-off (no route allows it: this is the rule's guard).
    await server()
      .db.updateTable('fichas')
      .set({ publicada_em: new Date(kickoff.getTime() + 10 * MIN).toISOString() })
      .where('id', '=', id)
      .execute();
    await finish(server(), match, score(1, 1), new Date(kickoff.getTime() + 110 * MIN));
    expect((await loadRecord(server().db, late.id, new Date())).total).toMatchObject({ liquidadas: 0, ganhas: 0, anuladas: 0 });
  });

  it("shows a leg whose event left the feed as 'SR' from its own copy, and it never counts", async () => {
    const gone = await newUser(server(), 'gone');
    const kickoff = new Date(Date.now() + 6 * 3_600_000);
    const kept = await createMatch(server(), { kickoff, home: 'inter', away: 'napoli' });
    const lost = await createMatch(server(), { kickoff, home: 'benfica', away: 'porto' });
    const id = await createSlip(server(), gone, [[kept, 'btts', 'yes'], [lost, 'ft_result', 'home']], 100);
    const made = expectOk(await gone.get(`/api/client/apostador/fichas/${id}`), SlipResponseSchema).ficha;

    // The feed drops the event (the foreign key that forbids it today is lifted for this test only).
    const db = server().db;
    if (server().backend === 'postgres') {
      await sql`alter table ficha_selecoes drop constraint if exists ficha_selecoes_evento_id_fkey`.execute(db);
    } else {
      await sql`pragma foreign_keys = off`.execute(db);
    }
    await db.deleteFrom('mercados').where('evento_id', '=', lost).execute();
    await db.deleteFrom('evento_modelos').where('evento_id', '=', lost).execute();
    await db.deleteFrom('eventos').where('id', '=', lost).execute();
    if (server().backend === 'sqlite') await sql`pragma foreign_keys = on`.execute(db);

    await finish(server(), kept, score(1, 1), new Date(kickoff.getTime() + 110 * MIN));
    const ficha = expectOk(await gone.get(`/api/client/apostador/fichas/${id}`), SlipResponseSchema).ficha;
    expect(ficha.selecoes).toHaveLength(2);
    const [first, second] = ficha.selecoes;
    expect(first?.bet_status).toBe('won');
    expect(second).toMatchObject({
      event_id: lost,
      event_status: 'SR',
      event_scheduled: made.selecoes[1]?.event_scheduled,
      bet_status: 'pending',
      event_tournament: made.selecoes[1]?.event_tournament,
      event_selection: made.selecoes[1]?.event_selection,
      event_selection_now: { open: false, odds: null },
    });
    expect(second?.event_competitors.map((t) => t.name)).toEqual(made.selecoes[1]?.event_competitors.map((t) => t.name));
    expect(ficha.estado).toBe('pending');
    expect((await loadRecord(db, gone.id, new Date())).total).toMatchObject({ liquidadas: 0, anuladas: 0 });
  });
});
