import { z } from 'zod';

// SPORTS_FEED and API_FOOTBALL_*: where fixtures, scores and prices come from. The simulator is the embedded default
// (`npm start` and the tests); API-Football v3 is the real feed (docs/operations.md "Real football data").

const wholeNumber = (what: string) => z.coerce.number({ error: `expected ${what}` }).int('expected a whole number');

export const feedEnvShape = {
  SPORTS_FEED: z.enum(['simulator', 'api-football'], { error: 'expected simulator or api-football' }).default('simulator'),
  API_FOOTBALL_KEY: z.string().regex(/^[A-Za-z0-9]{8,128}$/, 'expected the API key of your api-sports dashboard (letters and digits)').optional(),
  API_FOOTBALL_URL: z
    .url({ protocol: /^https?$/, error: 'expected an http(s) URL, e.g. https://v3.football.api-sports.io' })
    .default('https://v3.football.api-sports.io'),
  API_FOOTBALL_LEAGUES: z
    .string()
    .regex(/^\s*\d+(\s*,\s*\d+)*\s*$/, 'expected league ids separated by commas, e.g. 397,39,140,2')
    .transform((value) => [...new Set(value.split(',').map((id) => Number(id.trim())))])
    .optional(),
  API_FOOTBALL_BOOKMAKER: wholeNumber('a bookmaker id, e.g. 8').min(1, 'expected a bookmaker id above 0').optional(),
  API_FOOTBALL_DAILY_LIMIT: wholeNumber('a number of requests a day').min(10, 'expected at least 10 requests a day').default(100),
  API_FOOTBALL_LIVE_INTERVAL_S: wholeNumber('a number of seconds').min(15, 'expected at least 15 seconds').max(900, 'expected at most 900 seconds').default(60),
  API_FOOTBALL_VOID_AFTER_HOURS: wholeNumber('a number of hours').min(1, 'expected at least 1 hour').max(720, 'expected at most 720 hours').default(48),
};

type FeedEnv = z.output<z.ZodObject<typeof feedEnvShape>>;

export interface ApiFootballConfig {
  kind: 'api-football';
  key: string;
  /** The API's root, without a trailing slash. */
  url: string;
  leagues: number[];
  bookmaker: number;
  /** The plan's requests a day; the feed also reads the limits the API answers with and keeps under both. */
  dailyLimit: number;
  liveIntervalMs: number;
  /** How long a postponed, cancelled or abandoned match waits before its legs are void. */
  voidAfterMs: number;
}

export type FeedConfig = { kind: 'simulator' } | ApiFootballConfig;

/** The feed's settings, or the lines that say what is wrong with them. */
export function resolveFeedConfig(e: FeedEnv): FeedConfig | string[] {
  if (e.SPORTS_FEED === 'simulator') return { kind: 'simulator' };
  const problems: string[] = [];
  if (!e.API_FOOTBALL_KEY) problems.push('  API_FOOTBALL_KEY: required with SPORTS_FEED=api-football (the key of your api-sports dashboard)');
  if (!e.API_FOOTBALL_LEAGUES?.length) problems.push('  API_FOOTBALL_LEAGUES: required with SPORTS_FEED=api-football (league ids, e.g. 397,39,140,2)');
  if (!e.API_FOOTBALL_BOOKMAKER) problems.push('  API_FOOTBALL_BOOKMAKER: required with SPORTS_FEED=api-football (the bookmaker whose prices are shown, e.g. 8)');
  if (problems.length > 0 || !e.API_FOOTBALL_KEY || !e.API_FOOTBALL_LEAGUES || !e.API_FOOTBALL_BOOKMAKER) return problems;
  return {
    kind: 'api-football',
    key: e.API_FOOTBALL_KEY,
    url: e.API_FOOTBALL_URL.replace(/\/+$/, ''),
    leagues: e.API_FOOTBALL_LEAGUES,
    bookmaker: e.API_FOOTBALL_BOOKMAKER,
    dailyLimit: e.API_FOOTBALL_DAILY_LIMIT,
    liveIntervalMs: e.API_FOOTBALL_LIVE_INTERVAL_S * 1000,
    voidAfterMs: e.API_FOOTBALL_VOID_AFTER_HOURS * 3_600_000,
  };
}
