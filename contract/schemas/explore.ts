import { z } from 'zod';
import { PublicUserSchema } from './auth.ts';
import { PageQuerySchema } from './chats.ts';
import { BancaSchema } from './groups.ts';
import { DATE_OPTIONS, FichaSchema, SelectionSchema } from './slips.ts';

// The Explore page (SPEC §2 Explore page, §5 "Explore filter allowed values"; docs/api/explore.md). The allowed
// values live here so that the app's filter parser (src/lib/explore-filters.ts) and the server accept exactly the same
// lists.

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
/** hoje, 3_dias, semanal (default semanal): the same list as the tip generator's (slips.ts). */
export { DATE_OPTIONS };

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

// An empty parameter (`competitionComponent=`) reads as absent, as the app may send a cleared filter that way.
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
const withDefault = <const V extends readonly [string, ...string[]]>(values: V, fallback: V[number]) =>
  z.preprocess((value) => (value === '' || value === undefined ? fallback : value), z.enum(values));

/** GET /api/client/public/explorar/apostas. Unknown values are a 400 (the app falls back to defaults before asking). */
export const ExploreBetsQuerySchema = PageQuerySchema.extend({
  searchByComponent: withDefault(SEARCH_BY, EXPLORE_DEFAULTS.searchByComponent),
  trendsComponent: withDefault(TRENDS, EXPLORE_DEFAULTS.trendsComponent),
  valueBetsComponent: withDefault(VALUE_BETS, EXPLORE_DEFAULTS.valueBetsComponent),
  probabilityBetsComponent: withDefault(PROBABILITY_BETS, EXPLORE_DEFAULTS.probabilityBetsComponent),
  /** The day of the `date` mode, as the app shows days (UTC+1); default today in Angola. */
  dateComponent: optional(z.string().refine(isCalendarDay)),
  competitionComponent: optional(z.string().regex(COMPETITION_ID_PATTERN)),
  dateOption: withDefault(DATE_OPTIONS, EXPLORE_DEFAULTS.dateOption),
});
export type ExploreBetsQuery = z.infer<typeof ExploreBetsQuerySchema>;

/** Why a tip was picked, where a number says more than the selection itself. */
export const ExploreInsightSchema = z.object({
  /** valueBets: the model's probability (percent, 1 decimal) that the price is compared with. */
  modelProbability: z.number().optional(),
  /** valueBets: model probability x odds (3 decimals), always above 1. */
  value: z.number().optional(),
  /** popular: how many published slips of the last 7 days hold this choice. */
  slips: z.number().int().optional(),
});
export type ExploreInsight = z.infer<typeof ExploreInsightSchema>;

/** A ready-made tip: a Selection (bet_status 'pending', hasWarning false) the app can add to the slip as it is. */
export const ExploreSelectionSchema = SelectionSchema.extend({ insight: ExploreInsightSchema.optional() });
export type ExploreSelection = z.infer<typeof ExploreSelectionSchema>;

export const ExploreBetsResponseSchema = z.object({
  status: z.string(),
  message: z.string(),
  selecoes: z.array(ExploreSelectionSchema),
});
export type ExploreBetsResponse = z.infer<typeof ExploreBetsResponseSchema>;

/** GET /api/client/public/explorar/fichas. Without a category: 'tudo' for the privileged accounts, else 'novasfichas'. */
export const ExploreSlipsQuerySchema = PageQuerySchema.extend({
  fichaCategoria: optional(z.enum(FICHA_CATEGORIAS)),
});
export type ExploreSlipsQuery = z.infer<typeof ExploreSlipsQuerySchema>;

export const ExploreSlipsResponseSchema = z.object({ status: z.string(), message: z.string(), fichas: z.array(FichaSchema) });
export type ExploreSlipsResponse = z.infer<typeof ExploreSlipsResponseSchema>;

export const CommunityStatsSchema = z.object({
  /** Published slips. */
  fichas: z.number().int(),
  /** Published slips won. */
  ganhas: z.number().int(),
  /** Published slips won in the last 30 days: the leaderboard's first key. */
  ganhasMes: z.number().int(),
  seguidores: z.number().int(),
});
export type CommunityStats = z.infer<typeof CommunityStatsSchema>;

export const CommunityUserSchema = PublicUserSchema.extend({
  conta: z.enum(['oficial', 'privilegiada']).nullable(),
  nif: z.object({ verificado: z.boolean() }),
  banca: BancaSchema,
  stats: CommunityStatsSchema,
});
export type CommunityUser = z.infer<typeof CommunityUserSchema>;

/** GET /api/client/public/explorar/comunidade?pageNumber&size. */
export const CommunityResponseSchema = z.object({ status: z.string(), message: z.string(), usuarios: z.array(CommunityUserSchema) });
export type CommunityResponse = z.infer<typeof CommunityResponseSchema>;

export const CompeticaoSchema = z.object({ id: z.string(), nome: z.string(), pais: z.string() });
export type Competicao = z.infer<typeof CompeticaoSchema>;

/** GET /api/client/public/competicoes: the competition filter's choices. */
export const CompetitionsResponseSchema = z.object({ status: z.string(), message: z.string(), competicoes: z.array(CompeticaoSchema) });
export type CompetitionsResponse = z.infer<typeof CompetitionsResponseSchema>;
