// The Explore page's allowed values (SPEC §5 "Explore filter allowed values"), with no zod: the app's filter parser
// (src/lib/explore-filters.ts) reads them on the Explore route without loading the schemas, and
// contract/schemas/explore.ts builds the server's query schemas from the same lists.

export const FICHA_CATEGORIAS = ['novasfichas', 'novas', 'boas', 'fire', 'certeiras', 'lucrativas', 'quase', 'tudo'] as const;
export type FichaCategoria = (typeof FICHA_CATEGORIAS)[number];
/** The category only the official and the privileged account may read (SPEC §6). */
export const PRIVILEGED_CATEGORY = 'tudo' satisfies FichaCategoria;

export const PAGE_COMPONENTS = ['fichas', 'apostas', 'comunidade'] as const;
export const SEARCH_BY = ['probabilityBets', 'valueBets', 'trends', 'popular', 'live', 'next', 'date'] as const;
export type SearchBy = (typeof SEARCH_BY)[number];
export const TRENDS = [
  'homeWin', 'draw', 'awayWin', 'btts', 'over15', 'over25', 'under25', 'over35', 'under35', '1hGoals', 'homeWinHT',
  'drawHT', 'awayWinHT', 'homeGoals', 'awayGoals', '1hCorners', 'over8Corners', 'under9Corners', 'under10Corners',
] as const;
export type TrendFilter = (typeof TRENDS)[number];
export const VALUE_BETS = ['homeWin', 'draw', 'awayWin', 'btts', 'o15', 'u15', 'o25', 'u25', 'o35', 'u35', 'homeGoals', 'awayGoals', 'o85Corners'] as const;
export type ValueBetFilter = (typeof VALUE_BETS)[number];
export const PROBABILITY_BETS = [
  'ft_result', 'ht_result', 'double_chance', 'btts',
  'o0_goals', 'o1_goals', 'o2_goals', 'o3_goals', 'o4_goals',
  'home_o0_goals', 'home_o1_goals', 'home_o2_goals', 'away_o0_goals', 'away_o1_goals', 'away_o2_goals',
  'o4_corners', 'o5_corners', 'o6_corners', 'o7_corners', 'o8_corners', 'o9_corners', 'o10_corners', 'o11_corners',
] as const;
export type ProbabilityBetFilter = (typeof PROBABILITY_BETS)[number];
/** The tip generator's and the tips' window: hoje (until midnight in Angola), 72 hours, 7 days. */
export const DATE_OPTIONS = ['hoje', '3_dias', 'semanal'] as const;
export type DateOption = (typeof DATE_OPTIONS)[number];

/** The defaults of SPEC §5 (fichaCategoria's default depends on the account: 'tudo' or the first category). */
export const EXPLORE_DEFAULTS = {
  pageComponent: 'fichas',
  searchByComponent: 'probabilityBets',
  trendsComponent: 'homeWin',
  valueBetsComponent: 'homeWin',
  probabilityBetsComponent: 'ft_result',
  dateOption: 'semanal',
  fichaCategoria: 'novasfichas',
  privilegedFichaCategoria: 'tudo',
} as const satisfies Record<string, string>;

/** A competition id as the competition filter carries it. */
export const COMPETITION_ID_PATTERN = /^[\w-]{1,100}$/;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `value` is a real calendar day written YYYY-MM-DD (2025-02-30 is not). */
export function isCalendarDay(value: string): boolean {
  if (!DAY_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}
