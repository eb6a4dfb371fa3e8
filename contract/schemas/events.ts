import { z } from 'zod';
import { lazySchema } from '../lazy-schema.ts';

export const EventStatusSchema = lazySchema(() => z.string());

export const MainOddsSchema = lazySchema(() => z.object({ home: z.number(), draw: z.number(), away: z.number() }));

// SPEC §3 Event. odds and probability carry the full-time result; every market comes with the event's detail
// (EventDetailSchema).
export const EventSchema = lazySchema(() => z.object({
  id: z.string(),
  date: z.string(),
  status: EventStatusSchema,
  competition_id: z.string(),
  competition_name: z.string(),
  home_id: z.string(),
  home_name: z.string(),
  home_position: z.number().nullable(),
  away_id: z.string(),
  away_name: z.string(),
  away_position: z.number().nullable(),
  home_goals: z.number().nullable(),
  away_goals: z.number().nullable(),
  elapsed: z.number().nullable(),
  odds: MainOddsSchema,
  odds_live: MainOddsSchema.nullable(),
  probability: MainOddsSchema,
}));
export type Event = z.infer<typeof EventSchema>;

export const EventListResponseSchema = lazySchema(() => z.object({
  status: z.string(),
  message: z.string(),
  eventos: z.array(EventSchema),
}));
export type EventListResponse = z.infer<typeof EventListResponseSchema>;

export const EventListQuerySchema = lazySchema(() => z.object({
  data: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
}));

// Markets (SPEC §9 "Markets covered"; docs/api/betting.md lists every type and choice). Types follow the explore
// filter names of SPEC §5 where they overlap (ft_result, ht_result, double_chance, btts).
export const MARKET_TYPES = [
  'ft_result',
  'ht_result',
  'double_chance',
  'draw_no_bet',
  'btts',
  'goals',
  'home_goals',
  'away_goals',
  'exact_goals',
  '1h_goals',
  '2h_result',
  '2h_goals',
  'corners',
  '1h_corners',
  'asian_corners',
] as const;
export const MarketTypeSchema = lazySchema(() => z.enum(MARKET_TYPES));
export type MarketType = z.infer<typeof MarketTypeSchema>;

export const TrendSchema = lazySchema(() => z.enum(['up', 'down']));
export type Trend = z.infer<typeof TrendSchema>;

/** One priced choice: decimal odds (2 decimals) and the model's probability in percent (1 decimal). */
export const MarketChoiceSchema = lazySchema(() => z.object({
  type: MarketTypeSchema,
  choice: z.string(),
  odds: z.number(),
  probability: z.number(),
  oddsTrend: TrendSchema,
  probabilityTrend: TrendSchema,
}));
export type MarketChoice = z.infer<typeof MarketChoiceSchema>;

export const MarketSchema = lazySchema(() => z.object({ type: MarketTypeSchema, choices: z.array(MarketChoiceSchema) }));
export type Market = z.infer<typeof MarketSchema>;

const Pair = z.object({ home: z.number(), away: z.number() });

/** What the match has produced so far; null before kick-off. */
export const EventStatsSchema = lazySchema(() => z.object({
  halftime: Pair.nullable(),
  corners: Pair,
  halftimeCorners: Pair.nullable(),
}));
export type EventStats = z.infer<typeof EventStatsSchema>;

/**
 * GET /api/client/public/eventos/{id}: the event with every market. Live matches carry live prices; decided choices
 * are left out; a finished match has none.
 */
export const EventDetailSchema = lazySchema(() => EventSchema.extend({
  mercados: z.array(MarketSchema),
  estatisticas: EventStatsSchema.nullable(),
  /** Where the markets' prices come from while the match is played: live prices, or the last ones before kick-off. */
  odds_source: z.enum(['live', 'prematch']).optional(),
}));
export type EventDetail = z.infer<typeof EventDetailSchema>;

export const EventDetailResponseSchema = lazySchema(() => z.object({ status: z.string(), message: z.string(), evento: EventDetailSchema }));
export type EventDetailResponse = z.infer<typeof EventDetailResponseSchema>;

/** Statuses of a match that is being played (live odds apply). */
export const LIVE_STATUSES = ['LIVE', 'HT'] as const;
/** Statuses of a match that will not finish; its selections are void. */
export const VOID_STATUSES = ['ABD', 'CANC', 'PST'] as const;
