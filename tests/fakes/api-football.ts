import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A stand-in for API-Football v3 on 127.0.0.1, answering in the documented shapes: every answer is the envelope
// {get, parameters, errors, results, paging, response}, a bad key or parameter is a 200 with `errors`, and the plan's
// limits come back in the x-ratelimit-requests-* (per day) and X-RateLimit-* (per minute) headers. A test sets up
// leagues, fixtures, prices and statistics, plays a match through its statuses, and queues faults (an `errors`
// answer, a 429, a 500, malformed JSON, no answer) for the next requests. The feed is tested through HTTP against
// this, never by mocking its own functions.

export interface FakeTeam {
  id: number;
  name: string;
}

export interface FakeFixture {
  id: number;
  leagueId: number;
  season: number;
  /** Kick-off, ISO. */
  date: string;
  home: FakeTeam;
  away: FakeTeam;
  short: string;
  long: string;
  elapsed: number | null;
  extra: number | null;
  goals: { home: number | null; away: number | null };
  halftime: { home: number | null; away: number | null };
  fulltime: { home: number | null; away: number | null };
  extratime: { home: number | null; away: number | null };
  penalty: { home: number | null; away: number | null };
}

export interface FakeLeague {
  id: number;
  name: string;
  country: string;
  season: number;
}

export interface FakeBet {
  id: number;
  name: string;
  values: { value: string; odd: string }[];
}

export type Fault = 'errors' | 'rate-limited' | 'server-error' | 'malformed' | 'hang';

export interface FakeRequest {
  path: string;
  params: Record<string, string>;
  key: string | null;
}

export interface FakeApiFootball {
  url: string;
  key: string;
  leagues: Map<number, FakeLeague>;
  fixtures: Map<number, FakeFixture>;
  /** Pre-match prices by fixture, by bookmaker id. */
  odds: Map<number, Map<number, FakeBet[]>>;
  /** Live prices by fixture (odds/live gives one bookmaker's, as the API does). */
  liveOdds: Map<number, FakeBet[]>;
  /** Corners by fixture, full match. */
  corners: Map<number, { home: number; away: number }>;
  /** Every request the fake answered, in order (GET /status included). */
  requests: FakeRequest[];
  /** Faults for the next requests, in order, optionally only for one path. */
  fail(fault: Fault, path?: string): void;
  /** How many items one page of /odds holds (the API's is 10). */
  oddsPageSize: number;
  /** The plan: requests a day and a minute, and how many were used today. */
  plan: { day: number; minute: number; usedToday: number };
  /** A new day and a new minute: nothing of the plan used. */
  resetPlan(): void;
  addFixture(fixture: Partial<FakeFixture> & Pick<FakeFixture, 'id' | 'leagueId' | 'date' | 'home' | 'away'>): FakeFixture;
  /** Moves a fixture on: kick-off, a goal, half-time, the second half, full time, or a status of its own. */
  play(id: number, step: 'kick-off' | 'half-time' | 'second-half' | 'full-time' | { goal: 'home' | 'away'; minute: number } | { short: string; long: string }): void;
  close(): Promise<void>;
}

const STATUS_LONG: Record<string, string> = {
  NS: 'Not Started',
  '1H': 'First Half',
  HT: 'Halftime',
  '2H': 'Second Half',
  FT: 'Match Finished',
  PST: 'Match Postponed',
};

const none = () => ({ home: null, away: null });

function envelope(get: string, parameters: Record<string, string>, response: unknown, errors: unknown = [], paging = { current: 1, total: 1 }) {
  const results = Array.isArray(response) ? response.length : response ? 1 : 0;
  return { get, parameters: Object.keys(parameters).length > 0 ? parameters : [], errors, results, paging, response };
}

export async function startFakeApiFootball(options: { key?: string } = {}): Promise<FakeApiFootball> {
  const key = options.key ?? 'fakeapifootballkey0001';
  const faults: { fault: Fault; path?: string }[] = [];
  const minuteWindow: number[] = [];
  let hanging: ServerResponse[] = [];

  const fake: FakeApiFootball = {
    url: '',
    key,
    leagues: new Map(),
    fixtures: new Map(),
    odds: new Map(),
    liveOdds: new Map(),
    corners: new Map(),
    requests: [],
    oddsPageSize: 10,
    plan: { day: 100, minute: 10, usedToday: 0 },
    fail(fault, path) {
      faults.push({ fault, path });
    },
    resetPlan() {
      fake.plan.usedToday = 0;
      minuteWindow.length = 0;
    },
    addFixture(input) {
      const fixture: FakeFixture = {
        season: fake.leagues.get(input.leagueId)?.season ?? 2026,
        short: 'NS',
        long: STATUS_LONG.NS ?? 'Not Started',
        elapsed: null,
        extra: null,
        goals: none(),
        halftime: none(),
        fulltime: none(),
        extratime: none(),
        penalty: none(),
        ...input,
      };
      fake.fixtures.set(fixture.id, fixture);
      return fixture;
    },
    play(id, step) {
      const fixture = fake.fixtures.get(id);
      if (!fixture) throw new Error(`no fixture ${id}`);
      const set = (short: string, elapsed: number | null) => {
        fixture.short = short;
        fixture.long = STATUS_LONG[short] ?? short;
        fixture.elapsed = elapsed;
      };
      if (step === 'kick-off') {
        set('1H', 1);
        fixture.goals = { home: 0, away: 0 };
      } else if (step === 'half-time') {
        set('HT', 45);
        fixture.halftime = { ...fixture.goals };
      } else if (step === 'second-half') set('2H', 46);
      else if (step === 'full-time') {
        set('FT', 90);
        fixture.fulltime = { ...fixture.goals };
      } else if ('goal' in step) {
        const goals = { home: fixture.goals.home ?? 0, away: fixture.goals.away ?? 0 };
        goals[step.goal] += 1;
        fixture.goals = goals;
        fixture.elapsed = step.minute;
      } else {
        fixture.short = step.short;
        fixture.long = step.long;
      }
    },
    close: async () => {
      for (const response of hanging) response.destroy();
      hanging = [];
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const fixtureJson = (f: FakeFixture) => ({
    fixture: {
      id: f.id,
      referee: null,
      timezone: 'UTC',
      date: f.date.replace(/\.\d{3}Z$|Z$/, '+00:00'),
      timestamp: Math.floor(Date.parse(f.date) / 1000),
      periods: { first: null, second: null },
      venue: { id: null, name: null, city: null },
      status: { long: f.long, short: f.short, elapsed: f.elapsed, extra: f.extra },
    },
    league: (() => {
      const league = fake.leagues.get(f.leagueId);
      return { id: f.leagueId, name: league?.name ?? 'League', country: league?.country ?? 'World', logo: '', flag: null, season: f.season, round: 'Regular Season - 1' };
    })(),
    teams: { home: { ...f.home, logo: '', winner: null }, away: { ...f.away, logo: '', winner: null } },
    goals: f.goals,
    score: { halftime: f.halftime, fulltime: f.fulltime, extratime: f.extratime, penalty: f.penalty },
  });

  const LIVE = new Set(['1H', 'HT', '2H', 'ET', 'BT', 'P', 'SUSP', 'INT', 'LIVE']);

  function answer(path: string, params: Record<string, string>): { body: unknown; counts: boolean } {
    if (path === '/status') {
      return {
        counts: false,
        body: envelope('status', params, {
          account: { firstname: 'Test', lastname: 'Account', email: 'test@example.com' },
          subscription: { plan: 'Free', end: '2027-01-01T00:00:00+00:00', active: true },
          requests: { current: fake.plan.usedToday, limit_day: fake.plan.day },
        }),
      };
    }
    if (path === '/leagues') {
      const leagues = [...fake.leagues.values()].filter((league) => !params.id || String(league.id) === params.id);
      return {
        counts: true,
        body: envelope(
          'leagues',
          params,
          leagues.map((league) => ({
            league: { id: league.id, name: league.name, type: 'League', logo: '' },
            country: { name: league.country, code: null, flag: null },
            seasons: [
              { year: league.season - 1, start: `${league.season - 1}-08-01`, end: `${league.season}-05-31`, current: false },
              { year: league.season, start: `${league.season}-08-01`, end: `${league.season + 1}-05-31`, current: true },
            ],
          })),
        ),
      };
    }
    if (path === '/fixtures') {
      let list = [...fake.fixtures.values()];
      if (params.ids) {
        const ids = params.ids.split('-').map(Number);
        if (ids.length > 20) return { counts: true, body: envelope('fixtures', params, [], { ids: 'Maximum of 20 fixtures ids allowed.' }) };
        list = list.filter((f) => ids.includes(f.id));
      } else if (params.id) list = list.filter((f) => String(f.id) === params.id);
      else if (params.live) {
        const leagues = params.live === 'all' ? null : params.live.split('-').map(Number);
        list = list.filter((f) => LIVE.has(f.short) && (!leagues || leagues.includes(f.leagueId)));
      } else if (params.date || params.league) {
        if (params.league && !params.season) return { counts: true, body: envelope('fixtures', params, [], { season: 'The Season field is required.' }) };
        list = list.filter(
          (f) => (!params.date || f.date.slice(0, 10) === params.date) && (!params.league || String(f.leagueId) === params.league) && (!params.season || String(f.season) === params.season),
        );
      } else return { counts: true, body: envelope('fixtures', params, [], { required: 'At least one parameter is required.' }) };
      return { counts: true, body: envelope('fixtures', params, list.map(fixtureJson)) };
    }
    if (path === '/fixtures/statistics') {
      const fixture = fake.fixtures.get(Number(params.fixture));
      const corners = fake.corners.get(Number(params.fixture));
      if (!fixture) return { counts: true, body: envelope('fixtures/statistics', params, []) };
      const side = (team: FakeTeam, value: number | null) => ({
        team: { id: team.id, name: team.name, logo: '' },
        statistics: [
          { type: 'Shots on Goal', value: 3 },
          { type: 'Corner Kicks', value },
          { type: 'Ball Possession', value: '50%' },
        ],
      });
      return { counts: true, body: envelope('fixtures/statistics', params, [side(fixture.home, corners?.home ?? null), side(fixture.away, corners?.away ?? null)]) };
    }
    if (path === '/odds') {
      const bookmaker = params.bookmaker ? Number(params.bookmaker) : null;
      let ids: number[];
      if (params.fixture) ids = [Number(params.fixture)];
      else if (params.date) ids = [...fake.fixtures.values()].filter((f) => f.date.slice(0, 10) === params.date).map((f) => f.id);
      else return { counts: true, body: envelope('odds', params, [], { required: 'At least one parameter is required.' }) };
      const items = ids.flatMap((id) => {
        const books = fake.odds.get(id);
        if (!books) return [];
        const chosen = [...books.entries()].filter(([bookId]) => bookmaker === null || bookId === bookmaker);
        if (chosen.length === 0) return [];
        const league = fake.leagues.get(fake.fixtures.get(id)?.leagueId ?? 0);
        const fixture = fake.fixtures.get(id);
        return [
          {
            league: { id: league?.id ?? 0, name: league?.name ?? '', country: league?.country ?? '', logo: '', flag: null, season: league?.season ?? 2026 },
            fixture: { id, timezone: 'UTC', date: fixture?.date ?? '', timestamp: Math.floor(Date.parse(fixture?.date ?? '') / 1000) },
            update: new Date().toISOString().replace(/\.\d{3}Z$/, '+00:00'),
            bookmakers: chosen.map(([bookId, bets]) => ({ id: bookId, name: bookId === 8 ? 'Bet365' : `Bookmaker ${bookId}`, bets })),
          },
        ];
      });
      const size = Math.max(1, fake.oddsPageSize);
      const total = Math.max(1, Math.ceil(items.length / size));
      const page = Math.max(1, Number(params.page ?? 1));
      return { counts: true, body: envelope('odds', params, items.slice((page - 1) * size, page * size), [], { current: page, total }) };
    }
    if (path === '/odds/live') {
      const list = [...fake.liveOdds.entries()].filter(([id]) => !params.fixture || String(id) === params.fixture);
      return {
        counts: true,
        body: envelope(
          'odds/live',
          params,
          list.map(([id, bets]) => {
            const f = fake.fixtures.get(id);
            return {
              fixture: { id, status: { long: f?.long ?? '', elapsed: f?.elapsed ?? null, seconds: null } },
              league: { id: f?.leagueId ?? 0, season: f?.season ?? 2026 },
              teams: { home: { id: f?.home.id ?? 0, goals: f?.goals.home ?? 0 }, away: { id: f?.away.id ?? 0, goals: f?.goals.away ?? 0 } },
              status: { stopped: false, blocked: false, finished: false },
              update: new Date().toISOString().replace(/\.\d{3}Z$/, '+00:00'),
              odds: bets.map((bet) => ({ ...bet, values: bet.values.map((v) => ({ ...v, handicap: null, main: null, suspended: false })) })),
            };
          }),
        ),
      };
    }
    return { counts: true, body: envelope(path.replace(/^\//, ''), params, [], { endpoint: 'This endpoint do not exist.' }) };
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const params = Object.fromEntries(url.searchParams.entries());
    const given = req.headers['x-apisports-key'];
    const requestKey = typeof given === 'string' ? given : null;
    fake.requests.push({ path: url.pathname, params, key: requestKey });
    const now = Date.now();
    while (minuteWindow.length > 0 && (minuteWindow[0] ?? 0) < now - 60_000) minuteWindow.shift();
    const headers = () => ({
      'content-type': 'application/json',
      'x-ratelimit-requests-limit': String(fake.plan.day),
      'x-ratelimit-requests-remaining': String(Math.max(0, fake.plan.day - fake.plan.usedToday)),
      'X-RateLimit-Limit': String(fake.plan.minute),
      'X-RateLimit-Remaining': String(Math.max(0, fake.plan.minute - minuteWindow.length)),
    });
    const index = faults.findIndex((fault) => !fault.path || fault.path === url.pathname);
    const fault = index >= 0 ? faults.splice(index, 1)[0]?.fault : undefined;
    if (fault === 'hang') {
      hanging.push(res);
      return;
    }
    if (fault === 'server-error') {
      res.writeHead(500, headers()).end('<html><body>Internal Server Error</body></html>');
      return;
    }
    if (fault === 'rate-limited' || (url.pathname !== '/status' && minuteWindow.length >= fake.plan.minute)) {
      res.writeHead(429, headers()).end(JSON.stringify({ message: 'Too many requests' }));
      return;
    }
    if (fault === 'malformed') {
      res.writeHead(200, headers()).end('{"get":"fixtures","response":[{"fixture":');
      return;
    }
    if (requestKey !== key) {
      res.writeHead(200, headers()).end(JSON.stringify(envelope(url.pathname.slice(1), params, [], { token: 'Error/Missing application key.' })));
      return;
    }
    if (url.pathname !== '/status' && fake.plan.usedToday >= fake.plan.day) {
      res.writeHead(200, headers()).end(JSON.stringify(envelope(url.pathname.slice(1), params, [], { requests: 'You have reached the request limit for the day.' })));
      return;
    }
    if (fault === 'errors') {
      res.writeHead(200, headers()).end(JSON.stringify(envelope(url.pathname.slice(1), params, [], { bug: 'An error occurred, please try again later.' })));
      return;
    }
    const { body, counts } = answer(url.pathname, params);
    if (counts) {
      fake.plan.usedToday += 1;
      minuteWindow.push(now);
    }
    res.writeHead(200, headers()).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
