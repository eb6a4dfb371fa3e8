// Explore parameters (SPEC §2 Explore page, §5 "Explore filter allowed values"): an invalid given or stored value
// falls back to the default.

export const FICHA_CATEGORIAS = ['novasfichas', 'novas', 'boas', 'fire', 'certeiras', 'lucrativas', 'quase', 'tudo'] as const;
export const PAGE_COMPONENTS = ['fichas', 'apostas', 'comunidade'] as const;
export const SEARCH_BY = ['probabilityBets', 'valueBets', 'trends', 'popular', 'live', 'next', 'date'] as const;
export const TRENDS = [
  'homeWin', 'draw', 'awayWin', 'btts', 'over15', 'over25', 'under25', 'over35', 'under35', '1hGoals', 'homeWinHT',
  'drawHT', 'awayWinHT', 'homeGoals', 'awayGoals', '1hCorners', 'over8Corners', 'under9Corners', 'under10Corners',
] as const;
export const VALUE_BETS = ['homeWin', 'draw', 'awayWin', 'btts', 'o15', 'u15', 'o25', 'u25', 'o35', 'u35', 'homeGoals', 'awayGoals', 'o85Corners'] as const;
export const PROBABILITY_BETS = [
  'ft_result', 'ht_result', 'double_chance', 'btts',
  'o0_goals', 'o1_goals', 'o2_goals', 'o3_goals', 'o4_goals',
  'home_o0_goals', 'home_o1_goals', 'home_o2_goals', 'away_o0_goals', 'away_o1_goals', 'away_o2_goals',
  'o4_corners', 'o5_corners', 'o6_corners', 'o7_corners', 'o8_corners', 'o9_corners', 'o10_corners', 'o11_corners',
] as const;
export const DATE_OPTIONS = ['hoje', '3_dias', 'semanal'] as const;

export interface ExploreFilters {
  fichaCategoria: (typeof FICHA_CATEGORIAS)[number];
  pageComponent: (typeof PAGE_COMPONENTS)[number];
  searchByComponent: (typeof SEARCH_BY)[number];
  trendsComponent: (typeof TRENDS)[number];
  valueBetsComponent: (typeof VALUE_BETS)[number];
  probabilityBetsComponent: (typeof PROBABILITY_BETS)[number];
  dateComponent: string;
  competitionComponent: string | null;
}

export const EXPLORE_PARAM_NAMES = [
  'fichaCategoria',
  'pageComponent',
  'searchByComponent',
  'trendsComponent',
  'valueBetsComponent',
  'probabilityBetsComponent',
  'dateComponent',
  'competitionComponent',
] as const;

function oneOf<T extends string>(allowed: readonly T[], value: string | null | undefined, fallback: T): T {
  return value !== null && value !== undefined && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

function isDay(value: string | null | undefined): value is string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

export function defaultFilters(today: string): ExploreFilters {
  return {
    fichaCategoria: 'tudo',
    pageComponent: 'fichas',
    searchByComponent: 'probabilityBets',
    trendsComponent: 'homeWin',
    valueBetsComponent: 'homeWin',
    probabilityBetsComponent: 'ft_result',
    dateComponent: today,
    competitionComponent: null,
  };
}

/**
 * Reads filters from (in order) the URL's parameters, then what session storage kept, then the defaults. 'tudo' is
 * only for the two privileged accounts; everyone else falls back to the first category.
 */
export function parseExploreFilters(
  sources: { url: URLSearchParams; stored: Partial<Record<string, string>> },
  options: { today: string; privileged: boolean },
): ExploreFilters {
  const pick = (name: (typeof EXPLORE_PARAM_NAMES)[number]) => sources.url.get(name) ?? sources.stored[name] ?? null;
  const defaults = defaultFilters(options.today);
  const categories = options.privileged ? FICHA_CATEGORIAS : FICHA_CATEGORIAS.filter((category) => category !== 'tudo');
  const categoryDefault = options.privileged ? 'tudo' : 'novasfichas';
  const date = pick('dateComponent');
  const competition = pick('competitionComponent');
  return {
    fichaCategoria: oneOf(categories, pick('fichaCategoria'), categoryDefault),
    pageComponent: oneOf(PAGE_COMPONENTS, pick('pageComponent'), defaults.pageComponent),
    searchByComponent: oneOf(SEARCH_BY, pick('searchByComponent'), defaults.searchByComponent),
    trendsComponent: oneOf(TRENDS, pick('trendsComponent'), defaults.trendsComponent),
    valueBetsComponent: oneOf(VALUE_BETS, pick('valueBetsComponent'), defaults.valueBetsComponent),
    probabilityBetsComponent: oneOf(PROBABILITY_BETS, pick('probabilityBetsComponent'), defaults.probabilityBetsComponent),
    dateComponent: isDay(date) ? date : defaults.dateComponent,
    competitionComponent: competition && /^[\w-]{1,100}$/.test(competition) ? competition : null,
  };
}

export function parseDateOption(value: string | null | undefined): (typeof DATE_OPTIONS)[number] {
  return oneOf(DATE_OPTIONS, value, 'semanal');
}

/** Probability colour bands (SPEC §9): over 70 high, over 40 medium, over 20 low, else mediocre. */
export function probabilityBand(probability: number): 'high' | 'medium' | 'low' | 'mediocre' {
  if (probability > 70) return 'high';
  if (probability > 40) return 'medium';
  if (probability > 20) return 'low';
  return 'mediocre';
}
