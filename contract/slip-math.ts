// Slip maths (SPEC §3 Slip, §9): the multiplier is the product of the odds, each rounded to 2 decimals; the
// return is stake times multiplier. Shared by the slip builder and the server so both show the same numbers.

export const DEFAULT_STAKE = 100;

export function roundOdds(odds: number): number {
  return Math.round(odds * 100) / 100;
}

/** Product of the odds, each rounded to 2 decimals; 1 for an empty slip. */
export function slipMultiplier(odds: readonly number[]): number {
  return odds.reduce((product, value) => product * roundOdds(value), 1);
}

export function slipReturn(stake: number, multiplier: number): number {
  return stake * multiplier;
}

/** The multiplier as shown: two decimals followed by x, e.g. 3.42x. */
export function formatMultiplier(multiplier: number): string {
  return `${multiplier.toFixed(2)}x`;
}

export type LegStatus = 'pending' | 'blocked' | 'failed' | 'won' | 'void';
export type SlipOutcome = 'pending' | 'won' | 'failed' | 'void';

/**
 * A slip's state from its legs (server settlement): failed as soon as one leg fails, pending while any other leg is
 * open, void when every leg is void, otherwise won (void legs count as odds 1).
 */
export function slipOutcome(legs: readonly LegStatus[]): SlipOutcome {
  if (legs.some((leg) => leg === 'failed')) return 'failed';
  if (legs.length === 0 || legs.some((leg) => leg === 'pending' || leg === 'blocked')) return 'pending';
  if (legs.every((leg) => leg === 'void')) return 'void';
  return 'won';
}
