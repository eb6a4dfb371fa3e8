import { CORNERS_H1, GOALS_H1, type MatchModel, type MatchState, type Phase, type Score } from './markets.ts';
import type { Rng } from './rng.ts';

// The simulated match clock: minutes since kick-off with the half-time break in it. A half lasts 45 minutes plus its
// stoppage time; goals and corners arrive at the model's rates over the played time (stoppage included).

export const HALF = 45;
export const HT_BREAK = 15;

export interface Script {
  stoppage1: number;
  stoppage2: number;
  /** Clock value at which the match is abandoned; null for a match that will finish. */
  abandonAt: number | null;
}

export interface Counts {
  goals: Score;
  h1Goals: Score;
  corners: Score;
  h1Corners: Score;
}

export const ZERO_COUNTS: Counts = {
  goals: { home: 0, away: 0 },
  h1Goals: { home: 0, away: 0 },
  corners: { home: 0, away: 0 },
  h1Corners: { home: 0, away: 0 },
};

export type Status = 'LIVE' | 'HT' | 'FT' | 'ABD';

export function timeline(script: Script): { h1End: number; h2Start: number; end: number } {
  const h1End = HALF + script.stoppage1;
  const h2Start = h1End + HT_BREAK;
  return { h1End, h2Start, end: h2Start + HALF + script.stoppage2 };
}

export interface Moment {
  status: Exclude<Status, 'ABD'>;
  phase: Phase | 'FT';
  /** Share of the current half played. */
  progress: number;
  /** The minute shown (1..45 in the first half, 46..90 in the second; stoppage shows 45 or 90). */
  elapsed: number;
}

export function momentAt(clock: number, script: Script): Moment {
  const { h1End, h2Start, end } = timeline(script);
  if (clock < h1End) {
    const played = Math.max(0, clock);
    return { status: 'LIVE', phase: '1H', progress: played / h1End, elapsed: Math.min(HALF, Math.floor(played) + 1) };
  }
  if (clock < h2Start) return { status: 'HT', phase: 'HT', progress: 1, elapsed: HALF };
  if (clock < end) {
    const played = clock - h2Start;
    const elapsed = Math.min(2 * HALF, HALF + 1 + Math.floor(played));
    return { status: 'LIVE', phase: '2H', progress: played / (HALF + script.stoppage2), elapsed };
  }
  return { status: 'FT', phase: 'FT', progress: 1, elapsed: 2 * HALF };
}

/** A Poisson draw (Knuth); fine for the small rates of a tick. */
export function drawPoisson(lambda: number, rng: Rng): number {
  if (lambda <= 0) return 0;
  const limit = Math.exp(-lambda);
  let k = 0;
  let p = rng.next();
  while (p > limit) {
    k += 1;
    p *= rng.next();
  }
  return k;
}

export interface Advanced {
  clock: number;
  counts: Counts;
  status: Status;
  elapsed: number;
  /** The state the markets are priced from (null once the match is over). */
  state: MatchState | null;
}

const plus = (a: Score, b: Score): Score => ({ home: a.home + b.home, away: a.away + b.away });

/**
 * Moves a match from clock `from` (null: not kicked off) to `to`, drawing the goals and corners of the time played
 * in between. Pure apart from the injected random source, so a test can replay a match exactly.
 */
export function advance(input: { model: MatchModel; script: Script; from: number | null; to: number; counts: Counts; rng: Rng }): Advanced {
  const { model, script, rng } = input;
  const from = Math.max(0, input.from ?? 0);
  let to = Math.max(from, input.to);
  const abandoned = script.abandonAt !== null && to >= script.abandonAt;
  if (abandoned && script.abandonAt !== null) to = Math.max(from, script.abandonAt);
  const { h1End, h2Start, end } = timeline(script);
  let counts = input.counts;

  const pair = (home: number, away: number) => ({ home: drawPoisson(home, rng), away: drawPoisson(away, rng) });
  const draw = (share: number, goalsShare: number, cornersShare: number) => ({
    goals: pair(model.lambdaHome * goalsShare * share, model.lambdaAway * goalsShare * share),
    corners: pair(model.cornersHome * cornersShare * share, model.cornersAway * cornersShare * share),
  });

  const h1Played = Math.min(to, h1End) - Math.min(from, h1End);
  if (h1Played > 0) {
    const got = draw(h1Played / h1End, GOALS_H1, CORNERS_H1);
    counts = {
      goals: plus(counts.goals, got.goals),
      h1Goals: plus(counts.h1Goals, got.goals),
      corners: plus(counts.corners, got.corners),
      h1Corners: plus(counts.h1Corners, got.corners),
    };
  }
  const h2Played = Math.min(Math.max(to, h2Start), end) - Math.min(Math.max(from, h2Start), end);
  if (h2Played > 0) {
    const got = draw(h2Played / (HALF + script.stoppage2), 1 - GOALS_H1, 1 - CORNERS_H1);
    counts = { ...counts, goals: plus(counts.goals, got.goals), corners: plus(counts.corners, got.corners) };
  }

  const moment = momentAt(to, script);
  if (abandoned) return { clock: to, counts, status: 'ABD', elapsed: moment.elapsed, state: null };
  const state: MatchState | null = moment.phase === 'FT' ? null : { phase: moment.phase, progress: moment.progress, ...counts };
  return { clock: to, counts, status: moment.status, elapsed: moment.elapsed, state };
}
