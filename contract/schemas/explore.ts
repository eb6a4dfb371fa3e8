import { z } from 'zod';
import { lazySchema } from '../lazy-schema.ts';
import { PublicUserSchema } from './auth.ts';
import { PageQuerySchema } from './chats.ts';
import { BancaSchema } from './groups.ts';
import { DATE_OPTIONS, FichaSchema, SelectionSchema } from './slips.ts';
import { RecordSummarySchema } from './record.ts';
import {
  COMPETITION_ID_PATTERN,
  EXPLORE_DEFAULTS,
  FICHA_CATEGORIAS,
  isCalendarDay,
  PROBABILITY_BETS,
  SEARCH_BY,
  TRENDS,
  VALUE_BETS,
} from '../explore-values.ts';

// The Explore page (SPEC §2 Explore page, §5 "Explore filter allowed values"; docs/api/explore.md). The allowed
// values live in contract/explore-values.ts (no zod, so the Explore route need not load the schemas); the app's filter
// parser (src/lib/explore-filters.ts) and these schemas accept exactly the same lists.

export {
  COMPETITION_ID_PATTERN,
  EXPLORE_DEFAULTS,
  FICHA_CATEGORIAS,
  isCalendarDay,
  PAGE_COMPONENTS,
  PRIVILEGED_CATEGORY,
  PROBABILITY_BETS,
  SEARCH_BY,
  TRENDS,
  VALUE_BETS,
  type FichaCategoria,
  type ProbabilityBetFilter,
  type SearchBy,
  type TrendFilter,
  type ValueBetFilter,
} from '../explore-values.ts';
/** hoje, 3_dias, semanal (default semanal): the same list as the tip generator's (slips.ts). */
export { DATE_OPTIONS };

// An empty parameter (`competitionComponent=`) reads as absent, as the app may send a cleared filter that way.
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
const withDefault = <const V extends readonly [string, ...string[]]>(values: V, fallback: V[number]) =>
  z.preprocess((value) => (value === '' || value === undefined ? fallback : value), z.enum(values));

/** GET /api/client/public/explorar/apostas. Unknown values are a 400 (the app falls back to defaults before asking). */
export const ExploreBetsQuerySchema = lazySchema(() => PageQuerySchema.extend({
  searchByComponent: withDefault(SEARCH_BY, EXPLORE_DEFAULTS.searchByComponent),
  trendsComponent: withDefault(TRENDS, EXPLORE_DEFAULTS.trendsComponent),
  valueBetsComponent: withDefault(VALUE_BETS, EXPLORE_DEFAULTS.valueBetsComponent),
  probabilityBetsComponent: withDefault(PROBABILITY_BETS, EXPLORE_DEFAULTS.probabilityBetsComponent),
  /**
   * The day of the `date` mode, as the app shows days (Angola's time, contract/angola-time.ts); default today in
   * Angola.
   */
  dateComponent: optional(z.string().refine(isCalendarDay)),
  competitionComponent: optional(z.string().regex(COMPETITION_ID_PATTERN)),
  dateOption: withDefault(DATE_OPTIONS, EXPLORE_DEFAULTS.dateOption),
}));
export type ExploreBetsQuery = z.infer<typeof ExploreBetsQuerySchema>;

/** Why a tip was picked, where a number says more than the selection itself. */
export const ExploreInsightSchema = lazySchema(() => z.object({
  /** valueBets: the model's probability (percent, 1 decimal) that the price is compared with. */
  modelProbability: z.number().optional(),
  /** valueBets: model probability x odds (3 decimals), always above 1. */
  value: z.number().optional(),
  /** popular: how many published slips of the last 7 days hold this choice. */
  slips: z.number().int().optional(),
}));
export type ExploreInsight = z.infer<typeof ExploreInsightSchema>;

/** A ready-made tip: a Selection (bet_status 'pending', hasWarning false) the app can add to the slip as it is. */
export const ExploreSelectionSchema = lazySchema(() => SelectionSchema.extend({ insight: ExploreInsightSchema.optional() }));
export type ExploreSelection = z.infer<typeof ExploreSelectionSchema>;

export const ExploreBetsResponseSchema = lazySchema(() => z.object({
  status: z.string(),
  message: z.string(),
  selecoes: z.array(ExploreSelectionSchema),
}));
export type ExploreBetsResponse = z.infer<typeof ExploreBetsResponseSchema>;

/** GET /api/client/public/explorar/fichas. Without a category: 'tudo' for the privileged accounts, else 'novasfichas'. */
export const ExploreSlipsQuerySchema = lazySchema(() => PageQuerySchema.extend({
  fichaCategoria: optional(z.enum(FICHA_CATEGORIAS)),
}));
export type ExploreSlipsQuery = z.infer<typeof ExploreSlipsQuerySchema>;

export const ExploreSlipsResponseSchema = lazySchema(() => z.object({ status: z.string(), message: z.string(), fichas: z.array(FichaSchema) }));
export type ExploreSlipsResponse = z.infer<typeof ExploreSlipsResponseSchema>;

export const CommunityStatsSchema = lazySchema(() => z.object({
  /** Published slips. */
  fichas: z.number().int(),
  /** Published slips won. */
  ganhas: z.number().int(),
  /** Published slips won in the last 30 days: the leaderboard's first key. */
  ganhasMes: z.number().int(),
  seguidores: z.number().int(),
}));
export type CommunityStats = z.infer<typeof CommunityStatsSchema>;

export const CommunityUserSchema = lazySchema(() => PublicUserSchema.extend({
  conta: z.enum(['oficial', 'privilegiada']).nullable(),
  nif: z.object({ verificado: z.boolean() }),
  banca: BancaSchema,
  stats: CommunityStatsSchema,
  /** The user's verified record (all time); the board ranks by its ROI among users with enough settled slips. */
  registo: RecordSummarySchema.optional(),
  /** Rank on the board, 1 = best ROI; null for a user below the 20-settled guard (listed, not ranked). */
  posicao: z.number().int().nullable().optional(),
}));
export type CommunityUser = z.infer<typeof CommunityUserSchema>;

/** GET /api/client/public/explorar/comunidade?pageNumber&size. */
export const CommunityResponseSchema = lazySchema(() => z.object({ status: z.string(), message: z.string(), usuarios: z.array(CommunityUserSchema) }));
export type CommunityResponse = z.infer<typeof CommunityResponseSchema>;

export const CompeticaoSchema = lazySchema(() => z.object({ id: z.string(), nome: z.string(), pais: z.string() }));
export type Competicao = z.infer<typeof CompeticaoSchema>;

/** GET /api/client/public/competicoes: the competition filter's choices. */
export const CompetitionsResponseSchema = lazySchema(() => z.object({ status: z.string(), message: z.string(), competicoes: z.array(CompeticaoSchema) }));
export type CompetitionsResponse = z.infer<typeof CompetitionsResponseSchema>;
