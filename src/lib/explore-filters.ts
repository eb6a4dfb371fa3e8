// Explore parameters (SPEC §2 Explore page, §5 "Explore filter allowed values"): an invalid given or stored value
// falls back to the default. The allowed values come from contract/explore-values.ts, the lists the server accepts.
import {
  COMPETITION_ID_PATTERN,
  DATE_OPTIONS,
  EXPLORE_DEFAULTS,
  FICHA_CATEGORIAS,
  isCalendarDay,
  PAGE_COMPONENTS,
  PRIVILEGED_CATEGORY,
  PROBABILITY_BETS,
  SEARCH_BY,
  TRENDS,
  VALUE_BETS,
  type DateOption,
} from '../../contract/explore-values.ts';

export { DATE_OPTIONS, FICHA_CATEGORIAS, PAGE_COMPONENTS, PROBABILITY_BETS, SEARCH_BY, TRENDS, VALUE_BETS, type DateOption };

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

export function defaultFilters(today: string): ExploreFilters {
  return {
    fichaCategoria: EXPLORE_DEFAULTS.privilegedFichaCategoria,
    pageComponent: EXPLORE_DEFAULTS.pageComponent,
    searchByComponent: EXPLORE_DEFAULTS.searchByComponent,
    trendsComponent: EXPLORE_DEFAULTS.trendsComponent,
    valueBetsComponent: EXPLORE_DEFAULTS.valueBetsComponent,
    probabilityBetsComponent: EXPLORE_DEFAULTS.probabilityBetsComponent,
    dateComponent: today,
    competitionComponent: null,
  };
}

/** The categories an account may pick: 'tudo' only for the official and the privileged account (SPEC §6). */
export function fichaCategoriesFor(privileged: boolean): readonly ExploreFilters['fichaCategoria'][] {
  return privileged ? FICHA_CATEGORIAS : FICHA_CATEGORIAS.filter((category) => category !== PRIVILEGED_CATEGORY);
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
  const categoryDefault = options.privileged ? EXPLORE_DEFAULTS.privilegedFichaCategoria : EXPLORE_DEFAULTS.fichaCategoria;
  const date = pick('dateComponent');
  const competition = pick('competitionComponent');
  return {
    fichaCategoria: oneOf(fichaCategoriesFor(options.privileged), pick('fichaCategoria'), categoryDefault),
    pageComponent: oneOf(PAGE_COMPONENTS, pick('pageComponent'), defaults.pageComponent),
    searchByComponent: oneOf(SEARCH_BY, pick('searchByComponent'), defaults.searchByComponent),
    trendsComponent: oneOf(TRENDS, pick('trendsComponent'), defaults.trendsComponent),
    valueBetsComponent: oneOf(VALUE_BETS, pick('valueBetsComponent'), defaults.valueBetsComponent),
    probabilityBetsComponent: oneOf(PROBABILITY_BETS, pick('probabilityBetsComponent'), defaults.probabilityBetsComponent),
    dateComponent: date && isCalendarDay(date) ? date : defaults.dateComponent,
    competitionComponent: competition && COMPETITION_ID_PATTERN.test(competition) ? competition : null,
  };
}

/** Whether a query string carries any Explore parameter (then it is read, kept, and the URL cleaned). */
export function hasExploreParams(url: URLSearchParams): boolean {
  return EXPLORE_PARAM_NAMES.some((name) => url.has(name));
}

/** The filters as session storage keeps them (strings only; a cleared competition is left out). */
export function storableFilters(filters: ExploreFilters): Record<string, string> {
  const stored: Record<string, string> = {};
  for (const name of EXPLORE_PARAM_NAMES) {
    const value = filters[name];
    if (value !== null) stored[name] = value;
  }
  return stored;
}

export function parseDateOption(value: string | null | undefined): DateOption {
  return oneOf(DATE_OPTIONS, value, EXPLORE_DEFAULTS.dateOption);
}

/** The sub-filter of a search mode, if it has one (trends, value bets and probability bets each have a list). */
export function subFilterOf(filters: ExploreFilters): { name: 'trendsComponent' | 'valueBetsComponent' | 'probabilityBetsComponent'; value: string } | null {
  switch (filters.searchByComponent) {
    case 'trends':
      return { name: 'trendsComponent', value: filters.trendsComponent };
    case 'valueBets':
      return { name: 'valueBetsComponent', value: filters.valueBetsComponent };
    case 'probabilityBets':
      return { name: 'probabilityBetsComponent', value: filters.probabilityBetsComponent };
    default:
      return null;
  }
}

/** Whether a search mode reads the date option's window (live and a chosen day have their own). */
export function usesDateOption(searchBy: ExploreFilters['searchByComponent']): boolean {
  return searchBy !== 'live' && searchBy !== 'date';
}

export type ExploreRequest =
  | { kind: 'apostas'; key: string; params: Record<string, string> }
  | { kind: 'fichas'; key: string; params: Record<string, string> }
  | { kind: 'comunidade'; key: string; params: Record<string, string> };

/**
 * The server call a set of filters makes, with a key naming its stored result (the same filters always read the
 * same stored list offline). Only the parameters the mode reads are sent, so equivalent searches share a key.
 */
export function exploreRequest(filters: ExploreFilters, dateOption: DateOption): ExploreRequest {
  if (filters.pageComponent === 'fichas') {
    return { kind: 'fichas', key: `explore:fichas:${filters.fichaCategoria}`, params: { fichaCategoria: filters.fichaCategoria } };
  }
  if (filters.pageComponent === 'comunidade') return { kind: 'comunidade', key: 'explore:comunidade', params: {} };
  const params: Record<string, string> = { searchByComponent: filters.searchByComponent };
  const sub = subFilterOf(filters);
  if (sub) params[sub.name] = sub.value;
  if (filters.searchByComponent === 'date') params.dateComponent = filters.dateComponent;
  if (usesDateOption(filters.searchByComponent)) params.dateOption = dateOption;
  if (filters.competitionComponent) params.competitionComponent = filters.competitionComponent;
  const key = `explore:apostas:${Object.entries(params)
    .map(([name, value]) => `${name}=${value}`)
    .join('&')}`;
  return { kind: 'apostas', key, params };
}

export type ProbabilityBand = 'high' | 'medium' | 'low' | 'mediocre';

/** Probability colour bands (SPEC §9): over 70 high, over 40 medium, over 20 low, else mediocre. */
export function probabilityBand(probability: number): ProbabilityBand {
  if (probability > 70) return 'high';
  if (probability > 40) return 'medium';
  if (probability > 20) return 'low';
  return 'mediocre';
}
