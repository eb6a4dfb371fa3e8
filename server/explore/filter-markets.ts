import type { MarketType } from '../../contract/schemas/events.ts';
import type { ProbabilityBetFilter, TrendFilter, ValueBetFilter } from '../../contract/schemas/explore.ts';

// Each Explore filter value (SPEC §5) as concrete market choices of the feed (docs/api/betting.md "Markets"). A filter
// naming a whole market (ft_result, homeGoals, 1hCorners) lists several choices: the mode keeps the best of them per
// event, since a slip takes one selection per event. The Record types make a missing value a compile error, and
// tests/unit/server/explore-filters.test.ts checks every choice exists in the priced book.

export interface MarketPick {
  type: MarketType;
  choices: readonly string[];
}

const pick = (type: MarketType, ...choices: string[]): MarketPick => ({ type, choices });
const RESULT = ['home', 'draw', 'away'];
const TEAM_OVERS = ['over_0.5', 'over_1.5', 'over_2.5'];

/** probabilityBetsComponent: the most probable of these per event. `oN_goals` is over N.5. */
export const PROBABILITY_BET_MARKETS: Record<ProbabilityBetFilter, MarketPick> = {
  ft_result: pick('ft_result', ...RESULT),
  ht_result: pick('ht_result', ...RESULT),
  double_chance: pick('double_chance', '1X', '12', 'X2'),
  btts: pick('btts', 'yes', 'no'),
  o0_goals: pick('goals', 'over_0.5'),
  o1_goals: pick('goals', 'over_1.5'),
  o2_goals: pick('goals', 'over_2.5'),
  o3_goals: pick('goals', 'over_3.5'),
  o4_goals: pick('goals', 'over_4.5'),
  home_o0_goals: pick('home_goals', 'over_0.5'),
  home_o1_goals: pick('home_goals', 'over_1.5'),
  home_o2_goals: pick('home_goals', 'over_2.5'),
  away_o0_goals: pick('away_goals', 'over_0.5'),
  away_o1_goals: pick('away_goals', 'over_1.5'),
  away_o2_goals: pick('away_goals', 'over_2.5'),
  o4_corners: pick('corners', 'over_4.5'),
  o5_corners: pick('corners', 'over_5.5'),
  o6_corners: pick('corners', 'over_6.5'),
  o7_corners: pick('corners', 'over_7.5'),
  o8_corners: pick('corners', 'over_8.5'),
  o9_corners: pick('corners', 'over_9.5'),
  o10_corners: pick('corners', 'over_10.5'),
  o11_corners: pick('corners', 'over_11.5'),
};

/**
 * valueBetsComponent: the choice with the most value per event. `o15` is over 1.5 goals, `u35` under 3.5; a side's
 * goals take whichever of its lines carries the most value.
 */
export const VALUE_BET_MARKETS: Record<ValueBetFilter, MarketPick> = {
  homeWin: pick('ft_result', 'home'),
  draw: pick('ft_result', 'draw'),
  awayWin: pick('ft_result', 'away'),
  btts: pick('btts', 'yes'),
  o15: pick('goals', 'over_1.5'),
  u15: pick('goals', 'under_1.5'),
  o25: pick('goals', 'over_2.5'),
  u25: pick('goals', 'under_2.5'),
  o35: pick('goals', 'over_3.5'),
  u35: pick('goals', 'under_3.5'),
  homeGoals: pick('home_goals', ...TEAM_OVERS),
  awayGoals: pick('away_goals', ...TEAM_OVERS),
  o85Corners: pick('corners', 'over_8.5'),
};

/**
 * trendsComponent: one choice each, kept when its probability is rising. A market named whole takes its usual line:
 * a goal in the first half, the home or away side scoring, over 4.5 first-half corners (about even money). With
 * several lines the likeliest would always be the lowest, a price not worth a tip.
 */
export const TREND_MARKETS: Record<TrendFilter, MarketPick> = {
  homeWin: pick('ft_result', 'home'),
  draw: pick('ft_result', 'draw'),
  awayWin: pick('ft_result', 'away'),
  btts: pick('btts', 'yes'),
  over15: pick('goals', 'over_1.5'),
  over25: pick('goals', 'over_2.5'),
  under25: pick('goals', 'under_2.5'),
  over35: pick('goals', 'over_3.5'),
  under35: pick('goals', 'under_3.5'),
  '1hGoals': pick('1h_goals', 'over_0.5'),
  homeWinHT: pick('ht_result', 'home'),
  drawHT: pick('ht_result', 'draw'),
  awayWinHT: pick('ht_result', 'away'),
  homeGoals: pick('home_goals', 'over_0.5'),
  awayGoals: pick('away_goals', 'over_0.5'),
  '1hCorners': pick('1h_corners', 'over_4.5'),
  over8Corners: pick('corners', 'over_8.5'),
  under9Corners: pick('corners', 'under_9.5'),
  under10Corners: pick('corners', 'under_10.5'),
};

/** next and date: the event's most probable full-time result (the 1X2 the event lists show). */
export const RESULT_MARKET: MarketPick = pick('ft_result', ...RESULT);

/**
 * live: the markets a live tip is drawn from. Exotic ones (exact goals, asian corners, second-half lines) are left
 * out; the tip must still pay something (LIVE_MIN_ODDS), or "under 19.5 corners" at 1.01 would win every time.
 */
export const LIVE_MARKETS: readonly MarketType[] = ['ft_result', 'double_chance', 'draw_no_bet', 'btts', 'goals', 'home_goals', 'away_goals', 'corners'];
/** Hundredths: 1.20. */
export const LIVE_MIN_ODDS = 120;
