import type { ExploreInsight, ExploreSelection } from '../../contract/schemas/explore.ts';
import type { MarketType } from '../../contract/schemas/events.ts';
import type { Db } from '../db/create-db.ts';
import type { Page } from '../social/shared/request.ts';
import { loadEvents, toSelection } from '../slips/slip-view.ts';
import type { MarketPick } from './filter-markets.ts';

// The priced choices a tip is chosen from, and how a ranked list of them becomes ready-made selections.

export interface CandidateFilter {
  statuses: readonly string[];
  /** Kick-off strictly after / before. */
  after?: Date;
  before?: Date;
  competition?: string | undefined;
  /** Either exact choices, or every choice of some markets. */
  picks?: readonly MarketPick[];
  types?: readonly MarketType[];
  /** Hundredths. */
  minOdds?: number;
  risingOnly?: boolean;
}

/** What a tip is built from: a priced choice (current odds) and its event's kick-off, from mercados joined to eventos. */
export const CANDIDATE_COLUMNS = [
  'mercados.evento_id',
  'mercados.tipo',
  'mercados.escolha',
  'mercados.ordem',
  'mercados.odds',
  'mercados.probabilidade',
  'mercados.odds_trend',
  'mercados.probabilidade_trend',
  'eventos.date',
] as const;

export async function loadCandidates(db: Db, filter: CandidateFilter) {
  let query = db
    .selectFrom('mercados')
    .innerJoin('eventos', 'eventos.id', 'mercados.evento_id')
    .select(CANDIDATE_COLUMNS)
    .where('eventos.status', 'in', [...filter.statuses]);
  if (filter.after) query = query.where('eventos.date', '>', filter.after.toISOString());
  if (filter.before) query = query.where('eventos.date', '<', filter.before.toISOString());
  if (filter.competition !== undefined) query = query.where('eventos.competition_id', '=', filter.competition);
  if (filter.minOdds !== undefined) query = query.where('mercados.odds', '>=', filter.minOdds);
  if (filter.risingOnly) query = query.where('mercados.probabilidade_trend', '=', 'up');
  const picks = filter.picks;
  if (picks) {
    query = query.where((eb) =>
      eb.or(picks.map((p) => eb.and([eb('mercados.tipo', '=', p.type), eb('mercados.escolha', 'in', [...p.choices])]))),
    );
  }
  if (filter.types) query = query.where('mercados.tipo', 'in', [...filter.types]);
  return query.execute();
}
export type Candidate = Awaited<ReturnType<typeof loadCandidates>>[number];

export interface Ranked {
  row: Candidate;
  /** Higher is better. */
  score: number;
  insight?: ExploreInsight;
}

/** Keeps each event's best choice (a slip takes one per event): the highest score, then the better price. */
export function bestPerEvent(ranked: readonly Ranked[]): Ranked[] {
  const best = new Map<string, Ranked>();
  for (const item of ranked) {
    const held = best.get(item.row.evento_id);
    if (!held || item.score > held.score || (item.score === held.score && item.row.odds > held.row.odds)) {
      best.set(item.row.evento_id, item);
    }
  }
  return [...best.values()];
}

/** Best score first; ties by kick-off, then by event and choice so a page boundary never moves between calls. */
export function byScore(a: Ranked, b: Ranked): number {
  return b.score - a.score || byKickOff(a, b);
}

export function byKickOff(a: Ranked, b: Ranked): number {
  return (
    a.row.date.localeCompare(b.row.date) ||
    a.row.evento_id.localeCompare(b.row.evento_id) ||
    a.row.ordem - b.row.ordem
  );
}

/** One page of ranked choices as selections the app can add to its slip as they are. */
export async function toTips(db: Db, ranked: readonly Ranked[], page: Page): Promise<ExploreSelection[]> {
  const slice = ranked.slice(page.offset, page.offset + page.size);
  const events = await loadEvents(db, slice.map((item) => item.row.evento_id));
  return slice.flatMap((item) => {
    const event = events.get(item.row.evento_id);
    if (!event) return [];
    const selection = toSelection(event, { ...item.row, type: item.row.tipo, choice: item.row.escolha }, 'pending', false);
    return [item.insight ? { ...selection, insight: item.insight } : selection];
  });
}
