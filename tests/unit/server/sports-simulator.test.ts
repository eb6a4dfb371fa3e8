import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../contract/messages.ts';
import { EventDetailResponseSchema, EventListResponseSchema } from '../../../contract/schemas/events.ts';
import { CreateSlipResponseSchema, SlipResponseSchema } from '../../../contract/schemas/slips.ts';
import { slipOutcome } from '../../../contract/slip-math.ts';
import { ConfigError, loadConfig } from '../../../server/config.ts';
import { seedDemoUsers } from '../../../server/seed/seed.ts';
import { timeline } from '../../../server/sports/match-clock.ts';
import { settleChoice, type FinalStats } from '../../../server/sports/settle-choice.ts';
import { LiveSimulator } from '../../../server/sports/simulator.ts';
import { createMatch, selectionFor } from './helpers/betting.ts';
import { describeOnEachDb } from './helpers/matrix.ts';
import { actor, anonymous, expectOk, idemKey, type Actor } from './helpers/social.ts';
import type { TestServer } from './helpers/test-server.ts';

const MIN = 60_000;

async function scriptOf(server: TestServer, eventId: string) {
  const row = await server.db.selectFrom('evento_modelos').selectAll().where('evento_id', '=', eventId).executeTakeFirstOrThrow();
  return timeline({ stoppage1: row.stoppage_1, stoppage2: row.stoppage_2, abandonAt: null });
}

async function finalStats(server: TestServer, eventId: string): Promise<FinalStats> {
  const row = await server.db
    .selectFrom('eventos')
    .innerJoin('evento_modelos', 'evento_modelos.evento_id', 'eventos.id')
    .selectAll('evento_modelos')
    .select(['eventos.home_goals', 'eventos.away_goals'])
    .where('eventos.id', '=', eventId)
    .executeTakeFirstOrThrow();
  return {
    goals: { home: row.home_goals ?? 0, away: row.away_goals ?? 0 },
    h1Goals: { home: row.h1_home_goals, away: row.h1_away_goals },
    corners: { home: row.home_corners, away: row.away_corners },
    h1Corners: { home: row.h1_home_corners, away: row.h1_away_corners },
  };
}

async function detail(server: TestServer, eventId: string) {
  return expectOk(await anonymous(server).get(`/api/client/public/eventos/${eventId}`), EventDetailResponseSchema).evento;
}

async function createSlip(user: Actor, ficha: unknown[]): Promise<string> {
  const res = await user.send('POST', '/api/client/apostador/fichas/criarFicha', { ficha, valor: 100, oddsChange: false }, idemKey());
  return expectOk(res, CreateSlipResponseSchema, 201).ficha.id;
}

describeOnEachDb(
  'live simulator (injected clock)',
  (server) => {
    let demo: Actor;
    beforeAll(async () => {
      await seedDemoUsers(server().db);
      demo = await actor(server(), 'demo');
    });
    const simulator = (speed = 1) => new LiveSimulator({ db: server().db, signals: server().signals, speed, seed: 5 });

    it('plays a match NS -> LIVE -> HT -> LIVE -> FT with elapsed minutes, live odds and live markets', async () => {
      const kickoff = new Date(Math.floor((Date.now() + 2 * 3_600_000) / MIN) * MIN);
      const id = await createMatch(server(), { kickoff });
      const { h1End, h2Start, end } = await scriptOf(server(), id);
      const sim = simulator();

      await sim.tick(new Date(kickoff.getTime() - MIN));
      expect(await detail(server(), id)).toMatchObject({ status: 'NS', elapsed: null, odds_live: null, estatisticas: null });

      const first = await sim.tick(new Date(kickoff.getTime() + 10 * MIN));
      expect(first.kickedOff).toContain(id);
      const live = await detail(server(), id);
      expect(live).toMatchObject({ status: 'LIVE', elapsed: 11 });
      expect(live.odds_live).not.toBeNull();
      expect(live.home_goals).not.toBeNull();
      expect(live.estatisticas?.halftime).toBeNull();
      expect(live.mercados.map((m) => m.type)).toContain('ht_result');
      const liveList = await demo.get('/api/client/public/search/apostas/live');
      expect(EventListResponseSchema.parse(liveList.body).eventos.map((e) => e.id)).toContain(id);

      await sim.tick(new Date(kickoff.getTime() + (h1End + 3) * MIN));
      const halftime = await detail(server(), id);
      expect(halftime).toMatchObject({ status: 'HT', elapsed: 45 });
      expect(halftime.estatisticas?.halftime).not.toBeNull();
      expect(halftime.mercados.map((m) => m.type)).not.toContain('ht_result');
      expect(halftime.odds_live).not.toBeNull();

      await sim.tick(new Date(kickoff.getTime() + (h2Start + 10.5) * MIN));
      expect(await detail(server(), id)).toMatchObject({ status: 'LIVE', elapsed: 56 });

      const last = await sim.tick(new Date(kickoff.getTime() + (end + 1) * MIN));
      expect(last.finished).toContain(id);
      const over = await detail(server(), id);
      expect(over).toMatchObject({ status: 'FT', elapsed: 90, odds_live: null, mercados: [] });
      const stats = await finalStats(server(), id);
      expect(over.home_goals).toBe(stats.goals.home);
      expect(over.estatisticas?.corners).toEqual(stats.corners);
      expect((await demo.get('/api/client/public/search/apostas/live')).body.eventos).not.toContainEqual(expect.objectContaining({ id }));
    });

    it('settles the selections and slips on a finished match and notifies the owner (newFichaUpdate)', async () => {
      const kickoff = new Date(Math.floor((Date.now() + 3 * 3_600_000) / MIN) * MIN);
      const match = await createMatch(server(), { kickoff, home: 'arsenal', away: 'chelsea', competition: 'girabola' });
      const later = await createMatch(server(), { kickoff: new Date(kickoff.getTime() + 4 * 3_600_000), home: 'inter', away: 'napoli' });
      const picks: [string, string][] = [
        ['btts', 'yes'],
        ['goals', 'under_2.5'],
        ['corners', 'over_8.5'],
        ['ft_result', 'home'],
      ];
      const single: string[] = [];
      for (const [type, choice] of picks) single.push(await createSlip(demo, [await selectionFor(server(), match, type, choice)]));
      const double = await createSlip(demo, [await selectionFor(server(), match, 'double_chance', '1X'), await selectionFor(server(), later, 'goals', 'over_1.5')]);
      const { end } = await scriptOf(server(), match);
      const sentBefore = server().signals.sent.length;
      const sim = simulator();

      await sim.tick(new Date(kickoff.getTime() + 20 * MIN));
      const report = await sim.tick(new Date(kickoff.getTime() + (end + 2) * MIN));
      expect(report.finished).toContain(match);
      const stats = await finalStats(server(), match);
      for (const [index, [type, choice]] of picks.entries()) {
        const slip = expectOk(await demo.get(`/api/client/apostador/fichas/${single[index]}`), SlipResponseSchema).ficha;
        const outcome = settleChoice(type, choice, stats);
        expect(slip.selecoes[0]?.bet_status).toBe(outcome);
        expect(slip.estado).toBe(outcome);
        expect(slip.settledAt).not.toBeNull();
      }
      const firstLeg = settleChoice('double_chance', '1X', stats);
      const doubleSlip = expectOk(await demo.get(`/api/client/apostador/fichas/${double}`), SlipResponseSchema).ficha;
      expect(doubleSlip.selecoes.map((s) => s.bet_status)).toEqual([firstLeg, 'pending']);
      expect(doubleSlip.estado).toBe(firstLeg === 'failed' ? 'failed' : 'pending');

      const notes = await server()
        .db.selectFrom('notificacoes')
        .selectAll()
        .where('usuario_id', '=', demo.id)
        .where('tipo', '=', 'ficha')
        .where('recurso_id', 'in', [...single, double])
        .execute();
      const settledNow = report.settledSlips.filter((slip) => [...single, double].includes(slip));
      expect(notes.map((n) => n.recurso_id).sort()).toEqual([...settledNow].sort());
      // The slip's result, with its return in Kz when there is one (server/notify/texts.ts).
      for (const note of notes) expect(note.mensagem).toMatch(new RegExp(`^(${MSG.slipWon}: retorno [\\d.]+ Kz|${MSG.slipLost}|${MSG.slipVoid}: retorno [\\d.]+ Kz)$`));
      const sent = server().signals.sent.slice(sentBefore).filter((s) => 'notificacao' in s.sinal && s.sinal.notificacao.tipo === 'ficha');
      expect(sent).toHaveLength(settledNow.length);
      for (const signal of sent) {
        expect(signal.userIds).toEqual([demo.id]);
        if ('notificacao' in signal.sinal) expect(signal.sinal.notificacao.counter).toBe('newFichaUpdate');
      }
      const counter = await server()
        .db.selectFrom('contadores')
        .select('count')
        .where('usuario_id', '=', demo.id)
        .where('nome', '=', 'newFichaUpdate')
        .executeTakeFirst();
      expect(Number(counter?.count ?? 0)).toBeGreaterThanOrEqual(settledNow.length);

      // Ticking again changes nothing and tells nobody twice.
      const sentAfter = server().signals.sent.length;
      const again = await sim.tick(new Date(kickoff.getTime() + (end + 3) * MIN));
      expect(again.settledSlips).toEqual([]);
      expect(server().signals.sent.length).toBe(sentAfter);

      // The second match settles the two-leg slip.
      const laterEnd = (await scriptOf(server(), later)).end;
      await sim.tick(new Date(kickoff.getTime() + 4 * 3_600_000 + (laterEnd + 1) * MIN));
      const settled = expectOk(await demo.get(`/api/client/apostador/fichas/${double}`), SlipResponseSchema).ficha;
      const secondLeg = settleChoice('goals', 'over_1.5', await finalStats(server(), later));
      expect(settled.selecoes.map((s) => s.bet_status)).toEqual([firstLeg, secondLeg]);
      expect(settled.estado).toBe(slipOutcome([firstLeg ?? 'void', secondLeg ?? 'void']));
    });

    it('abandons a match: status ABD, its selections and slips void, the owner told', async () => {
      const kickoff = new Date(Math.floor((Date.now() + 2.5 * 3_600_000) / MIN) * MIN);
      const id = await createMatch(server(), { kickoff, home: 'benfica', away: 'porto', abandonAt: 30 });
      const slip = await createSlip(demo, [await selectionFor(server(), id, 'ft_result', 'draw')]);
      const sim = simulator();
      await sim.tick(new Date(kickoff.getTime() + 10 * MIN));
      const report = await sim.tick(new Date(kickoff.getTime() + 40 * MIN));
      expect(report.abandoned).toEqual([id]);
      expect(await detail(server(), id)).toMatchObject({ status: 'ABD', elapsed: 31, mercados: [] });
      const ficha = expectOk(await demo.get(`/api/client/apostador/fichas/${slip}`), SlipResponseSchema).ficha;
      expect(ficha).toMatchObject({ estado: 'void', multiplicador: 1, retorno: 100 });
      expect(ficha.selecoes[0]?.bet_status).toBe('void');
      const note = await server().db.selectFrom('notificacoes').select('mensagem').where('recurso_id', '=', slip).where('tipo', '=', 'ficha').executeTakeFirst();
      expect(note?.mensagem).toBe(`${MSG.slipVoid}: retorno 100 Kz`);
      // Later ticks leave an abandoned match alone, and the upcoming list no longer shows it.
      await sim.tick(new Date(kickoff.getTime() + 200 * MIN));
      expect((await detail(server(), id)).status).toBe('ABD');
      const upcoming = EventListResponseSchema.parse((await anonymous(server()).get('/api/client/public/eventos')).body);
      expect(upcoming.eventos.map((e) => e.id)).not.toContain(id);
    });

    it('catches up a match found late, and plays faster with a higher speed', async () => {
      const late = new Date(Math.floor((Date.now() + 5 * 3_600_000) / MIN) * MIN);
      const lateId = await createMatch(server(), { kickoff: late, home: 'real-madrid', away: 'barcelona' });
      await simulator().tick(new Date(late.getTime() + 4 * 3_600_000));
      const over = await detail(server(), lateId);
      expect(over.status).toBe('FT');
      expect(over.estatisticas?.halftime).not.toBeNull();

      const fast = new Date(Math.floor((Date.now() + 6 * 3_600_000) / MIN) * MIN);
      const fastId = await createMatch(server(), { kickoff: fast, home: 'liverpool', away: 'everton' });
      // SIMULATOR_SPEED=60: thirty real seconds are thirty match minutes.
      await simulator(60).tick(new Date(fast.getTime() + 30_000));
      expect(await detail(server(), fastId)).toMatchObject({ status: 'LIVE', elapsed: 31 });
    });

    it('drifts the prices of upcoming matches: markets, trends and the main odds move together', async () => {
      const id = await createMatch(server(), { kickoff: new Date(Date.now() + 10 * 3_600_000), home: 'sporting-cp', away: 'braga' });
      await server().db.updateTable('evento_modelos').set({ ticked_at: '2000-01-01T00:00:00.000Z' }).where('evento_id', '=', id).execute();
      const before = await detail(server(), id);
      const report = await simulator().tick(new Date());
      expect(report.drifted).toContain(id);
      const after = await detail(server(), id);
      const choices = (event: typeof before) => new Map(event.mercados.flatMap((m) => m.choices.map((c) => [`${c.type}|${c.choice}`, c] as const)));
      const old = choices(before);
      let moved = 0;
      for (const [key, choice] of choices(after)) {
        const previous = old.get(key);
        if (!previous || previous.odds === choice.odds) continue;
        moved += 1;
        expect(choice.oddsTrend).toBe(choice.odds > previous.odds ? 'up' : 'down');
      }
      expect(moved).toBeGreaterThan(0);
      const ft = after.mercados.find((m) => m.type === 'ft_result')?.choices ?? [];
      expect(after.odds).toEqual({ home: ft[0]?.odds, draw: ft[1]?.odds, away: ft[2]?.odds });
    });

    it('answers 404 for an unknown event and 401 for live events without a session', async () => {
      expect((await anonymous(server()).get('/api/client/public/eventos/00000000-0000-4000-8000-000000000000')).status).toBe(404);
      expect((await anonymous(server()).get(`/api/client/public/eventos/${'x'.repeat(500)}`)).status).toBe(404);
      expect((await anonymous(server()).get('/api/client/public/search/apostas/live')).status).toBe(401);
    });
  },
  { seed: false },
);

describe('simulator configuration', () => {
  const dir = () => mkdtempSync(join(tmpdir(), 'fichas-sim-'));

  it('is on at real time by default and reads SIMULATOR and SIMULATOR_SPEED', () => {
    const d = dir();
    try {
      expect(loadConfig({ DATA_DIR: d, AUTH_SECRET: 'x'.repeat(32) }).simulator).toEqual({ enabled: true, speed: 1 });
      expect(loadConfig({ DATA_DIR: d, AUTH_SECRET: 'x'.repeat(32), SIMULATOR: 'off', SIMULATOR_SPEED: '60' }).simulator).toEqual({ enabled: false, speed: 60 });
      expect(() => loadConfig({ DATA_DIR: d, AUTH_SECRET: 'x'.repeat(32), SIMULATOR_SPEED: 'depressa' })).toThrow(ConfigError);
      expect(() => loadConfig({ DATA_DIR: d, AUTH_SECRET: 'x'.repeat(32), SIMULATOR_SPEED: '0' })).toThrow(ConfigError);
    } finally {
      rmSync(d, { recursive: true, force: true });
    }
  });

  it('ticks about once a match minute, between 1 and 10 seconds', () => {
    const sim = (speed: number) => new LiveSimulator({ db: undefined as never, signals: { send: async () => {} }, speed, seed: 1 });
    expect(sim(1).intervalMs).toBe(10_000);
    expect(sim(60).intervalMs).toBe(1_000);
  });
});
