import { beforeAll, expect, it } from 'vitest';
import { MSG } from '../../../contract/messages.ts';
import { EventDetailResponseSchema } from '../../../contract/schemas/events.ts';
import { ExploreBetsResponseSchema, PROBABILITY_BETS, type ExploreSelection } from '../../../contract/schemas/explore.ts';
import { CreateSlipResponseSchema, SelectionSchema } from '../../../contract/schemas/slips.ts';
import { angolaDayOf } from '../../../server/explore/angola-day.ts';
import { LIVE_MIN_ODDS, PROBABILITY_BET_MARKETS } from '../../../server/explore/filter-markets.ts';
import { windowEnd } from '../../../server/slips/tips.ts';
import { repriceEvent } from '../../../server/sports/simulator.ts';
import { createMatch, selectionFor } from './helpers/betting.ts';
import { describeOnEachDb } from './helpers/matrix.ts';
import { anonymous, expectError, expectOk, idemKey, newUser, type Actor } from './helpers/social.ts';
import type { TestServer } from './helpers/test-server.ts';

const PATH = '/api/client/public/explorar/apostas';
const HOUR = 3_600_000;
const COMPETITION = 'explore-teste';

async function tips(who: Actor, query: string): Promise<ExploreSelection[]> {
  return expectOk(await who.get(`${PATH}${query}`), ExploreBetsResponseSchema).selecoes;
}

const probabilities = (list: readonly ExploreSelection[]) => list.map((s) => s.event_selection.probability);
const sortedDesc = (values: readonly number[]) => [...values].sort((a, b) => b - a);
const eventIds = (list: readonly ExploreSelection[]) => list.map((s) => s.event_id);

/** Every tip is a pending, unwarned Selection, one per event. */
function expectTips(list: readonly ExploreSelection[]): void {
  for (const tip of list) {
    expect(SelectionSchema.safeParse(tip).success).toBe(true);
    expect(tip).toMatchObject({ bet_status: 'pending', hasWarning: false });
  }
  expect(new Set(eventIds(list)).size).toBe(list.length);
}

/** Not started, kicking off after `from` and before `to`. */
function expectUpcoming(list: readonly ExploreSelection[], from: Date, to: Date): void {
  for (const tip of list) {
    expect(tip.event_status).toBe('NS');
    expect(Date.parse(tip.event_scheduled)).toBeGreaterThan(from.getTime());
    expect(Date.parse(tip.event_scheduled)).toBeLessThan(to.getTime());
  }
}

async function drift(server: TestServer, eventId: string, ajuste: number): Promise<void> {
  const model = await server.db.selectFrom('evento_modelos').selectAll().where('evento_id', '=', eventId).executeTakeFirstOrThrow();
  await repriceEvent(server.db, { eventId, model, ajuste, now: new Date() });
}

describeOnEachDb('Explore tips (GET /api/client/public/explorar/apostas)', (server) => {
  const visitor = () => anonymous(server());
  /** Matches of a competition of their own, so the competition filter gives exactly them. */
  const mine: Record<'soon' | 'later' | 'tomorrow' | 'homeValue' | 'awayValue' | 'live', string> = {
    soon: '', later: '', tomorrow: '', homeValue: '', awayValue: '', live: '',
  };
  const started = Date.now();

  beforeAll(async () => {
    await server().db.insertInto('competicoes').values({ id: COMPETITION, nome: 'Taça de Teste', pais: 'Angola' }).execute();
    const at = (hours: number) => new Date(started + hours * HOUR);
    mine.soon = await createMatch(server(), { kickoff: at(2), competition: COMPETITION });
    mine.later = await createMatch(server(), { kickoff: at(4), competition: COMPETITION, home: 'arsenal', away: 'chelsea' });
    mine.tomorrow = await createMatch(server(), { kickoff: at(30), competition: COMPETITION, home: 'benfica', away: 'porto' });
    mine.homeValue = await createMatch(server(), { kickoff: at(6), competition: COMPETITION, home: 'inter', away: 'milan' });
    mine.awayValue = await createMatch(server(), { kickoff: at(8), competition: COMPETITION, home: 'bayern', away: 'dortmund' });
    mine.live = await createMatch(server(), { kickoff: at(-0.5), competition: COMPETITION, home: 'real-madrid', away: 'barcelona' });
    await server().db.updateTable('eventos').set({ status: 'LIVE', elapsed: 30, home_goals: 0, away_goals: 0 }).where('id', '=', mine.live).execute();
    // The market moves away from the model: the side it moved against is priced above its model chance.
    await drift(server(), mine.homeValue, -0.3);
    await drift(server(), mine.awayValue, 0.3);
  });

  it('answers without a session: the likeliest full-time result per upcoming match of the week, likeliest first', async () => {
    const now = new Date();
    const list = await tips(visitor(), '');
    expect(list.length).toBeGreaterThan(10);
    expectTips(list);
    expectUpcoming(list, new Date(now.getTime() - 60_000), windowEnd('semanal', new Date(now.getTime() + 60_000)));
    expect(probabilities(list)).toEqual(sortedDesc(probabilities(list)));
    for (const tip of list) expect(tip.event_selection.type).toBe('ft_result');
    expect(await tips(visitor(), '?searchByComponent=probabilityBets&probabilityBetsComponent=ft_result&dateOption=semanal')).toEqual(list);
  });

  it.each(PROBABILITY_BETS)('probabilityBets %s: the most probable choice of the group per match', async (group) => {
    const pick = PROBABILITY_BET_MARKETS[group];
    const list = await tips(visitor(), `?searchByComponent=probabilityBets&probabilityBetsComponent=${group}&competitionComponent=${COMPETITION}`);
    expectTips(list);
    expect(probabilities(list)).toEqual(sortedDesc(probabilities(list)));
    // Every not-started match of the competition in the week has the group priced.
    expect(new Set(eventIds(list))).toEqual(new Set([mine.soon, mine.later, mine.tomorrow, mine.homeValue, mine.awayValue]));
    for (const tip of list) {
      expect(tip.event_selection.type).toBe(pick.type);
      expect(pick.choices).toContain(tip.event_selection.choice);
    }
    const first = list[0];
    if (first && pick.choices.length > 1) {
      const detail = expectOk(await visitor().get(`/api/client/public/eventos/${first.event_id}`), EventDetailResponseSchema).evento;
      const group = detail.mercados.find((m) => m.type === pick.type)?.choices.filter((c) => pick.choices.includes(c.choice)) ?? [];
      expect(first.event_selection.probability).toBe(Math.max(...group.map((c) => c.probability)));
      expect(first.event_selection.odds).toBe(group.find((c) => c.choice === first.event_selection.choice)?.odds);
    }
  });

  it('bounds the window with dateOption: today ends at midnight in Angola, 3_dias after 72 hours', async () => {
    const now = new Date();
    const today = await tips(visitor(), '?dateOption=hoje');
    expectUpcoming(today, new Date(now.getTime() - 60_000), windowEnd('hoje', new Date(now.getTime() + 60_000)));
    const threeDays = await tips(visitor(), '?dateOption=3_dias&size=250');
    expectUpcoming(threeDays, new Date(now.getTime() - 60_000), windowEnd('3_dias', new Date(now.getTime() + 60_000)));
    expect(threeDays.length).toBeGreaterThanOrEqual(today.length);
    const mineToday = eventIds(await tips(visitor(), `?dateOption=hoje&competitionComponent=${COMPETITION}`));
    expect(mineToday).not.toContain(mine.tomorrow);
  });

  it('narrows every mode to one competition', async () => {
    const all = await tips(visitor(), '?size=250');
    const other = all.find((tip) => tip.event_tournament.id !== COMPETITION)?.event_tournament.id ?? '';
    const narrowed = await tips(visitor(), `?competitionComponent=${other}&size=250`);
    expect(narrowed.length).toBeGreaterThan(0);
    expect(narrowed.length).toBeLessThan(all.length);
    for (const tip of narrowed) expect(tip.event_tournament.id).toBe(other);
    for (const mode of ['valueBets', 'trends', 'popular', 'live', 'next', 'date']) {
      for (const tip of await tips(visitor(), `?searchByComponent=${mode}&competitionComponent=${COMPETITION}`)) {
        expect(tip.event_tournament).toEqual({ id: COMPETITION, name: 'Taça de Teste' });
      }
    }
    expect(await tips(visitor(), '?competitionComponent=nao-existe')).toEqual([]);
  });

  it('valueBets: choices whose model probability x odds exceeds 1, most value first', async () => {
    const home = await tips(visitor(), `?searchByComponent=valueBets&valueBetsComponent=homeWin&competitionComponent=${COMPETITION}`);
    expect(eventIds(home)).toEqual([mine.homeValue]);
    const away = await tips(visitor(), `?searchByComponent=valueBets&valueBetsComponent=awayWin&competitionComponent=${COMPETITION}`);
    expect(eventIds(away)).toEqual([mine.awayValue]);
    for (const tip of [...home, ...away]) {
      expect(tip.event_selection).toMatchObject({ type: 'ft_result', choice: tip === home[0] ? 'home' : 'away' });
      const value = tip.insight?.value ?? 0;
      expect(value).toBeGreaterThan(1);
      // modelProbability is rounded to 0.1 percentage point and value to 3 decimals.
      const odds = tip.event_selection.odds;
      expect(Math.abs(value - ((tip.insight?.modelProbability ?? 0) / 100) * odds)).toBeLessThanOrEqual(0.0005 * odds + 0.0005 + 1e-9);
      // The book itself never shows value: its probability is where its odds come from.
      expect((tip.event_selection.probability / 100) * tip.event_selection.odds).toBeLessThan(1);
    }
    for (const filter of ['homeWin', 'draw', 'awayWin', 'btts', 'o15', 'u15', 'o25', 'u25', 'o35', 'u35', 'homeGoals', 'awayGoals', 'o85Corners']) {
      const list = await tips(visitor(), `?searchByComponent=valueBets&valueBetsComponent=${filter}&size=250`);
      expectTips(list);
      expectUpcoming(list, new Date(Date.now() - 60_000), new Date(Date.now() + 8 * 24 * HOUR));
      const values = list.map((tip) => tip.insight?.value ?? 0);
      for (const value of values) expect(value).toBeGreaterThan(1);
      expect(values).toEqual(sortedDesc(values));
    }
  });

  it('trends: only choices whose probability is rising, likeliest first', async () => {
    const home = await tips(visitor(), `?searchByComponent=trends&trendsComponent=homeWin&competitionComponent=${COMPETITION}`);
    // The drift against the home side lowered its probability; the one for it raised it.
    expect(eventIds(home)).toContain(mine.awayValue);
    expect(eventIds(home)).not.toContain(mine.homeValue);
    for (const filter of ['homeWin', 'btts', 'over25', 'under35', '1hGoals', 'drawHT', 'awayGoals', '1hCorners', 'under10Corners']) {
      const list = await tips(visitor(), `?searchByComponent=trends&trendsComponent=${filter}&size=250`);
      expectTips(list);
      for (const tip of list) expect(tip.event_selection.probabilityTrend).toBe('up');
      expect(probabilities(list)).toEqual(sortedDesc(probabilities(list)));
    }
  });

  it('popular: the choices most held by published slips, at current odds; hidden slips do not count', async () => {
    const [a, b, c] = [await newUser(server(), 'pop'), await newUser(server(), 'pop'), await newUser(server(), 'pop')];
    const slip = async (who: Actor, eventId: string, choice: string) => {
      const body = { ficha: [await selectionFor(server(), eventId, 'ft_result', choice)], valor: 100 };
      return expectOk(await who.send('POST', '/api/client/apostador/fichas/criarFicha', body, idemKey()), CreateSlipResponseSchema, 201).ficha.id;
    };
    await slip(a, mine.soon, 'draw');
    await slip(b, mine.soon, 'draw');
    await slip(a, mine.later, 'home');
    for (let i = 0; i < 3; i += 1) {
      const id = await slip(c, mine.later, 'away');
      await c.send('PATCH', `/api/client/apostador/fichas/${id}/ocultar`, undefined, idemKey());
    }
    const list = await tips(visitor(), `?searchByComponent=popular&competitionComponent=${COMPETITION}`);
    expectTips(list);
    expect(list.map((t) => [t.event_id, t.event_selection.choice, t.insight?.slips])).toEqual([
      [mine.soon, 'draw', 2],
      [mine.later, 'home', 1],
    ]);
    const everywhere = await tips(visitor(), '?searchByComponent=popular&size=250');
    const counts = everywhere.map((t) => t.insight?.slips ?? 0);
    expect(counts).toEqual(sortedDesc(counts));
  });

  it('live: the likeliest choice still worth taking on matches being played', async () => {
    const list = await tips(visitor(), `?searchByComponent=live&competitionComponent=${COMPETITION}`);
    expect(eventIds(list)).toEqual([mine.live]);
    for (const tip of await tips(visitor(), '?searchByComponent=live&size=250')) {
      expect(['LIVE', 'HT']).toContain(tip.event_status);
      expect(tip.event_selection.odds).toBeGreaterThanOrEqual(LIVE_MIN_ODDS / 100);
    }
    expect(eventIds(await tips(visitor(), `?competitionComponent=${COMPETITION}&size=250`))).not.toContain(mine.live);
  });

  it('next: the matches kicking off soonest with their likeliest full-time result', async () => {
    const list = await tips(visitor(), `?searchByComponent=next&competitionComponent=${COMPETITION}`);
    expect(eventIds(list)).toEqual([mine.soon, mine.later, mine.homeValue, mine.awayValue, mine.tomorrow]);
    const all = await tips(visitor(), '?searchByComponent=next&size=250');
    expectTips(all);
    const kickoffs = all.map((tip) => tip.event_scheduled);
    expect(kickoffs).toEqual([...kickoffs].sort());
    for (const tip of all) expect(tip.event_selection.type).toBe('ft_result');
  });

  it('date: the matches of one day as the app shows it (UTC+1), in kick-off order', async () => {
    const day = angolaDayOf(new Date(started + 30 * HOUR));
    const list = await tips(visitor(), `?searchByComponent=date&dateComponent=${day.day}&size=250`);
    expect(eventIds(list)).toContain(mine.tomorrow);
    expectTips(list);
    for (const tip of list) {
      expect(tip.event_scheduled >= day.start.toISOString() && tip.event_scheduled < day.end.toISOString()).toBe(true);
    }
    const kickoffs = list.map((tip) => tip.event_scheduled);
    expect(kickoffs).toEqual([...kickoffs].sort());
    expect(await tips(visitor(), '?searchByComponent=date&dateComponent=2020-01-01')).toEqual([]);
    // Without a day: today in Angola.
    const today = await tips(visitor(), `?searchByComponent=date&competitionComponent=${COMPETITION}`);
    const bounds = angolaDayOf(new Date());
    for (const tip of today) expect(tip.event_scheduled < bounds.end.toISOString()).toBe(true);
  });

  it('pages with pageNumber and size', async () => {
    const six = await tips(visitor(), '?size=6');
    expect(six).toHaveLength(6);
    const first = await tips(visitor(), '?size=3&pageNumber=1');
    const second = await tips(visitor(), '?size=3&pageNumber=2');
    expect([...first, ...second]).toEqual(six);
    expect(await tips(visitor(), '?pageNumber=100000')).toEqual([]);
  });

  it.each([
    'searchByComponent=best',
    'trendsComponent=over45',
    'valueBetsComponent=o45',
    'probabilityBetsComponent=o5_goals',
    'dateOption=mensal',
    'dateComponent=2025-02-30',
    'dateComponent=amanha',
    'competitionComponent=a%20b',
    'size=251',
    'pageNumber=0',
    'size=abc',
  ])('answers 400 to %s', async (query) => {
    expectError(await visitor().get(`${PATH}?${query}`), 400, MSG.invalidRequest);
  });
});
