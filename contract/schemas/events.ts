import { z } from 'zod';

export const EventStatusSchema = z.string();

export const MainOddsSchema = z.object({ home: z.number(), draw: z.number(), away: z.number() });

// SPEC §3 Event. odds and probability carry the full-time result; the full market list is issue 3's.
export const EventSchema = z.object({
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
});
export type Event = z.infer<typeof EventSchema>;

export const EventListResponseSchema = z.object({
  status: z.string(),
  message: z.string(),
  eventos: z.array(EventSchema),
});
export type EventListResponse = z.infer<typeof EventListResponseSchema>;

export const EventListQuerySchema = z.object({
  data: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
});
