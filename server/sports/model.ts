import type { EventoModelosTable } from '../db/schema.ts';
import { KICK_OFF, priceMarkets, type MatchModel } from './markets.ts';
import { expectedGoals, toPercent, type Outcome3 } from './poisson.ts';
import { createRng } from './rng.ts';

// The goals model of one match from the clubs' ratings, with a little per-match "form" so two meetings of the same
// clubs are not priced identically, and the draws that decide how the simulated match will unfold.

const FORM_SPREAD = 0.12;
const CORNERS_HOME = 5.4;
const CORNERS_AWAY = 4.5;
const RATING_SCALE = 40;
/** Share of matches the simulator abandons (their selections are void). */
export const ABANDON_RATE = 0.02;

export function matchModel(input: { eventId: string; homeRating: number; awayRating: number; seed: number }): MatchModel {
  const rng = createRng(`model:${input.seed}:${input.eventId}`);
  const jitter = () => (rng.next() * 2 - 1) * FORM_SPREAD;
  const goals = expectedGoals(input.homeRating, input.awayRating);
  const diff = (input.homeRating - input.awayRating) / RATING_SCALE;
  return {
    lambdaHome: goals.home * Math.exp(jitter()),
    lambdaAway: goals.away * Math.exp(jitter()),
    cornersHome: CORNERS_HOME * Math.exp(0.35 * diff + jitter()),
    cornersAway: CORNERS_AWAY * Math.exp(-0.35 * diff + jitter()),
  };
}

/** The model with the pre-match drift applied (home's goals up by e^ajuste, away's down). */
type ModelColumns = 'lambda_home' | 'lambda_away' | 'corners_home' | 'corners_away' | 'ajuste';

export function effectiveModel(row: Pick<EventoModelosTable, ModelColumns>): MatchModel {
  return {
    lambdaHome: row.lambda_home * Math.exp(row.ajuste),
    lambdaAway: row.lambda_away * Math.exp(-row.ajuste),
    cornersHome: row.corners_home,
    cornersAway: row.corners_away,
  };
}

/** The full-time result priced and in whole percent, as the event row carries it (SPEC §3 odds, probability). */
export function mainOdds(model: MatchModel): { odds: Outcome3; probability: Outcome3 } {
  const ft = priceMarkets(model, KICK_OFF).filter((choice) => choice.type === 'ft_result');
  const pick = (choice: string) => ft.find((c) => c.choice === choice) ?? { odds: 1.01, probability: 0 };
  return {
    odds: { home: pick('home').odds, draw: pick('draw').odds, away: pick('away').odds },
    probability: toPercent({ home: pick('home').probability, draw: pick('draw').probability, away: pick('away').probability }),
  };
}

/** A new match's model row: stoppage times and whether (and when) it will be abandoned are drawn up front. */
export function newModelRow(input: { eventId: string; model: MatchModel; now: Date }): EventoModelosTable {
  // Event ids already depend on the fixture seed, so the id alone makes the draws reproducible.
  const rng = createRng(`script:${input.eventId}`);
  const abandoned = rng.next() < ABANDON_RATE;
  const abandonAt = 5 + rng.next() * 95;
  return {
    evento_id: input.eventId,
    lambda_home: input.model.lambdaHome,
    lambda_away: input.model.lambdaAway,
    corners_home: input.model.cornersHome,
    corners_away: input.model.cornersAway,
    ajuste: 0,
    clock: null,
    stoppage_1: rng.int(1, 4),
    stoppage_2: rng.int(2, 6),
    abandon_at: abandoned ? abandonAt : null,
    h1_home_goals: 0,
    h1_away_goals: 0,
    home_corners: 0,
    away_corners: 0,
    h1_home_corners: 0,
    h1_away_corners: 0,
    ticked_at: input.now.toISOString(),
  };
}
