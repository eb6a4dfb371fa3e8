import { z } from 'zod';

// The answers of API-Football v3 (https://www.api-football.com/documentation-v3) in their documented shapes. Every
// answer is one envelope: `get` (the endpoint), `parameters` (echoed; [] when none), `errors` ([] or an object of
// messages such as {"token": "…"} or {"requests": "…"}), `results`, `paging` {current, total} and `response`. Only
// the fields the feed reads are required; the rest may come and go.

const Goals = z.object({ home: z.number().int().nullable(), away: z.number().int().nullable() });

export const EnvelopeSchema = z.object({
  get: z.string(),
  parameters: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]),
  errors: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]),
  results: z.number().int(),
  paging: z.object({ current: z.number().int(), total: z.number().int() }).optional(),
  response: z.unknown(),
});

/** GET /fixtures: one match. */
export const FixtureSchema = z.object({
  fixture: z.object({
    id: z.number().int(),
    date: z.string(),
    timestamp: z.number().int(),
    status: z.object({
      long: z.string(),
      short: z.string(),
      elapsed: z.number().int().nullable(),
      extra: z.number().int().nullable().optional(),
    }),
  }),
  league: z.object({ id: z.number().int(), name: z.string(), country: z.string().nullable(), season: z.number().int() }),
  teams: z.object({
    home: z.object({ id: z.number().int(), name: z.string() }),
    away: z.object({ id: z.number().int(), name: z.string() }),
  }),
  goals: Goals,
  score: z.object({ halftime: Goals, fulltime: Goals, extratime: Goals.optional(), penalty: Goals.optional() }),
});
export type ApiFixture = z.infer<typeof FixtureSchema>;

const BetSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  values: z.array(z.object({ value: z.union([z.string(), z.number()]), odd: z.string() })),
});
export type ApiBet = z.infer<typeof BetSchema>;

/** GET /odds: one match's pre-match prices, by bookmaker. */
export const OddsSchema = z.object({
  fixture: z.object({ id: z.number().int() }),
  update: z.string(),
  bookmakers: z.array(z.object({ id: z.number().int(), name: z.string(), bets: z.array(BetSchema) })),
});

/** GET /odds/live: one live match's prices (one bookmaker's, the API's own choice), each value maybe suspended. */
export const LiveOddsSchema = z.object({
  fixture: z.object({ id: z.number().int() }),
  update: z.string(),
  odds: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      values: z.array(
        z.object({
          value: z.union([z.string(), z.number()]),
          odd: z.string(),
          handicap: z.string().nullable().optional(),
          main: z.boolean().nullable().optional(),
          suspended: z.boolean().optional(),
        }),
      ),
    }),
  ),
});

/** GET /fixtures/statistics: each team's numbers (`value` is a number, a "45%" string or null). */
export const StatisticsSchema = z.object({
  team: z.object({ id: z.number().int() }),
  statistics: z.array(z.object({ type: z.string(), value: z.union([z.number(), z.string(), z.null()]) })),
});

/** GET /leagues: a league and its seasons; `current` marks the one being played. */
export const LeagueSchema = z.object({
  league: z.object({ id: z.number().int(), name: z.string() }),
  country: z.object({ name: z.string() }),
  seasons: z.array(z.object({ year: z.number().int(), current: z.boolean() })),
});

/** GET /status: the account's plan and today's use (its call does not count against the quota). */
export const StatusSchema = z.object({
  subscription: z.object({ plan: z.string(), active: z.boolean() }),
  requests: z.object({ current: z.number().int(), limit_day: z.number().int() }),
});
