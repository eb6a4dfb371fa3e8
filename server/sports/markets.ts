import type { MarketType } from '../../contract/schemas/events.ts';
import { poissonPmf } from './poisson.ts';

// Every market of SPEC §9 priced from one goals model: each side's goals are Poisson (Dixon-Coles corrected for low
// scores before kick-off), split 45/55 between the halves; corners are Poisson too. Live, what is left to play is
// priced on top of the score so far, so the same functions price before and during a match.

/** Share of a match's goals and corners in each half (second halves are livelier). */
export const GOALS_H1 = 0.45;
export const CORNERS_H1 = 0.48;
/** Dixon-Coles low-score dependence: draws 0-0 and 1-1 a little likelier than independence says. */
const DC_RHO = -0.08;
const MAIN_MARGIN = 0.06;
const SIDE_MARGIN = 0.08;
const MIN_ODDS = 1.01;
const MAX_ODDS = 250;
/** Live, choices this sure (or this impossible) are decided: they are taken off the board. */
const DECIDED = 0.001;

export interface MatchModel {
  lambdaHome: number;
  lambdaAway: number;
  cornersHome: number;
  cornersAway: number;
}

export type Phase = 'NS' | '1H' | 'HT' | '2H';

export interface Score {
  home: number;
  away: number;
}

/** Where a match stands: `progress` is the share of the current half already played (0 before, 1 at its end). */
export interface MatchState {
  phase: Phase;
  progress: number;
  goals: Score;
  h1Goals: Score;
  corners: Score;
  h1Corners: Score;
}

export const KICK_OFF: MatchState = {
  phase: 'NS',
  progress: 0,
  goals: { home: 0, away: 0 },
  h1Goals: { home: 0, away: 0 },
  corners: { home: 0, away: 0 },
  h1Corners: { home: 0, away: 0 },
};

export interface PricedChoice {
  type: MarketType;
  choice: string;
  /** 0..1, conditional on no push for draw-no-bet and whole-line asian corners. */
  probability: number;
  odds: number;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

export function priceOf(probability: number, margin: number): number {
  if (probability <= 0) return MAX_ODDS;
  return Math.min(MAX_ODDS, Math.max(MIN_ODDS, round2(1 / (probability * (1 + margin)))));
}

function pmf(lambda: number): number[] {
  const size = Math.max(12, Math.ceil(lambda + 8 * Math.sqrt(lambda) + 6));
  const values: number[] = [];
  for (let k = 0; k <= size; k += 1) values.push(poissonPmf(lambda, k));
  return values;
}

/** A joint distribution of (home, away) counts: the score so far plus independent Poisson additions. */
interface Cell {
  home: number;
  away: number;
  p: number;
}

function joint(base: Score, lambdaHome: number, lambdaAway: number, dixonColes: boolean): Cell[] {
  const ph = pmf(lambdaHome);
  const pa = pmf(lambdaAway);
  const cells: Cell[] = [];
  let total = 0;
  ph.forEach((p1, h) => {
    pa.forEach((p2, a) => {
      let p = p1 * p2;
      if (dixonColes) p *= tau(h, a, lambdaHome, lambdaAway);
      total += p;
      cells.push({ home: base.home + h, away: base.away + a, p });
    });
  });
  for (const cell of cells) cell.p /= total;
  return cells;
}

function tau(h: number, a: number, lh: number, la: number): number {
  if (h === 0 && a === 0) return 1 - lh * la * DC_RHO;
  if (h === 0 && a === 1) return 1 + lh * DC_RHO;
  if (h === 1 && a === 0) return 1 + la * DC_RHO;
  if (h === 1 && a === 1) return 1 - DC_RHO;
  return 1;
}

function prob(cells: readonly Cell[], test: (home: number, away: number) => boolean): number {
  let sum = 0;
  for (const cell of cells) if (test(cell.home, cell.away)) sum += cell.p;
  return Math.min(1, Math.max(0, sum));
}

/** Distribution of a single total (corners): so far plus Poisson. */
function totals(base: number, lambda: number): { value: number; p: number }[] {
  return pmf(lambda).map((p, k) => ({ value: base + k, p }));
}

function probTotal(dist: readonly { value: number; p: number }[], test: (value: number) => boolean): number {
  let sum = 0;
  for (const { value, p } of dist) if (test(value)) sum += p;
  return Math.min(1, Math.max(0, sum));
}

/** Shares of each half still to play. */
function remaining(state: MatchState): { h1: number; h2: number } {
  switch (state.phase) {
    case 'NS':
      return { h1: 1, h2: 1 };
    case '1H':
      return { h1: 1 - state.progress, h2: 1 };
    case 'HT':
      return { h1: 0, h2: 1 };
    case '2H':
      return { h1: 0, h2: 1 - state.progress };
  }
}

export const GOAL_LINES = [0.5, 1.5, 2.5, 3.5, 4.5, 5.5] as const;
export const TEAM_GOAL_LINES = [0.5, 1.5, 2.5] as const;
export const HALF_GOAL_LINES = [0.5, 1.5, 2.5] as const;
export const CORNER_LINES = Array.from({ length: 20 }, (_, i) => i + 0.5);
export const H1_CORNER_LINES = [2.5, 3.5, 4.5, 5.5, 6.5] as const;
export const ASIAN_CORNER_LINES = [7, 8, 9, 10, 11, 12, 13] as const;
export const EXACT_GOALS = ['0', '1', '2', '3', '4', '5', '6+'] as const;

/** Prices every market for a match in the given state. Live, decided choices are left out unless asked for. */
export function priceMarkets(model: MatchModel, state: MatchState, options: { keepDecided?: boolean } = {}): PricedChoice[] {
  const dropDecided = state.phase !== 'NS' && !options.keepDecided;
  const rest = remaining(state);
  const out: PricedChoice[] = [];
  const add = (type: MarketType, choice: string, probability: number, margin = SIDE_MARGIN) => {
    if (dropDecided && (probability < DECIDED || probability > 1 - DECIDED)) return;
    out.push({ type, choice, probability, odds: priceOf(probability, margin) });
  };
  const { lambdaHome: lh, lambdaAway: la } = model;

  // Full time: the score so far plus what is left of both halves.
  const ftRestHome = lh * (GOALS_H1 * rest.h1 + (1 - GOALS_H1) * rest.h2);
  const ftRestAway = la * (GOALS_H1 * rest.h1 + (1 - GOALS_H1) * rest.h2);
  const ft = joint(state.goals, ftRestHome, ftRestAway, state.phase === 'NS');
  const pHome = prob(ft, (h, a) => h > a);
  const pDraw = prob(ft, (h, a) => h === a);
  const pAway = prob(ft, (h, a) => h < a);
  add('ft_result', 'home', pHome, MAIN_MARGIN);
  add('ft_result', 'draw', pDraw, MAIN_MARGIN);
  add('ft_result', 'away', pAway, MAIN_MARGIN);

  const h1 = joint(state.h1Goals, lh * GOALS_H1 * rest.h1, la * GOALS_H1 * rest.h1, false);
  add('ht_result', 'home', prob(h1, (h, a) => h > a));
  add('ht_result', 'draw', prob(h1, (h, a) => h === a));
  add('ht_result', 'away', prob(h1, (h, a) => h < a));

  add('double_chance', '1X', pHome + pDraw, MAIN_MARGIN);
  add('double_chance', '12', pHome + pAway, MAIN_MARGIN);
  add('double_chance', 'X2', pDraw + pAway, MAIN_MARGIN);

  if (pDraw < 1 - DECIDED) {
    add('draw_no_bet', 'home', pHome / (1 - pDraw), MAIN_MARGIN);
    add('draw_no_bet', 'away', pAway / (1 - pDraw), MAIN_MARGIN);
  }

  const btts = prob(ft, (h, a) => h > 0 && a > 0);
  add('btts', 'yes', btts, MAIN_MARGIN);
  add('btts', 'no', 1 - btts, MAIN_MARGIN);

  for (const line of GOAL_LINES) {
    const over = prob(ft, (h, a) => h + a > line);
    add('goals', `over_${line}`, over, MAIN_MARGIN);
    add('goals', `under_${line}`, 1 - over, MAIN_MARGIN);
  }
  for (const line of TEAM_GOAL_LINES) {
    const home = prob(ft, (h) => h > line);
    add('home_goals', `over_${line}`, home);
    add('home_goals', `under_${line}`, 1 - home);
  }
  for (const line of TEAM_GOAL_LINES) {
    const away = prob(ft, (_h, a) => a > line);
    add('away_goals', `over_${line}`, away);
    add('away_goals', `under_${line}`, 1 - away);
  }
  for (const choice of EXACT_GOALS) {
    const n = Number.parseInt(choice, 10);
    add('exact_goals', choice, prob(ft, (h, a) => (choice === '6+' ? h + a >= 6 : h + a === n)));
  }
  for (const line of HALF_GOAL_LINES) {
    const over = prob(h1, (h, a) => h + a > line);
    add('1h_goals', `over_${line}`, over);
    add('1h_goals', `under_${line}`, 1 - over);
  }

  // Second half on its own: the second-half goals so far plus what is left of it.
  const h2Base =
    state.phase === '2H'
      ? { home: state.goals.home - state.h1Goals.home, away: state.goals.away - state.h1Goals.away }
      : { home: 0, away: 0 };
  const h2 = joint(h2Base, lh * (1 - GOALS_H1) * rest.h2, la * (1 - GOALS_H1) * rest.h2, false);
  add('2h_result', 'home', prob(h2, (h, a) => h > a));
  add('2h_result', 'draw', prob(h2, (h, a) => h === a));
  add('2h_result', 'away', prob(h2, (h, a) => h < a));
  for (const line of HALF_GOAL_LINES) {
    const over = prob(h2, (h, a) => h + a > line);
    add('2h_goals', `over_${line}`, over);
    add('2h_goals', `under_${line}`, 1 - over);
  }

  const cornersLambda = model.cornersHome + model.cornersAway;
  const cornersSoFar = state.corners.home + state.corners.away;
  const corners = totals(cornersSoFar, cornersLambda * (CORNERS_H1 * rest.h1 + (1 - CORNERS_H1) * rest.h2));
  for (const line of CORNER_LINES) {
    const over = probTotal(corners, (n) => n > line);
    add('corners', `over_${line}`, over);
    add('corners', `under_${line}`, 1 - over);
  }
  const h1Corners = totals(state.h1Corners.home + state.h1Corners.away, cornersLambda * CORNERS_H1 * rest.h1);
  for (const line of H1_CORNER_LINES) {
    const over = probTotal(h1Corners, (n) => n > line);
    add('1h_corners', `over_${line}`, over);
    add('1h_corners', `under_${line}`, 1 - over);
  }
  // Whole lines: exactly the line is a push (stake back), so prices are conditional on no push.
  for (const line of ASIAN_CORNER_LINES) {
    const over = probTotal(corners, (n) => n > line);
    const under = probTotal(corners, (n) => n < line);
    const decided = over + under;
    if (decided <= DECIDED) continue;
    add('asian_corners', `over_${line}`, over / decided);
    add('asian_corners', `under_${line}`, under / decided);
  }
  return out;
}

/** The full-time result as the event row carries it (odds_live while playing): every choice, decided or not. */
export function resultOdds(model: MatchModel, state: MatchState): { home: number; draw: number; away: number } {
  const ft = priceMarkets(model, state, { keepDecided: true }).filter((c) => c.type === 'ft_result');
  const odds = (choice: string) => ft.find((c) => c.choice === choice)?.odds ?? MAX_ODDS;
  return { home: odds('home'), draw: odds('draw'), away: odds('away') };
}
