import { describe, expect, it } from 'vitest';
import { MARKET_TYPES } from '../../../contract/schemas/events.ts';
import { slipMultiplier, slipOutcome, slipReturn } from '../../../contract/slip-math.ts';
import { advance, momentAt, timeline, ZERO_COUNTS, type Script } from '../../../server/sports/match-clock.ts';
import { KICK_OFF, priceMarkets, resultOdds, type MatchModel, type MatchState } from '../../../server/sports/markets.ts';
import { settleChoice, type FinalStats } from '../../../server/sports/settle-choice.ts';
import { matchModel } from '../../../server/sports/model.ts';
import { createRng } from '../../../server/sports/rng.ts';

const MODEL: MatchModel = { lambdaHome: 1.6, lambdaAway: 1.1, cornersHome: 5.6, cornersAway: 4.4 };
const SCRIPT: Script = { stoppage1: 2, stoppage2: 4, abandonAt: null };

const byKey = (choices: ReturnType<typeof priceMarkets>) => new Map(choices.map((c) => [`${c.type}|${c.choice}`, c]));

describe('pre-match markets (SPEC §9 "Markets covered")', () => {
  const choices = priceMarkets(MODEL, KICK_OFF);
  const book = byKey(choices);
  const p = (type: string, choice: string) => book.get(`${type}|${choice}`)?.probability ?? Number.NaN;

  it('covers every market type', () => {
    expect(new Set(choices.map((c) => c.type))).toEqual(new Set(MARKET_TYPES));
  });

  it('has full-time and half-time results, double chance, draw no bet, both teams to score, exactly-N', () => {
    for (const type of ['ft_result', 'ht_result', '2h_result']) {
      expect(p(type, 'home') + p(type, 'draw') + p(type, 'away')).toBeCloseTo(1, 6);
    }
    expect(p('double_chance', '1X')).toBeCloseTo(p('ft_result', 'home') + p('ft_result', 'draw'), 6);
    expect(p('draw_no_bet', 'home') + p('draw_no_bet', 'away')).toBeCloseTo(1, 6);
    expect(p('btts', 'yes') + p('btts', 'no')).toBeCloseTo(1, 6);
    const exact = ['0', '1', '2', '3', '4', '5', '6+'].reduce((sum, n) => sum + p('exact_goals', n), 0);
    expect(exact).toBeCloseTo(1, 6);
    expect(p('ft_result', 'home')).toBeGreaterThan(p('ft_result', 'away'));
  });

  it('has total goals 0.5-5.5, team goals 0.5-2.5, half goals, corners 0.5-19.5, first-half and asian corners', () => {
    for (const line of [0.5, 1.5, 2.5, 3.5, 4.5, 5.5]) expect(p('goals', `over_${line}`) + p('goals', `under_${line}`)).toBeCloseTo(1, 6);
    for (const side of ['home_goals', 'away_goals', '1h_goals', '2h_goals']) {
      for (const line of [0.5, 1.5, 2.5]) expect(book.has(`${side}|over_${line}`) && book.has(`${side}|under_${line}`)).toBe(true);
    }
    for (let line = 0.5; line <= 19.5; line += 1) expect(p('corners', `over_${line}`) + p('corners', `under_${line}`)).toBeCloseTo(1, 6);
    for (const line of [3.5, 4.5, 5.5]) expect(book.has(`1h_corners|over_${line}`)).toBe(true);
    for (const line of [8, 9, 10, 11, 12]) expect(p('asian_corners', `over_${line}`) + p('asian_corners', `under_${line}`)).toBeCloseTo(1, 6);
    // Monotone lines: more goals are less likely.
    expect(p('goals', 'over_1.5')).toBeGreaterThan(p('goals', 'over_2.5'));
    expect(p('corners', 'over_8.5')).toBeGreaterThan(p('corners', 'over_11.5'));
  });

  it('prices with a margin: odds below fair, 2 decimals, between 1.01 and 250', () => {
    for (const choice of choices) {
      expect(choice.odds).toBe(Math.round(choice.odds * 100) / 100);
      expect(choice.odds).toBeGreaterThanOrEqual(1.01);
      expect(choice.odds).toBeLessThanOrEqual(250);
      if (choice.probability > 0.05 && choice.probability < 0.95) expect(choice.odds).toBeLessThan(1 / choice.probability);
    }
    const overround = ['home', 'draw', 'away'].reduce((sum, c) => sum + 1 / (book.get(`ft_result|${c}`)?.odds ?? 1), 0);
    expect(overround).toBeGreaterThan(1.04);
    expect(overround).toBeLessThan(1.08);
  });

  it('favours the stronger club and gives each match its own form', () => {
    const strong = matchModel({ eventId: 'a', homeRating: 92, awayRating: 60, seed: 1 });
    expect(strong.lambdaHome).toBeGreaterThan(strong.lambdaAway);
    expect(strong.cornersHome).toBeGreaterThan(strong.cornersAway);
    expect(matchModel({ eventId: 'b', homeRating: 92, awayRating: 60, seed: 1 })).not.toEqual(strong);
    expect(matchModel({ eventId: 'a', homeRating: 92, awayRating: 60, seed: 1 })).toEqual(strong);
  });
});

describe('live markets', () => {
  const state = (over: Partial<MatchState>): MatchState => ({ ...KICK_OFF, ...over });

  it('reprice from the score and the time left, leaving decided choices out', () => {
    const leading = byKey(priceMarkets(MODEL, state({ phase: '2H', progress: 0.8, goals: { home: 2, away: 0 }, h1Goals: { home: 1, away: 0 } })));
    expect(leading.get('ft_result|home')?.probability).toBeGreaterThan(0.9);
    // Two goals scored: under 0.5 and under 1.5 are lost, over 1.5 won; none is offered any more.
    for (const gone of ['goals|under_0.5', 'goals|over_0.5', 'goals|under_1.5', 'goals|over_1.5', 'ht_result|home']) expect(leading.has(gone)).toBe(false);
    expect(leading.has('goals|over_2.5')).toBe(true);
    const early = byKey(priceMarkets(MODEL, state({ phase: '1H', progress: 0.1 })));
    expect(early.get('goals|over_2.5')?.probability).toBeGreaterThan(leading.get('goals|over_4.5')?.probability ?? 1);
  });

  it('keeps every full-time choice for the event row odds_live', () => {
    const odds = resultOdds(MODEL, state({ phase: '2H', progress: 0.99, goals: { home: 3, away: 0 } }));
    expect(odds.home).toBe(1.01);
    expect(odds.away).toBeGreaterThan(50);
  });
});

describe('settlement of a choice', () => {
  const stats: FinalStats = { goals: { home: 2, away: 1 }, h1Goals: { home: 0, away: 1 }, corners: { home: 6, away: 4 }, h1Corners: { home: 2, away: 2 } };

  it.each([
    ['ft_result', 'home', 'won'],
    ['ft_result', 'draw', 'failed'],
    ['ht_result', 'away', 'won'],
    ['2h_result', 'home', 'won'],
    ['double_chance', 'X2', 'failed'],
    ['double_chance', '12', 'won'],
    ['draw_no_bet', 'home', 'won'],
    ['btts', 'yes', 'won'],
    ['goals', 'over_2.5', 'won'],
    ['goals', 'under_2.5', 'failed'],
    ['home_goals', 'over_1.5', 'won'],
    ['away_goals', 'over_1.5', 'failed'],
    ['exact_goals', '3', 'won'],
    ['exact_goals', '6+', 'failed'],
    ['1h_goals', 'under_1.5', 'won'],
    ['2h_goals', 'over_1.5', 'won'],
    ['corners', 'over_9.5', 'won'],
    ['1h_corners', 'over_4.5', 'failed'],
    ['asian_corners', 'over_10', 'void'],
    ['asian_corners', 'under_11', 'won'],
  ])('%s %s is %s', (type, choice, outcome) => {
    expect(settleChoice(type, choice, stats)).toBe(outcome);
  });

  it('voids draw no bet on a draw and knows no unknown choice', () => {
    expect(settleChoice('draw_no_bet', 'away', { ...stats, goals: { home: 1, away: 1 } })).toBe('void');
    expect(settleChoice('goals', 'over_x', stats)).toBeNull();
    expect(settleChoice('nope', 'home', stats)).toBeNull();
  });
});

describe('slip maths (SPEC §3)', () => {
  it('multiplies odds rounded to 2 decimals and settles a slip from its legs', () => {
    expect(slipMultiplier([1.555, 2])).toBeCloseTo(3.12, 10);
    expect(slipReturn(100, 3.12)).toBeCloseTo(312, 10);
    expect(slipOutcome(['won', 'pending'])).toBe('pending');
    expect(slipOutcome(['failed', 'pending'])).toBe('failed');
    expect(slipOutcome(['won', 'void'])).toBe('won');
    expect(slipOutcome(['void', 'void'])).toBe('void');
  });
});

describe('match clock', () => {
  const { h1End, h2Start, end } = timeline(SCRIPT);

  it('goes NS -> LIVE -> HT -> LIVE -> FT with the minute shown', () => {
    expect(momentAt(0, SCRIPT)).toMatchObject({ status: 'LIVE', elapsed: 1 });
    expect(momentAt(30.5, SCRIPT)).toMatchObject({ status: 'LIVE', elapsed: 31 });
    expect(momentAt(h1End - 0.5, SCRIPT)).toMatchObject({ status: 'LIVE', elapsed: 45 });
    expect(momentAt(h1End + 1, SCRIPT)).toMatchObject({ status: 'HT', elapsed: 45 });
    expect(momentAt(h2Start + 10.2, SCRIPT)).toMatchObject({ status: 'LIVE', phase: '2H', elapsed: 56 });
    expect(momentAt(end, SCRIPT)).toMatchObject({ status: 'FT', elapsed: 90 });
  });

  it('plays the same match the same way for the same random source, and goals add up', () => {
    const play = () => advance({ model: MODEL, script: SCRIPT, from: null, to: end + 1, counts: ZERO_COUNTS, rng: createRng('same') });
    const first = play();
    expect(play()).toEqual(first);
    expect(first.status).toBe('FT');
    expect(first.state).toBeNull();
    expect(first.counts.h1Goals.home).toBeLessThanOrEqual(first.counts.goals.home);
    expect(first.counts.h1Corners.away).toBeLessThanOrEqual(first.counts.corners.away);
  });

  it('scores at the model rate over many matches', () => {
    let goals = 0;
    let corners = 0;
    const n = 400;
    for (let i = 0; i < n; i += 1) {
      const m = advance({ model: MODEL, script: SCRIPT, from: null, to: end, counts: ZERO_COUNTS, rng: createRng(`m${i}`) });
      goals += m.counts.goals.home + m.counts.goals.away;
      corners += m.counts.corners.home + m.counts.corners.away;
    }
    expect(goals / n).toBeGreaterThan(2.3);
    expect(goals / n).toBeLessThan(3.1);
    expect(corners / n).toBeGreaterThan(9);
    expect(corners / n).toBeLessThan(11);
  });

  it('abandons a match at its scripted minute', () => {
    const played = advance({ model: MODEL, script: { ...SCRIPT, abandonAt: 30 }, from: 10, to: 70, counts: ZERO_COUNTS, rng: createRng('abd') });
    expect(played).toMatchObject({ status: 'ABD', clock: 30, elapsed: 31, state: null });
  });
});
