import type { Db } from '../../db/create-db.ts';
import type { FeedJogosTable } from '../../db/schema.ts';
import { transaction } from '../../db/transaction.ts';
import { addDays, utcDay } from '../../lib/time.ts';
import type { Signals } from '../../signals/signals.ts';
import { announceKickOff, settleEvent } from '../../slips/settlement.ts';
import { clearMarkets, writeMarkets } from '../markets-repo.ts';
import { toPercent } from '../poisson.ts';
import { ApiFootballClient, type ApiAnswer } from './client.ts';
import type { ApiFootballConfig } from './feed-config.ts';
import { pricesOf, statusOf, type MappedPrices } from './map.ts';
import { QuotaPlanner, type ReadKind } from './quota.ts';
import { readFeedState, writeFeedState } from './feed-state.ts';
import { FixtureSchema, LeagueSchema, LiveOddsSchema, OddsSchema, StatisticsSchema, type ApiFixture } from './schemas.ts';
import type { z } from 'zod';

// The real football feed: one process (the `jogos-api` job, under its lease) reads API-Football v3 and writes what
// the app already shows: events, their markets, live scores, and results that settle slips through the same
// settlement code as the simulator. Every read is paid from the plan (quota.ts); an answer that fails is logged and
// the app keeps what it last knew until a later tick tries again. A fixture becomes an event once the configured
// bookmaker prices its match result: a match nobody can bet on is not on the board (docs/decisions.md "Real
// football data").

const FIXTURE_DAYS = 7;
const ODDS_DAYS = 3;
const LEAGUES_EVERY_MS = 24 * 3_600_000;
const FIXTURES_EVERY_MS = 6 * 3_600_000;
const ODDS_EVERY_MS = 6 * 3_600_000;
/** The API answers at most 20 fixtures per `ids` read. */
const IDS_PER_READ = 20;
/** A match still not final this long after kick-off is read by id (it left the live list without a final status). */
const FINAL_STATUSES = new Set(['FT', 'AET', 'PEN']);
const NOT_PLAYED = new Set(['PST', 'CANC', 'ABD', 'AWD', 'WO']);
/** Markets the feed can settle only with the match's statistics; first-half corners it never has, so never offers. */
const CORNER_MARKETS = ['corners', 'asian_corners'];

export interface FeedReport {
  requests: number;
  created: string[];
  kickedOff: string[];
  finished: string[];
  voided: string[];
  settledSlips: string[];
  /** Bets not shown, by name, and values that could not be read. */
  skippedBets: Record<string, number>;
  skippedValues: number;
  failures: string[];
}

interface Reads {
  leagues?: string;
  fixtures?: string;
  odds?: string;
  live?: string;
  /** odds/live answered with errors (a plan without live odds): not asked again until this day is over. */
  noLiveOddsOn?: string;
}

/** One paid read of the API (see tick): null when the plan cannot afford it now. */
type Read = <S extends z.ZodType>(kind: ReadKind, path: string, params: Record<string, string | number | undefined>, item: S) => Promise<ApiAnswer<z.output<S>> | null>;

interface League {
  season: number;
  name: string;
  country: string;
}

export const eventIdOf = (fixtureId: number) => `af-${fixtureId}`;
const competitionIdOf = (leagueId: number) => `af-${leagueId}`;

export interface ApiFootballFeedOptions {
  db: Db;
  signals: Signals;
  config: ApiFootballConfig;
  log?: (line: string) => void;
  fetch?: typeof fetch;
}

export class ApiFootballFeed {
  private readonly db: Db;
  private readonly signals: Signals;
  private readonly config: ApiFootballConfig;
  private readonly client: ApiFootballClient;
  private readonly log: (line: string) => void;

  constructor(options: ApiFootballFeedOptions) {
    this.db = options.db;
    this.signals = options.signals;
    this.config = options.config;
    this.client = new ApiFootballClient({ url: options.config.url, key: options.config.key, ...(options.fetch ? { fetch: options.fetch } : {}) });
    this.log = options.log ?? ((line) => console.log(line));
  }

  /** One pass: whatever reads are due and affordable now (`now` injected, so tests drive the clock). */
  async tick(now: Date): Promise<FeedReport> {
    const report: FeedReport = { requests: 0, created: [], kickedOff: [], finished: [], voided: [], settledSlips: [], skippedBets: {}, skippedValues: 0, failures: [] };
    const plan = await QuotaPlanner.load(this.db, this.config.dailyLimit, now);
    const reads = (await readFeedState<Reads>(this.db, 'leituras')) ?? {};
    const leagues = (await readFeedState<Record<string, League>>(this.db, 'ligas')) ?? {};
    const due = (last: string | undefined, everyMs: number) => !last || now.getTime() - Date.parse(last) >= everyMs;
    const read: Read = async (kind, path, params, item) => {
      if (!plan.may(kind, now)) return null;
      const answer = await this.client.get(path, params, item);
      report.requests += 1;
      plan.spent(answer, now);
      if (!answer.ok) {
        if (answer.quotaSpent) plan.spentForToday(now);
        const line = `${path} ${JSON.stringify(params)}: ${answer.reason} (${answer.detail})`;
        report.failures.push(line);
        this.log(`[jogos-api] ${line}; tenta de novo mais tarde`);
      } else if (answer.skipped > 0) this.log(`[jogos-api] ${path}: ${answer.skipped} itens com outra forma, ignorados`);
      return answer;
    };

    try {
      if (due(reads.leagues, LEAGUES_EVERY_MS) || this.config.leagues.some((id) => !leagues[id])) {
        let all = true;
        for (const id of this.config.leagues) {
          const answer = await read('routine', '/leagues', { id, current: 'true' }, LeagueSchema);
          const league = answer?.ok ? answer.items[0] : undefined;
          const season = league?.seasons.find((s) => s.current)?.year;
          if (league && season !== undefined) leagues[id] = { season, name: league.league.name, country: league.country.name };
          else all = false;
        }
        await this.storeCompetitions(leagues);
        await writeFeedState(this.db, 'ligas', leagues, now);
        if (all) reads.leagues = now.toISOString();
      }

      if (due(reads.fixtures, FIXTURES_EVERY_MS)) {
        let all = true;
        for (const id of this.config.leagues) {
          const league = leagues[id];
          if (!league) continue;
          const answer = await read('routine', '/fixtures', { league: id, season: league.season, from: utcDay(now), to: utcDay(addDays(now, FIXTURE_DAYS - 1)), timezone: 'UTC' }, FixtureSchema);
          if (answer?.ok) for (const fixture of answer.items) await this.apply(fixture, now, report);
          else all = false;
        }
        if (all) reads.fixtures = now.toISOString();
      }

      if (due(reads.odds, ODDS_EVERY_MS)) {
        let all = true;
        for (let offset = 0; offset < ODDS_DAYS; offset += 1) {
          const date = utcDay(addDays(now, offset));
          for (let page = 1, total = 1; page <= total; page += 1) {
            const answer = await read('routine', '/odds', { date, bookmaker: this.config.bookmaker, page, timezone: 'UTC' }, OddsSchema);
            if (!answer?.ok) {
              all = false;
              break;
            }
            total = answer.paging.total;
            for (const item of answer.items) {
              const book = item.bookmakers.find((bookmaker) => bookmaker.id === this.config.bookmaker);
              if (book) await this.price(item.fixture.id, pricesOf(book.bets), 'prematch', now, report);
            }
          }
        }
        if (all) reads.odds = now.toISOString();
      }

      const inPlay = await this.inPlay(now);
      if (inPlay.length > 0 && plan.shouldSaySlowing(now)) {
        const view = plan.view();
        this.log(`[jogos-api] o plano está quase gasto (${view.remaining} de ${view.limit} pedidos hoje): os jogos ao vivo são lidos mais devagar`);
      }
      if (inPlay.length > 0 && due(reads.live, plan.liveIntervalMs(this.config.liveIntervalMs, now))) {
        const live = await read('essential', '/fixtures', { live: this.config.leagues.join('-'), timezone: 'UTC' }, FixtureSchema);
        if (live?.ok) {
          reads.live = now.toISOString();
          const seen = new Set<number>();
          for (const fixture of live.items) {
            seen.add(fixture.fixture.id);
            await this.apply(fixture, now, report);
          }
          // Followed matches not in the live list: not kicked off yet, or over (the live list drops them at once).
          const missing = inPlay.filter((row) => !seen.has(row.fixture_id));
          for (let i = 0; i < missing.length; i += IDS_PER_READ) {
            const ids = missing.slice(i, i + IDS_PER_READ).map((row) => row.fixture_id).join('-');
            const answer = await read('essential', '/fixtures', { ids, timezone: 'UTC' }, FixtureSchema);
            if (answer?.ok) for (const fixture of answer.items) await this.apply(fixture, now, report);
          }
          if (reads.noLiveOddsOn !== utcDay(now) && live.items.some((fixture) => statusOf(fixture.fixture.status).status === 'LIVE')) {
            const odds = await read('routine', '/odds/live', { league: undefined }, LiveOddsSchema);
            if (odds?.ok) for (const item of odds.items) await this.price(item.fixture.id, pricesOf(item.odds.filter((bet) => bet.values.every((v) => !v.suspended))), 'live', now, report);
            else if (odds) reads.noLiveOddsOn = utcDay(now);
          }
        }
      }
      await this.settleDue(now, report, read);
    } finally {
      await writeFeedState(this.db, 'leituras', reads, now);
      await plan.save(now);
    }
    return report;
  }

  /** Followed matches between kick-off and a final word: their events are live, or should be by the clock. */
  private inPlay(now: Date): Promise<FeedJogosTable[]> {
    return this.db
      .selectFrom('feed_jogos')
      .selectAll()
      .where('evento_id', 'is not', null)
      .where('liquidado_em', 'is', null)
      .where('inicio', '<=', now.toISOString())
      .where('estado', 'not in', [...FINAL_STATUSES, ...NOT_PLAYED])
      .execute();
  }

  /** What the API says of one fixture: kept, and carried to its event (status, minute, goals; kick-off told). */
  private async apply(fixture: ApiFixture, now: Date, report: FeedReport): Promise<void> {
    if (!this.config.leagues.includes(fixture.league.id)) return;
    const id = fixture.fixture.id;
    const mapped = statusOf(fixture.fixture.status);
    const inicio = new Date(fixture.fixture.timestamp * 1000).toISOString();
    const row = {
      liga_id: fixture.league.id,
      inicio,
      estado: fixture.fixture.status.short,
      estado_texto: fixture.fixture.status.long,
      dados: JSON.stringify(fixture),
      visto_em: now.toISOString(),
    };
    const deliveries: (() => Promise<void>)[] = [];
    await transaction(this.db, async (trx) => {
      const known = await trx.selectFrom('feed_jogos').select(['evento_id', 'estado']).where('fixture_id', '=', id).executeTakeFirst();
      if (!known) {
        await trx.insertInto('feed_jogos').values({ fixture_id: id, evento_id: null, precos: null, precos_em: null, liquidado_em: null, ...row }).execute();
        return;
      }
      await trx.updateTable('feed_jogos').set(row).where('fixture_id', '=', id).execute();
      if (!known.evento_id) return;
      const event = await trx.selectFrom('eventos').select(['status']).where('id', '=', known.evento_id).executeTakeFirst();
      if (!event) return;
      await trx
        .updateTable('eventos')
        .set({
          date: inicio,
          status: mapped.status,
          elapsed: mapped.elapsed,
          home_name: fixture.teams.home.name,
          away_name: fixture.teams.away.name,
          home_goals: fixture.goals.home,
          away_goals: fixture.goals.away,
          updated_at: now.toISOString(),
        })
        .where('id', '=', known.evento_id)
        .execute();
      if (NOT_PLAYED.has(fixture.fixture.status.short)) {
        // Postponed, cancelled, abandoned: nothing of it can be bet on any more, and no kick-off is told.
        await clearMarkets(trx, known.evento_id);
        return;
      }
      if (event.status === 'NS' && mapped.status !== 'NS') {
        deliveries.push(...(await announceKickOff(trx, { eventId: known.evento_id, signals: this.signals })));
        report.kickedOff.push(known.evento_id);
      }
    });
    for (const deliver of deliveries) await deliver().catch((error: unknown) => console.error('[jogos-api] signal', error));
  }

  /**
   * A bookmaker's prices for one followed fixture: the event is made on its first match-result price, and its
   * markets and main odds follow every read (trends against the last one).
   */
  private async price(fixtureId: number, prices: MappedPrices, source: 'prematch' | 'live', now: Date, report: FeedReport): Promise<void> {
    for (const name of prices.skippedBets) report.skippedBets[name] = (report.skippedBets[name] ?? 0) + 1;
    report.skippedValues += prices.skippedValues;
    const result = ['home', 'draw', 'away'].map((choice) => prices.priced.find((c) => c.type === 'ft_result' && c.choice === choice));
    const [home, draw, away] = result;
    const created = await transaction(this.db, async (trx) => {
      const known = await trx.selectFrom('feed_jogos').selectAll().where('fixture_id', '=', fixtureId).executeTakeFirst();
      if (!known || known.liquidado_em) return false;
      const fixture = JSON.parse(known.dados) as ApiFixture;
      // Pre-match prices stop at kick-off; live ones only while the match is being played.
      const played = statusOf(fixture.fixture.status).status;
      if (source === 'prematch' ? played !== 'NS' : played !== 'LIVE' && played !== 'HT') return false;
      let eventId = known.evento_id;
      let made = false;
      if (!eventId) {
        if (!home || !draw || !away) return false;
        eventId = eventIdOf(fixtureId);
        await trx
          .insertInto('eventos')
          .values({
            id: eventId,
            date: known.inicio,
            status: 'NS',
            competition_id: competitionIdOf(known.liga_id),
            home_id: `af-t${fixture.teams.home.id}`,
            home_name: fixture.teams.home.name,
            home_position: null,
            away_id: `af-t${fixture.teams.away.id}`,
            away_name: fixture.teams.away.name,
            away_position: null,
            home_goals: null,
            away_goals: null,
            elapsed: null,
            odds: JSON.stringify({ home: home.odds, draw: draw.odds, away: away.odds }),
            odds_live: null,
            probability: JSON.stringify(toPercent({ home: home.probability, draw: draw.probability, away: away.probability })),
            updated_at: now.toISOString(),
          })
          .onConflict((oc) => oc.column('id').doNothing())
          .execute();
        await trx.updateTable('feed_jogos').set({ evento_id: eventId }).where('fixture_id', '=', fixtureId).execute();
        made = true;
      } else if (home && draw && away) {
        const main = JSON.stringify({ home: home.odds, draw: draw.odds, away: away.odds });
        await trx
          .updateTable('eventos')
          .set(
            source === 'live'
              ? { odds_live: main, updated_at: now.toISOString() }
              : { odds: main, probability: JSON.stringify(toPercent({ home: home.probability, draw: draw.probability, away: away.probability })), updated_at: now.toISOString() },
          )
          .where('id', '=', eventId)
          .execute();
      }
      await writeMarkets(trx, { eventId, priced: prices.priced, now });
      await trx.updateTable('feed_jogos').set({ precos: source, precos_em: now.toISOString() }).where('fixture_id', '=', fixtureId).execute();
      return made ? eventId : false;
    });
    if (created) report.created.push(created);
  }

  /**
   * Matches with a final word are settled once: on the regular-time score (`score.fulltime`, not extra time or
   * penalties), half-time markets on `score.halftime`, corners on the match's statistics (legs on corners stay open
   * when the API has none). A match not played (postponed, cancelled, abandoned, awarded) voids its legs once it has
   * waited `voidAfterMs` from its kick-off without being played.
   */
  private async settleDue(now: Date, report: FeedReport, read: Read): Promise<void> {
    const due = await this.db
      .selectFrom('feed_jogos')
      .selectAll()
      .where('evento_id', 'is not', null)
      .where('liquidado_em', 'is', null)
      .where('estado', 'in', [...FINAL_STATUSES, ...NOT_PLAYED])
      .execute();
    for (const row of due) {
      const eventId = row.evento_id;
      if (!eventId) continue;
      const fixture = JSON.parse(row.dados) as ApiFixture;
      let stats: Parameters<typeof settleEvent>[1]['stats'];
      const unknown = new Set<string>(['1h_corners']);
      if (NOT_PLAYED.has(row.estado)) {
        if (now.getTime() - Date.parse(row.inicio) < this.config.voidAfterMs) continue;
        stats = 'void';
      } else {
        const { fulltime, halftime } = fixture.score;
        if (fulltime.home === null || fulltime.away === null || halftime.home === null || halftime.away === null) continue;
        let corners = { home: 0, away: 0 };
        const wantsCorners = await this.db
          .selectFrom('ficha_selecoes')
          .select('ficha_id')
          .where('evento_id', '=', eventId)
          .where('bet_status', '=', 'pending')
          .where('tipo', 'in', CORNER_MARKETS)
          .executeTakeFirst();
        if (wantsCorners) {
          const answer = await read('essential', '/fixtures/statistics', { fixture: row.fixture_id }, StatisticsSchema);
          if (!answer) continue;
          const value = (teamId: number) => answer.ok ? answer.items.find((team) => team.team.id === teamId)?.statistics.find((s) => s.type === 'Corner Kicks')?.value : undefined;
          const home = value(fixture.teams.home.id);
          const away = value(fixture.teams.away.id);
          if (typeof home === 'number' && typeof away === 'number') corners = { home, away };
          else if (!answer.ok) continue;
          else for (const type of CORNER_MARKETS) unknown.add(type);
        }
        stats = {
          goals: { home: fulltime.home, away: fulltime.away },
          h1Goals: { home: halftime.home, away: halftime.away },
          corners,
          h1Corners: { home: 0, away: 0 },
        };
      }
      const deliveries: (() => Promise<void>)[] = [];
      const settled = await transaction(this.db, async (trx) => {
        const claimed = await trx
          .updateTable('feed_jogos')
          .set({ liquidado_em: now.toISOString() })
          .where('fixture_id', '=', row.fixture_id)
          .where('liquidado_em', 'is', null)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) === 0) return null;
        await clearMarkets(trx, eventId);
        await trx.updateTable('eventos').set({ odds_live: null, updated_at: now.toISOString() }).where('id', '=', eventId).execute();
        const result = await settleEvent(trx, { eventId, stats, now, signals: this.signals, unknown });
        deliveries.push(...result.deliveries);
        return result;
      });
      for (const deliver of deliveries) await deliver().catch((error: unknown) => console.error('[jogos-api] signal', error));
      if (!settled) continue;
      (stats === 'void' ? report.voided : report.finished).push(eventId);
      report.settledSlips.push(...settled.slips.map((slip) => slip.id));
    }
  }

  private async storeCompetitions(leagues: Record<string, League>): Promise<void> {
    for (const [id, league] of Object.entries(leagues)) {
      const competition = { id: competitionIdOf(Number(id)), nome: league.name, pais: league.country };
      await this.db
        .insertInto('competicoes')
        .values(competition)
        .onConflict((oc) => oc.column('id').doUpdateSet({ nome: competition.nome, pais: competition.pais }))
        .execute();
    }
  }
}
