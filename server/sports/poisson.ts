// Full-time result priced from independent Poisson goal counts (the classic Maher model): good enough for a
// believable demo book, and the same model later prices every other market.
export interface Outcome3 {
  home: number;
  draw: number;
  away: number;
}

export const BOOK_MARGIN = 0.06;
const MAX_GOALS = 10;
const HOME_BASE = 1.4;
const AWAY_BASE = 1.1;
/** Rating points per e-fold of expected goals: a 30-point gap roughly doubles the favourite's goals. */
const RATING_SCALE = 40;

export function expectedGoals(homeRating: number, awayRating: number): { home: number; away: number } {
  const diff = (homeRating - awayRating) / RATING_SCALE;
  const clamp = (x: number) => Math.min(4.5, Math.max(0.2, x));
  return { home: clamp(HOME_BASE * Math.exp(diff)), away: clamp(AWAY_BASE * Math.exp(-diff)) };
}

export function poissonPmf(lambda: number, k: number): number {
  let p = Math.exp(-lambda);
  for (let i = 1; i <= k; i += 1) p *= lambda / i;
  return p;
}

export function resultProbabilities(lambdaHome: number, lambdaAway: number): Outcome3 {
  let home = 0;
  let draw = 0;
  let away = 0;
  for (let h = 0; h <= MAX_GOALS; h += 1) {
    const ph = poissonPmf(lambdaHome, h);
    for (let a = 0; a <= MAX_GOALS; a += 1) {
      const p = ph * poissonPmf(lambdaAway, a);
      if (h > a) home += p;
      else if (h === a) draw += p;
      else away += p;
    }
  }
  const total = home + draw + away;
  return { home: home / total, draw: draw / total, away: away / total };
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** Decimal odds with the margin spread in proportion to each probability (1/Σ(1/odds) ≈ 1 + margin). */
export function priceWithMargin(p: Outcome3, margin = BOOK_MARGIN): Outcome3 {
  const price = (x: number) => Math.max(1.01, round2(1 / (x * (1 + margin))));
  return { home: price(p.home), draw: price(p.draw), away: price(p.away) };
}

/** Whole percentages that add up to exactly 100 (largest remainder). */
export function toPercent(p: Outcome3): Outcome3 {
  const keys = ['home', 'draw', 'away'] as const;
  const raw = keys.map((k) => p[k] * 100);
  const floors = raw.map(Math.floor);
  let missing = 100 - floors.reduce((a, b) => a + b, 0);
  const order = raw.map((x, i) => ({ i, rest: x - Math.floor(x) })).sort((a, b) => b.rest - a.rest);
  for (const { i } of order) {
    if (missing <= 0) break;
    floors[i] = (floors[i] ?? 0) + 1;
    missing -= 1;
  }
  return { home: floors[0] ?? 0, draw: floors[1] ?? 0, away: floors[2] ?? 0 };
}

/** A Poisson draw by inversion; used to give already-played seeded fixtures a score. */
export function samplePoisson(lambda: number, uniform: number): number {
  let k = 0;
  let cumulative = poissonPmf(lambda, 0);
  while (uniform > cumulative && k < MAX_GOALS) {
    k += 1;
    cumulative += poissonPmf(lambda, k);
  }
  return k;
}
