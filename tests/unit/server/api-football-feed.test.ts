import { afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { CreateSlipResponseSchema } from '../../../contract/schemas/slips.ts';
import { EventDetailResponseSchema } from '../../../contract/schemas/events.ts';
import { ApiFootballFeed, eventIdOf } from '../../../server/sports/api-football/feed.ts';
import type { ApiFootballConfig } from '../../../server/sports/api-football/feed-config.ts';
import { startFakeApiFootball, type FakeApiFootball, type FakeBet } from '../../fakes/api-football.ts';
import { selectionFor } from './helpers/betting.ts';
import { describeOnEachDb } from './helpers/matrix.ts';
import { expectOk, idemKey, newUser, type Actor } from './helpers/social.ts';

// The real football feed end to end on the server, over HTTP against the local fake of API-Football v3: fixtures
// and prices become events and markets, a slip is built on one, the fake plays the match (NS → 1H → HT → 2H → FT),
// and the slip settles on the regular-time score, once, however often the feed runs; a postponed match voids its
// legs after the configured wait; the plan's requests are never exceeded.

const MIN = 60_000;
const HOUR = 60 * MIN;

const bets = (home: string, draw: string, away: string): FakeBet[] => [
  { id: 1, name: 'Match Winner', values: [{ value: 'Home', odd: home }, { value: 'Draw', odd: draw }, { value: 'Away', odd: away }] },
  { id: 5, name: 'Goals Over/Under', values: [{ value: 'Over 2.5', odd: '2.05' }, { value: 'Under 2.5', odd: '1.75' }] },
  { id: 8, name: 'Both Teams Score', values: [{ value: 'Yes', odd: '1.90' }, { value: 'No', odd: '1.85' }] },
  { id: 45, name: 'Corners Over Under', values: [{ value: 'Over 8.5', odd: '1.80' }, { value: 'Under 8.5', odd: '1.95' }] },
  { id: 99, name: 'Anytime Goal Scorer', values: [{ value: 'Someone', odd: '3.00' }] },
];

const logs: string[] = [];

describeOnEachDb('the API-Football feed', (server) => {
  let fake: FakeApiFootball;
  let kickoff: Date;
  /** The test's "now": the real clock, unless the day is too far gone for a match day to fit before UTC midnight
   * (the plan's day ends there), then early tomorrow. The fixtures stay in the future of the real clock either way. */
  let start: Date;
  let owner: Actor;
  let feed: ApiFootballFeed;
  /** This test's fixtures: a priced Girabola match, a later one, one of a league not followed, one not priced. */
  let ids: { first: number; second: number; unfollowed: number; unpriced: number };
  let base = 7000;
  const config = (): ApiFootballConfig => ({
    kind: 'api-football',
    key: fake.key,
    url: fake.url,
    leagues: [397, 39],
    bookmaker: 8,
    dailyLimit: 100,
    liveIntervalMs: 60_000,
    voidAfterMs: 48 * HOUR,
  });

  beforeAll(async () => {
    owner = await newUser(server(), 'feed');
  });

  // Each test has an API of its own and starts the feed afresh (its bookkeeping is in the database the suite shares).
  beforeEach(async () => {
    base += 10;
    ids = { first: base + 1, second: base + 2, unfollowed: base + 3, unpriced: base + 4 };
    await server().db.deleteFrom('feed_estado').execute();
    await server().db.deleteFrom('feed_jogos').execute();
    fake = await startFakeApiFootball();
    // The fake counts its minute in real time while the feed runs on the test's clock: no minute limit here.
    fake.plan.minute = 10_000;
    fake.leagues.set(397, { id: 397, name: 'Girabola', country: 'Angola', season: 2026 });
    fake.leagues.set(39, { id: 39, name: 'Premier League', country: 'England', season: 2026 });
    const now = new Date(Math.ceil(Date.now() / MIN) * MIN);
    start = now.getUTCHours() < 16 ? now : new Date(Date.parse(`${new Date(now.getTime() + 24 * HOUR).toISOString().slice(0, 10)}T06:00:00.000Z`));
    kickoff = new Date(start.getTime() + 2 * HOUR);
    fake.addFixture({ id: ids.first, leagueId: 397, date: kickoff.toISOString(), home: { id: 11, name: 'Petro de Luanda' }, away: { id: 12, name: '1º de Agosto' } });
    fake.addFixture({ id: ids.second, leagueId: 397, date: new Date(kickoff.getTime() + HOUR).toISOString(), home: { id: 13, name: 'Sagrada Esperança' }, away: { id: 14, name: 'Interclube' } });
    fake.addFixture({ id: ids.unfollowed, leagueId: 140, date: kickoff.toISOString(), home: { id: 15, name: 'Real Madrid' }, away: { id: 16, name: 'Barcelona' } });
    fake.addFixture({ id: ids.unpriced, leagueId: 39, date: kickoff.toISOString(), home: { id: 17, name: 'Arsenal' }, away: { id: 18, name: 'Chelsea' } });
    fake.odds.set(ids.first, new Map([[8, bets('2.10', '3.20', '3.50')], [6, bets('2.00', '3.10', '3.80')]]));
    fake.odds.set(ids.second, new Map([[8, bets('1.70', '3.60', '4.80')]]));
    fake.odds.set(ids.unfollowed, new Map([[8, bets('1.50', '4.00', '6.00')]]));
    // One item a page: the day's prices come in several pages.
    fake.oddsPageSize = 1;
    feed = new ApiFootballFeed({ db: server().db, signals: server().signals, config: config(), log: (line) => logs.push(line) });
  });
  afterEach(() => fake.close());

  it('makes events of the followed, priced fixtures, with the bookmaker’s markets and fair probabilities', async () => {
    const report = await feed.tick(start);
    expect(report.failures).toEqual([]);
    expect(report.created.sort()).toEqual([eventIdOf(ids.first), eventIdOf(ids.second)]);
    expect(report.skippedBets['Anytime Goal Scorer']).toBeGreaterThan(0);
    const detail = await server().app.request(`/api/client/public/eventos/${eventIdOf(ids.first)}`);
    const { evento } = EventDetailResponseSchema.parse(await detail.json());
    expect(evento).toMatchObject({ status: 'NS', home_name: 'Petro de Luanda', away_name: '1º de Agosto', competition_name: 'Girabola', odds: { home: 2.1, draw: 3.2, away: 3.5 } });
    expect(evento.probability.home + evento.probability.draw + evento.probability.away).toBeCloseTo(100, 0);
    expect(evento.mercados.map((market) => market.type)).toEqual(['ft_result', 'btts', 'goals', 'corners']);
    for (const id of [ids.unfollowed, ids.unpriced]) expect(await server().db.selectFrom('eventos').select('id').where('id', '=', eventIdOf(id)).executeTakeFirst()).toBeUndefined();

    // A second run in the same minute reads nothing: nothing is due.
    const again = await feed.tick(start);
    expect(again.requests).toBe(0);
  });

  it('plays a match to the end and settles a slip on it once, on the regular-time score, corners from the statistics', async () => {
    await feed.tick(start);
    const slip = expectOk(
      await owner.send(
        'POST',
        '/api/client/apostador/fichas/criarFicha',
        {
          ficha: [
            await selectionFor(server(), eventIdOf(ids.first), 'ft_result', 'home'),
          ],
          valor: 1000,
          oddsChange: false,
        },
        idemKey(),
      ),
      CreateSlipResponseSchema,
      201,
    ).ficha;
    const cornersSlip = expectOk(
      await owner.send('POST', '/api/client/apostador/fichas/criarFicha', { ficha: [await selectionFor(server(), eventIdOf(ids.first), 'corners', 'over_8.5')], valor: 500, oddsChange: false }, idemKey()),
      CreateSlipResponseSchema,
      201,
    ).ficha;
    const at = (minutes: number) => new Date(kickoff.getTime() + minutes * MIN);
    const event = () => server().db.selectFrom('eventos').selectAll().where('id', '=', eventIdOf(ids.first)).executeTakeFirstOrThrow();

    fake.play(ids.first, 'kick-off');
    const started = await feed.tick(at(1));
    expect(started.kickedOff).toEqual([eventIdOf(ids.first)]);
    expect(await event()).toMatchObject({ status: 'LIVE', elapsed: 1, home_goals: 0, away_goals: 0 });
    const detail = async () => EventDetailResponseSchema.parse(await (await server().app.request(`/api/client/public/eventos/${eventIdOf(ids.first)}`)).json()).evento;
    // No live prices from the API yet: the event page says its odds are the last ones before kick-off.
    expect((await detail()).odds_source).toBe('prematch');

    fake.play(ids.first, { goal: 'home', minute: 23 });
    fake.liveOdds.set(ids.first, bets('1.45', '4.10', '7.50'));
    await feed.tick(at(23));
    expect(await event()).toMatchObject({ status: 'LIVE', elapsed: 23, home_goals: 1 });
    expect(await detail()).toMatchObject({ odds_source: 'live', odds_live: { home: 1.45, draw: 4.1, away: 7.5 } });
    fake.play(ids.first, 'half-time');
    await feed.tick(at(47));
    expect((await event()).status).toBe('HT');
    fake.play(ids.first, 'second-half');
    fake.play(ids.first, { goal: 'away', minute: 70 });
    fake.play(ids.first, { goal: 'home', minute: 88 });
    await feed.tick(at(88));
    expect(await event()).toMatchObject({ status: 'LIVE', home_goals: 2, away_goals: 1 });

    // Full time: the live list drops the match; the feed reads it by id, then its statistics for the corners leg.
    fake.play(ids.first, 'full-time');
    fake.corners.set(ids.first, { home: 6, away: 4 });
    const ended = await feed.tick(at(95));
    expect(ended.finished).toEqual([eventIdOf(ids.first)]);
    expect(ended.settledSlips.sort()).toEqual([slip.id, cornersSlip.id].sort());
    expect(fake.requests.some((request) => request.path === '/fixtures' && request.params.ids?.split('-').includes(String(ids.first)))).toBe(true);
    expect(fake.requests.some((request) => request.path === '/fixtures/statistics' && request.params.fixture === String(ids.first))).toBe(true);
    expect(await event()).toMatchObject({ status: 'FT', home_goals: 2, away_goals: 1 });
    const states = await server().db.selectFrom('fichas').select(['id', 'estado']).where('id', 'in', [slip.id, cornersSlip.id]).execute();
    expect(Object.fromEntries(states.map((row) => [row.id, row.estado]))).toEqual({ [slip.id]: 'won', [cornersSlip.id]: 'won' });
    expect(await server().db.selectFrom('mercados').select('evento_id').where('evento_id', '=', eventIdOf(ids.first)).execute()).toEqual([]);

    // Running again settles nothing twice and tells nobody again.
    const notes = await server().db.selectFrom('notificacoes').select('id').where('usuario_id', '=', owner.id).execute();
    const rerun = await feed.tick(at(100));
    expect([rerun.finished, rerun.settledSlips]).toEqual([[], []]);
    expect(await server().db.selectFrom('notificacoes').select('id').where('usuario_id', '=', owner.id).execute()).toHaveLength(notes.length);
  });

  it('voids the legs of a postponed match once it has waited, and keeps what it knew when the API fails', async () => {
    await feed.tick(start);
    const slip = expectOk(
      await owner.send('POST', '/api/client/apostador/fichas/criarFicha', { ficha: [await selectionFor(server(), eventIdOf(ids.second), 'btts', 'yes')], valor: 300, oddsChange: false }, idemKey()),
      CreateSlipResponseSchema,
      201,
    ).ficha;
    const later = new Date(kickoff.getTime() + HOUR);
    fake.play(ids.second, { short: 'PST', long: 'Match Postponed' });
    // The live read fails (a 500): nothing changes, the failure is logged, and the next tick tries again.
    fake.fail('server-error', '/fixtures');
    const failed = await feed.tick(new Date(later.getTime() + 10 * MIN));
    expect(failed.failures.join()).toContain('server');
    expect(logs.some((line) => line.includes('tenta de novo mais tarde'))).toBe(true);
    await feed.tick(new Date(later.getTime() + 12 * MIN));
    const row = await server().db.selectFrom('eventos').select('status').where('id', '=', eventIdOf(ids.second)).executeTakeFirstOrThrow();
    expect(row.status).toBe('PST');
    // Off the board, and nobody is told it kicked off.
    expect(await server().db.selectFrom('mercados').select('evento_id').where('evento_id', '=', eventIdOf(ids.second)).execute()).toEqual([]);
    const told = await server().db.selectFrom('notificacoes').select('dados').where('usuario_id', '=', owner.id).execute();
    expect(told.filter((note) => (note.dados ?? '').includes(eventIdOf(ids.second)) && (note.dados ?? '').includes('"posicao"') && !(note.dados ?? '').includes('"estado"'))).toEqual([]);
    const state = async () => (await server().db.selectFrom('fichas').select('estado').where('id', '=', slip.id).executeTakeFirstOrThrow()).estado;
    expect(await state()).toBe('pending');
    // 48 hours after its kick-off, it is void.
    const voided = await feed.tick(new Date(later.getTime() + 48 * HOUR + MIN));
    expect(voided.voided).toEqual([eventIdOf(ids.second)]);
    expect(await state()).toBe('void');
  });

  it('never goes over the plan: routine reads stop at the reserve, live reads spend the rest, a spent day stops every read', async () => {
    const small = new ApiFootballFeed({ db: server().db, signals: server().signals, config: { ...config(), dailyLimit: 12 }, log: (line) => logs.push(line) });
    const counted = () => fake.requests.filter((request) => request.path !== '/status').length;
    const first = await small.tick(start);
    // 12 a day keeps 5 for the reads that decide results: the routine reads stop at 7.
    expect(counted()).toBe(7);
    expect(first.requests).toBe(7);
    fake.play(ids.first, 'kick-off');
    for (let minute = 1; minute <= 20; minute += 1) await small.tick(new Date(kickoff.getTime() + minute * MIN));
    // Two live reads a minute apart, then the day is nearly spent: the rest is spread over what is left of it.
    expect(counted()).toBe(9);
    expect(logs.some((line) => line.includes('quase gasto'))).toBe(true);
    const midnight = Date.parse(`${new Date(kickoff.getTime() + 24 * HOUR).toISOString().slice(0, 10)}T00:00:00.000Z`);
    for (let at = kickoff.getTime() + 30 * MIN; at < midnight; at += 10 * MIN) await small.tick(new Date(at));
    expect(counted()).toBe(12);

    // The next day, the API itself says the day is spent: the feed stops asking until the day after.
    fake.plan.usedToday = fake.plan.day;
    const nextDay = new Date(kickoff.getTime() + 24 * HOUR);
    const told = await small.tick(nextDay);
    expect(told.failures.some((line) => line.includes('request limit'))).toBe(true);
    const after = await small.tick(new Date(nextDay.getTime() + 10 * MIN));
    expect(after.requests).toBe(0);
  });
});
