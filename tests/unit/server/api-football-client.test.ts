import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiFootballClient } from '../../../server/sports/api-football/client.ts';
import { FixtureSchema, LeagueSchema, LiveOddsSchema, OddsSchema, StatisticsSchema, StatusSchema } from '../../../server/sports/api-football/schemas.ts';
import { pricesOf, statusOf } from '../../../server/sports/api-football/map.ts';
import { loadConfig, ConfigError } from '../../../server/config.ts';
import { startFakeApiFootball, type FakeApiFootball, type FakeBet } from '../../fakes/api-football.ts';

// The API-Football adapter's HTTP side, against the local fake of the v3 API (tests/fakes/api-football.ts): the key
// it sends, the envelope and shapes it reads, the plan's limits from the headers, and every way an answer fails.

let fake: FakeApiFootball;
let client: ApiFootballClient;

const MATCH_WINNER: FakeBet = { id: 1, name: 'Match Winner', values: [{ value: 'Home', odd: '2.10' }, { value: 'Draw', odd: '3.40' }, { value: 'Away', odd: '3.60' }] };
const DOUBLE_CHANCE: FakeBet = { id: 12, name: 'Double Chance', values: [{ value: 'Home/Draw', odd: '1.30' }, { value: 'Home/Away', odd: '1.33' }, { value: 'Draw/Away', odd: '1.75' }] };
const GOALS: FakeBet = {
  id: 5,
  name: 'Goals Over/Under',
  values: [{ value: 'Over 2.5', odd: '1.95' }, { value: 'Under 2.5', odd: '1.85' }, { value: 'Over 1.75', odd: '1.40' }],
};
const UNKNOWN: FakeBet = { id: 99, name: 'Player to be booked', values: [{ value: 'Someone', odd: '3.00' }] };

beforeAll(async () => {
  fake = await startFakeApiFootball();
  fake.leagues.set(397, { id: 397, name: 'Girabola', country: 'Angola', season: 2026 });
  fake.addFixture({ id: 1001, leagueId: 397, date: '2026-12-05T16:00:00.000Z', home: { id: 1, name: 'Petro de Luanda' }, away: { id: 2, name: '1º de Agosto' } });
  fake.addFixture({ id: 1002, leagueId: 397, date: '2026-12-05T18:00:00.000Z', home: { id: 3, name: 'Sagrada Esperança' }, away: { id: 4, name: 'Interclube' } });
  fake.addFixture({ id: 1003, leagueId: 397, date: '2026-12-05T20:00:00.000Z', home: { id: 5, name: 'Kabuscorp' }, away: { id: 6, name: 'Wiliete' } });
  for (const id of [1001, 1002, 1003]) fake.odds.set(id, new Map([[8, [MATCH_WINNER, DOUBLE_CHANCE, GOALS, UNKNOWN]]]));
  fake.corners.set(1001, { home: 6, away: 3 });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  fake.resetPlan();
  client = new ApiFootballClient({ url: fake.url, key: fake.key, timeoutMs: 500 });
});

describe('the documented API, as documented', () => {
  it('sends the key in x-apisports-key and reads the fixtures of a day with the plan left in the headers', async () => {
    const answer = await client.get('/fixtures', { date: '2026-12-05', timezone: 'UTC' }, FixtureSchema);
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    expect(answer.items.map((item) => item.fixture.id)).toEqual([1001, 1002, 1003]);
    expect(answer.items[0]).toMatchObject({ teams: { home: { name: 'Petro de Luanda' } }, fixture: { status: { short: 'NS' } } });
    expect(answer.quota).toEqual({ dayLimit: 100, dayRemaining: 99, minuteLimit: 10, minuteRemaining: 9 });
    expect(fake.requests[0]).toMatchObject({ path: '/fixtures', params: { date: '2026-12-05' }, key: fake.key });
  });

  it('reads a league’s current season, the statistics, the plan, and the odds page by page', async () => {
    const leagues = await client.get('/leagues', { id: 397, current: 'true' }, LeagueSchema);
    expect(leagues.ok && leagues.items[0]?.seasons.find((season) => season.current)?.year).toBe(2026);
    const stats = await client.get('/fixtures/statistics', { fixture: 1001 }, StatisticsSchema);
    expect(stats.ok && stats.items.map((team) => team.statistics.find((s) => s.type === 'Corner Kicks')?.value)).toEqual([6, 3]);
    const status = await client.get('/status', {}, StatusSchema);
    expect(status.ok && status.items[0]).toMatchObject({ requests: { current: 2, limit_day: 100 } });

    fake.oddsPageSize = 2;
    const first = await client.get('/odds', { date: '2026-12-05', bookmaker: 8, page: 1 }, OddsSchema);
    const second = await client.get('/odds', { date: '2026-12-05', bookmaker: 8, page: 2 }, OddsSchema);
    fake.oddsPageSize = 10;
    expect(first.ok && first.paging).toEqual({ current: 1, total: 2 });
    expect([first, second].flatMap((page) => (page.ok ? page.items.map((item) => item.fixture.id) : []))).toEqual([1001, 1002, 1003]);

    fake.liveOdds.set(1001, [MATCH_WINNER]);
    const live = await client.get('/odds/live', { fixture: 1001 }, LiveOddsSchema);
    fake.liveOdds.clear();
    expect(live.ok && live.items[0]?.odds.map((bet) => [bet.name, bet.values.length])).toEqual([['Match Winner', 3]]);
  });

  it('names each way an answer fails, and never retries by itself', async () => {
    const wrongKey = await new ApiFootballClient({ url: fake.url, key: 'notthekey1234' }).get('/fixtures', { date: '2026-12-05' }, FixtureSchema);
    expect(wrongKey).toMatchObject({ ok: false, reason: 'errors', detail: expect.stringContaining('token') });

    fake.fail('errors');
    expect(await client.get('/fixtures', { live: 'all' }, FixtureSchema)).toMatchObject({ ok: false, reason: 'errors' });
    fake.fail('rate-limited');
    expect(await client.get('/fixtures', { live: 'all' }, FixtureSchema)).toMatchObject({ ok: false, reason: 'rate-limited', quota: { minuteLimit: 10 } });
    fake.fail('server-error');
    expect(await client.get('/fixtures', { live: 'all' }, FixtureSchema)).toMatchObject({ ok: false, reason: 'server' });
    fake.fail('malformed');
    expect(await client.get('/fixtures', { live: 'all' }, FixtureSchema)).toMatchObject({ ok: false, reason: 'malformed' });
    fake.fail('hang');
    expect(await client.get('/fixtures', { live: 'all' }, FixtureSchema)).toMatchObject({ ok: false, reason: 'timeout' });
    expect(fake.requests).toHaveLength(6);
  });

  it('says when the day’s requests are spent', async () => {
    fake.plan.usedToday = fake.plan.day;
    expect(await client.get('/fixtures', { date: '2026-12-05' }, FixtureSchema)).toMatchObject({ ok: false, reason: 'errors', quotaSpent: true, quota: { dayRemaining: 0 } });
  });

  it('skips an item of another shape and counts it; an answer with none of the documented shape is malformed', async () => {
    const answer = await client.get('/fixtures', { date: '2026-12-05' }, FixtureSchema.extend({ fixture: FixtureSchema.shape.fixture.refine((f) => f.id !== 1002) }));
    expect(answer.ok && [answer.items.length, answer.skipped]).toEqual([2, 1]);
    const none = await client.get('/fixtures', { date: '2026-12-05' }, StatusSchema);
    expect(none).toMatchObject({ ok: false, reason: 'malformed' });
  });
});

describe('fixtures and prices mapped into what the app shows', () => {
  it('maps every documented status', () => {
    const of = (short: string, elapsed: number | null = null, extra: number | null = null) => statusOf({ short, long: `long ${short}`, elapsed, extra });
    for (const short of ['NS', 'TBD']) expect(of(short).status).toBe('NS');
    for (const short of ['1H', '2H', 'ET', 'BT', 'P', 'LIVE']) expect(of(short, 67).status).toBe('LIVE');
    expect(of('1H', 45, 3)).toEqual({ status: 'LIVE', elapsed: 48, text: null });
    expect(of('HT', 45).status).toBe('HT');
    for (const short of ['FT', 'AET', 'PEN']) expect(of(short, 90).status).toBe('FT');
    for (const short of ['PST', 'CANC', 'ABD', 'AWD', 'WO', 'SUSP', 'INT']) expect(of(short)).toEqual({ status: short, elapsed: null, text: `long ${short}` });
  });

  it('prices the bets we show, with the margin taken off, and counts what it skips', () => {
    const { priced, skippedBets, skippedValues } = pricesOf([MATCH_WINNER, DOUBLE_CHANCE, GOALS, UNKNOWN]);
    expect(skippedBets).toEqual(['Player to be booked']);
    // A quarter line (1.75) is not one of ours.
    expect(skippedValues).toBe(1);
    const of = (type: string) => priced.filter((choice) => choice.type === type);
    expect(of('ft_result').map((c) => [c.choice, c.odds])).toEqual([['home', 2.1], ['draw', 3.4], ['away', 3.6]]);
    const sum = (type: string) => of(type).reduce((total, choice) => total + choice.probability, 0);
    expect(sum('ft_result')).toBeCloseTo(1, 10);
    expect(sum('double_chance')).toBeCloseTo(2, 10);
    expect(sum('goals')).toBeCloseTo(1, 10);
    expect(of('double_chance').map((c) => c.choice)).toEqual(['1X', '12', 'X2']);
    expect(of('goals').map((c) => c.choice)).toEqual(['over_2.5', 'under_2.5']);
    // Fair odds are longer than the bookmaker's: home's probability is below its implied 1/2.10.
    expect(of('ft_result')[0]?.probability).toBeLessThan(1 / 2.1);
  });
});

describe('SPORTS_FEED and API_FOOTBALL_* (a bad value stops the start)', () => {
  const dir = { DATA_DIR: '/tmp/fichas-feed-config', AUTH_SECRET: 'a-test-secret-of-enough-length' };

  it('defaults to the simulator', () => {
    expect(loadConfig(dir).feed).toEqual({ kind: 'simulator' });
  });

  it('reads the real feed’s settings', () => {
    const config = loadConfig({ ...dir, SPORTS_FEED: 'api-football', API_FOOTBALL_KEY: 'abc123def456', API_FOOTBALL_LEAGUES: '397, 39,2', API_FOOTBALL_BOOKMAKER: '8' });
    expect(config.feed).toEqual({
      kind: 'api-football',
      key: 'abc123def456',
      url: 'https://v3.football.api-sports.io',
      leagues: [397, 39, 2],
      bookmaker: 8,
      dailyLimit: 100,
      liveIntervalMs: 60_000,
      voidAfterMs: 48 * 3_600_000,
    });
  });

  it('says what is missing or wrong', () => {
    const fails = (env: Record<string, string>) => {
      try {
        loadConfig({ ...dir, ...env });
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error('expected the configuration to be refused');
    };
    const missing = fails({ SPORTS_FEED: 'api-football' });
    expect(missing).toContain('API_FOOTBALL_KEY: required');
    expect(missing).toContain('API_FOOTBALL_LEAGUES: required');
    expect(missing).toContain('API_FOOTBALL_BOOKMAKER: required');
    expect(fails({ SPORTS_FEED: 'sportradar' })).toContain('SPORTS_FEED: expected simulator or api-football');
    expect(fails({ API_FOOTBALL_LEAGUES: '397;39' })).toContain('API_FOOTBALL_LEAGUES: expected league ids separated by commas');
    expect(fails({ API_FOOTBALL_DAILY_LIMIT: '5' })).toContain('API_FOOTBALL_DAILY_LIMIT: expected at least 10');
    expect(fails({ API_FOOTBALL_URL: 'ftp://example' })).toContain('API_FOOTBALL_URL: expected an http(s) URL');
  });
});
