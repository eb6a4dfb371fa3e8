import type { Selection } from './schemas/slips.ts';

// The stale-slip check (with the match feed's bad data: a leg that never gets a result): what changed in each leg of a
// shared slip since it was made, and what copying it into one's own slip keeps (SPEC §4 copy rule: only legs still
// open, here at current odds). Pure and zod-free (types only), so the app's slip cards use it without loading zod.

/** A day after kick-off a leg with no result is shown as "sem resultado", never as won or lost. */
export const NO_RESULT_AFTER_MS = 24 * 3_600_000;

/**
 * The event_status of a leg whose event is no longer in the match feed: 'SR', sem resultado. The server
 * shows the leg from its own copy of the event (migration 0012-record) with its bet_status as stored; it never counts
 * as a win or a loss (while its bet_status stays pending, neither does its slip).
 */
export const EVENT_GONE_STATUS = 'SR';

/** Statuses of a match that will not be finished (abandoned, cancelled, postponed): its legs will be void. */
const WILL_NOT_FINISH = new Set(['ABD', 'CANC', 'PST']);

export type LegResult = 'won' | 'lost' | 'void';

export type LegCheck =
  /** The market is open at the price the slip was made at (`verified` false: an older copy without today's market). */
  | { kind: 'open'; then: number; now: number; verified: boolean }
  /** The market is open at another price: `change` now − then, `percent` of then (one decimal). */
  | { kind: 'moved'; then: number; now: number; change: number; percent: number; direction: 'up' | 'down' }
  /** The match kicked off: `minute` from event_score.elapsed (null when not known), `status` the feed's. */
  | { kind: 'started'; minute: number | null; status: string }
  /** The leg has its result. */
  | { kind: 'settled'; result: LegResult }
  /** The match has not started but the choice is no longer offered (or the match will not be played). */
  | { kind: 'closed' }
  /** The event left the feed, or there is still no result a day after kick-off. */
  | { kind: 'no-result'; reason: 'unknown-event' | 'overdue' };

export type LegKind = LegCheck['kind'];

/** What a leg needs from a selection: the server's Selection has all of it. */
export type CheckedSelection = Pick<Selection, 'event_scheduled' | 'event_status' | 'bet_status' | 'event_selection' | 'event_score' | 'event_selection_now'>;

const cents = (odds: number) => Math.round(odds * 100);

/** One leg as it stands at `now` (epoch ms) against the slip as it was made. */
export function checkLeg(selection: CheckedSelection, now: number): LegCheck {
  const then = selection.event_selection.odds;
  switch (selection.bet_status) {
    case 'won':
      return { kind: 'settled', result: 'won' };
    case 'failed':
      return { kind: 'settled', result: 'lost' };
    case 'void':
      return { kind: 'settled', result: 'void' };
    default:
      break;
  }
  const status = selection.event_status;
  if (status === EVENT_GONE_STATUS) return { kind: 'no-result', reason: 'unknown-event' };
  const kickOff = Date.parse(selection.event_scheduled);
  if (Number.isFinite(kickOff) && now >= kickOff + NO_RESULT_AFTER_MS) return { kind: 'no-result', reason: 'overdue' };
  if (WILL_NOT_FINISH.has(status)) return { kind: 'closed' };
  // Any status but NS means the match kicked off (LIVE, HT, FT, or suspended while played); so does a kick-off time passed.
  if (status !== 'NS' || (Number.isFinite(kickOff) && now >= kickOff)) return { kind: 'started', minute: selection.event_score.elapsed, status };
  if (selection.bet_status === 'blocked') return { kind: 'closed' };
  const market = selection.event_selection_now;
  if (!market) return { kind: 'open', then, now: then, verified: false };
  if (!market.open || market.odds === null) return { kind: 'closed' };
  const current = market.odds;
  const change = cents(current) - cents(then);
  if (change === 0) return { kind: 'open', then, now: current, verified: true };
  return {
    kind: 'moved',
    then,
    now: current,
    change: change / 100,
    percent: Math.round((change / cents(then)) * 1000) / 10,
    direction: change > 0 ? 'up' : 'down',
  };
}

/** The legs counted by what happened to them, for the summary line. */
export type LegCounts = Record<LegKind, number>;

export interface SlipCheck<S extends CheckedSelection = Selection> {
  legs: { selection: S; check: LegCheck }[];
  counts: LegCounts;
  /** Whether anything changed since the slip was made (a price, a kick-off, a result, a closed market). */
  changed: boolean;
}

export function checkSlip<S extends CheckedSelection>(selections: readonly S[], now: number): SlipCheck<S> {
  const counts: LegCounts = { open: 0, moved: 0, started: 0, settled: 0, closed: 0, 'no-result': 0 };
  const legs = selections.map((selection) => {
    const check = checkLeg(selection, now);
    counts[check.kind] += 1;
    return { selection, check };
  });
  return { legs, counts, changed: legs.some((leg) => leg.check.kind !== 'open') };
}

/** Why a leg is left out of a copy. */
export type LeftOutReason = 'started' | 'settled' | 'closed' | 'no-result';

export interface CopyPlan<S extends CheckedSelection = Selection> {
  /** The legs still open, each at its current price (event_selection.odds replaced), in the slip's order. */
  copy: S[];
  /** The legs left out, counted by reason. */
  leftOut: Record<LeftOutReason, number>;
}

/**
 * What copying a slip takes (SPEC §4 copy rule): only legs whose market is still open, at the
 * current odds; started, settled, closed and result-less legs are left out and counted by reason.
 */
export function copyPlan<S extends CheckedSelection>(selections: readonly S[], now: number): CopyPlan<S> {
  const plan: CopyPlan<S> = { copy: [], leftOut: { started: 0, settled: 0, closed: 0, 'no-result': 0 } };
  for (const selection of selections) {
    const check = checkLeg(selection, now);
    if (check.kind === 'open' || check.kind === 'moved') {
      plan.copy.push(
        check.kind === 'moved'
          ? ({ ...selection, event_selection: { ...selection.event_selection, odds: check.now, oddsTrend: check.direction } } as S)
          : selection,
      );
    } else plan.leftOut[check.kind] += 1;
  }
  return plan;
}
