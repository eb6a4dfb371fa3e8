import { LIVE_STATUSES } from '../../contract/schemas/events.ts';
import type { ExploreBetsQuery, ExploreSelection } from '../../contract/schemas/explore.ts';
import type { Db } from '../db/create-db.ts';
import { addDays } from '../lib/time.ts';
import type { Page } from '../social/shared/request.ts';
import { windowEnd } from '../slips/tips.ts';
import { angolaDay, angolaDayOf } from './angola-day.ts';
import {
  LIVE_MARKETS,
  LIVE_MIN_ODDS,
  PROBABILITY_BET_MARKETS,
  RESULT_MARKET,
  TREND_MARKETS,
  VALUE_BET_MARKETS,
} from './filter-markets.ts';
import {
  bestPerEvent,
  byKickOff,
  byScore,
  CANDIDATE_COLUMNS,
  loadCandidates,
  toTips,
  type Candidate,
  type CandidateFilter,
  type Ranked,
} from './tip-candidates.ts';
import { modelBooks } from './value-model.ts';

// The tips of GET /api/client/public/explorar/apostas, one function per searchByComponent (docs/api/explore.md).

/** popular counts the slips of this many days. */
export const POPULAR_LOOKBACK_DAYS = 7;

const byProbability = (rows: readonly Candidate[]): Ranked[] => rows.map((row) => ({ row, score: row.probabilidade }));

async function valueTips(db: Db, rows: readonly Candidate[]): Promise<Ranked[]> {
  const books = await modelBooks(db, rows.map((row) => row.evento_id));
  return rows.flatMap((row) => {
    const probability = books.get(row.evento_id)?.get(`${row.tipo}|${row.escolha}`);
    if (probability === undefined) return [];
    // Rounded before the test, so the value the app is shown is itself above 1.
    const value = Math.round(probability * row.odds * 10) / 1000;
    if (value <= 1) return [];
    return [{ row, score: value, insight: { value, modelProbability: Math.round(probability * 1000) / 10 } }];
  });
}

/** The choices most held by published slips of the last days, on events still to kick off in the window. */
async function popularTips(db: Db, upcoming: CandidateFilter, now: Date): Promise<Ranked[]> {
  let query = db
    .selectFrom('ficha_selecoes')
    .innerJoin('fichas', 'fichas.id', 'ficha_selecoes.ficha_id')
    .innerJoin('eventos', 'eventos.id', 'ficha_selecoes.evento_id')
    // Current prices: a tip is added at today's odds, whatever the slips took.
    .innerJoin('mercados', (join) =>
      join
        .onRef('mercados.evento_id', '=', 'ficha_selecoes.evento_id')
        .onRef('mercados.tipo', '=', 'ficha_selecoes.tipo')
        .onRef('mercados.escolha', '=', 'ficha_selecoes.escolha'),
    )
    .select((eb) => [...CANDIDATE_COLUMNS, eb.fn.countAll<number | string>().as('n')])
    .where('fichas.oculta', '=', 0)
    .where('fichas.created_at', '>=', addDays(now, -POPULAR_LOOKBACK_DAYS).toISOString())
    .where('eventos.status', 'in', [...upcoming.statuses]);
  if (upcoming.after) query = query.where('eventos.date', '>', upcoming.after.toISOString());
  if (upcoming.before) query = query.where('eventos.date', '<', upcoming.before.toISOString());
  if (upcoming.competition !== undefined) query = query.where('eventos.competition_id', '=', upcoming.competition);
  const rows = await query
    .groupBy([...CANDIDATE_COLUMNS])
    .execute();
  return rows.map(({ n, ...row }) => {
    const slips = Number(n);
    // More slips first; among equals the likelier choice (probability is below 10,000 basis points).
    return { row, score: slips * 10_000 + row.probabilidade, insight: { slips } };
  });
}

/** The tips of one Explore search, best first, one per event, paged. */
export async function exploreTips(db: Db, q: ExploreBetsQuery, page: Page, now: Date): Promise<ExploreSelection[]> {
  const competition = q.competitionComponent;
  const upcoming: CandidateFilter = { statuses: ['NS'], after: now, before: windowEnd(q.dateOption, now), competition };
  const ranked = async (filter: CandidateFilter, rank: (rows: Candidate[]) => Ranked[] | Promise<Ranked[]>) =>
    bestPerEvent(await rank(await loadCandidates(db, filter)));

  switch (q.searchByComponent) {
    case 'probabilityBets': {
      const tips = await ranked({ ...upcoming, picks: [PROBABILITY_BET_MARKETS[q.probabilityBetsComponent]] }, byProbability);
      return toTips(db, tips.sort(byScore), page);
    }
    case 'valueBets': {
      const tips = await ranked({ ...upcoming, picks: [VALUE_BET_MARKETS[q.valueBetsComponent]] }, (rows) => valueTips(db, rows));
      return toTips(db, tips.sort(byScore), page);
    }
    case 'trends': {
      const tips = await ranked({ ...upcoming, picks: [TREND_MARKETS[q.trendsComponent]], risingOnly: true }, byProbability);
      return toTips(db, tips.sort(byScore), page);
    }
    case 'popular':
      return toTips(db, bestPerEvent(await popularTips(db, upcoming, now)).sort(byScore), page);
    case 'live': {
      const filter = { statuses: LIVE_STATUSES, competition, types: LIVE_MARKETS, minOdds: LIVE_MIN_ODDS };
      return toTips(db, (await ranked(filter, byProbability)).sort(byScore), page);
    }
    case 'next': {
      const tips = await ranked({ ...upcoming, picks: [RESULT_MARKET] }, byProbability);
      return toTips(db, tips.sort(byKickOff), page);
    }
    case 'date': {
      const day = (q.dateComponent === undefined ? null : angolaDay(q.dateComponent)) ?? angolaDayOf(now);
      // Only what can still be bet on: a day's matches already under way or over are not tips.
      // `after` is exclusive: a match at the day's very first minute belongs to it.
      const after = day.start > now ? new Date(day.start.getTime() - 1) : now;
      const tips = await ranked({ statuses: ['NS'], after, before: day.end, competition, picks: [RESULT_MARKET] }, byProbability);
      return toTips(db, tips.sort(byKickOff), page);
    }
  }
}
