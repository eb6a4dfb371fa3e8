import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { realtimeEnvShape, resolveRealtimeConfig, type RealtimeConfig } from './realtime/realtime-config.ts';
import { rateLimitEnvShape, resolveRateLimits, type RateLimits } from './security/rate-limit-config.ts';
import { feedEnvShape, resolveFeedConfig, type FeedConfig } from './sports/api-football/feed-config.ts';
import { smsEnvShape, resolveSmsConfig, type SmsConfig } from './sms/sms-config.ts';
import { paymentsEnvShape, resolvePaymentsConfig, type EmisGpoConfig, type ProxyPayConfig } from './payments/payments-config.ts';

const TRUE = new Set(['1', 'true', 'on', 'yes']);
const FALSE = new Set(['0', 'false', 'off', 'no']);

/** An on/off variable; unset gives `fallback` (undefined when the default depends on other settings). */
function optionalFlag() {
  return z
    .string()
    .optional()
    .transform((value, ctx): boolean | undefined => {
      if (value === undefined) return undefined;
      const lowered = value.trim().toLowerCase();
      if (TRUE.has(lowered)) return true;
      if (FALSE.has(lowered)) return false;
      ctx.addIssue({ code: 'custom', message: `expected one of on/off, true/false, 1/0, yes/no (got "${value}")` });
      return z.NEVER;
    });
}

const flag = (fallback: boolean) => optionalFlag().transform((value) => value ?? fallback);

const EnvSchema = z.object({
  PORT: z.coerce
    .number({ error: 'expected a port number' })
    .int('expected a whole number')
    .min(0, 'expected 0 to 65535')
    .max(65535, 'expected 0 to 65535')
    .default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'expected a postgres:// or postgresql:// URL (leave unset for the embedded SQLite database)')
    .optional(),
  AUTH_SECRET: z.string().min(16, 'expected at least 16 characters (or leave unset to generate one)').optional(),
  AUTH_GOOGLE_ID: z.string().optional(),
  AUTH_GOOGLE_SECRET: z.string().optional(),
  STATIC_DIR: z.string().default('dist'),
  MAINTENANCE: flag(false),
  NODE_ENV: z.string().optional(),
  // Defaults depend on whether this is the one-command demo (see loadConfig).
  SEED: optionalFlag(),
  SPORTS_SEED: z.coerce.number({ error: 'expected a number' }).int('expected a whole number').default(2026),
  SIMULATOR: flag(true),
  SIMULATOR_SPEED: z.coerce
    .number({ error: 'expected a number of match minutes per real minute' })
    .positive('expected a number above 0 (1 = real time, 60 = a minute per second)')
    .max(3600, 'expected at most 3600')
    .default(1),
  JOB_LEASE_SECONDS: z.coerce.number({ error: 'expected a number of seconds' }).int('expected whole seconds').min(2).max(600).default(20),
  JOB_HEARTBEAT_SECONDS: z.coerce.number({ error: 'expected a number of seconds' }).int('expected whole seconds').min(1).max(300).default(5),
  TRUST_PROXY: flag(false),
  PUBLIC_URL: z
    .string()
    .transform((value) => value.split(',').map((item) => item.trim().replace(/\/+$/, '')).filter(Boolean))
    .pipe(z.array(z.url({ protocol: /^https?$/, error: 'expected the http(s) addresses users open, comma-separated, e.g. https://fichas.ao,https://slipmates.com' })))
    .optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'expected an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().default('Fichas <nao-responder@fichas.ao>'),
  ...realtimeEnvShape,
  ...rateLimitEnvShape,
  ...feedEnvShape,
  ...smsEnvShape,
  ...paymentsEnvShape,
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  authSecret: string;
  /** `issuer` is only ever set by tests, to point the Google provider at a local stand-in of Google's OpenID server. */
  google: { clientId: string; clientSecret: string; issuer?: string } | null;
  staticDir: string;
  maintenance: boolean;
  /**
   * The one-command demo: the embedded database and NODE_ENV not production. Only then are demo data and the
   * simulated payment gateway on by default.
   */
  demo: boolean;
  seed: boolean;
  /**
   * `simulated`: the embedded EMIS page (anyone can press Pagar); `emis-gpo`: EMIS's payment frame and callback
   * (emisGpo holds its settings); `proxypay`: Multicaixa references through ProxyPay (proxyPay holds its settings);
   * `off`: payments answer 503.
   */
  payments: 'simulated' | 'emis-gpo' | 'proxypay' | 'off';
  emisGpo: EmisGpoConfig | null;
  proxyPay: ProxyPayConfig | null;
  /** Seed of the fixture generator, so fixtures (and tests) are reproducible. */
  sportsSeed: number;
  /** The live match simulator (server/sports/simulator.ts): on/off and match minutes per real minute. */
  simulator: { enabled: boolean; speed: number };
  /** SPORTS_FEED: the embedded simulator, or API-Football v3 with its API_FOOTBALL_* settings. */
  feed: FeedConfig;
  /** Background jobs' leases (server/jobs): a dead holder's jobs move to another process within lease + heartbeat. */
  jobs: { leaseMs: number; heartbeatMs: number };
  /** Pusher Channels, Beams and VAPID settings (server/realtime/realtime-config.ts). */
  realtime: RealtimeConfig;
  /** Behind our own reverse proxy: X-Forwarded-* headers are believed (the client address for rate limits…). */
  trustProxy: boolean;
  /** RATE_LIMIT_* (server/security/rate-limit-config.ts). */
  rateLimits: RateLimits;
  /** The rate limits' time source; only tests set it, to move a window along without waiting (Date.now otherwise). */
  rateLimitClock?: () => number;
  /**
   * The origins users open (one per brand host); links in mails go to one of them, never to whatever Host a request
   * named (server/mail/links.ts). Empty: the local demo.
   */
  publicUrls: string[];
  /** SMTP_URL (null: each mail is written under {DATA_DIR}/mail/) and MAIL_FROM (server/mail/mail-sender.ts). */
  mail: { smtpUrl: string | null; from: string };
  /** SMS_PROVIDER and TWILIO_* (server/sms/sms-sender.ts). */
  sms: SmsConfig;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const SECRET_FILE = 'auth-secret';

/**
 * Reads the environment. Unset and empty variables take their defaults. Without AUTH_SECRET a random one is
 * generated once and kept at `{DATA_DIR}/auth-secret`, so sessions survive restarts.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(
    Object.keys(EnvSchema.shape).flatMap((key) => {
      const value = env[key];
      return value === undefined || value.trim() === '' ? [] : [[key, value]];
    }),
  );
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const key = String(issue.path[0] ?? '');
      const got = key in present ? ` (got "${present[key]}")` : '';
      return `  ${key}: ${issue.message}${issue.message.includes('(got') ? '' : got}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (Boolean(e.AUTH_GOOGLE_ID) !== Boolean(e.AUTH_GOOGLE_SECRET)) {
    throw new ConfigError('Invalid configuration:\n  AUTH_GOOGLE_ID and AUTH_GOOGLE_SECRET must be set together');
  }
  if (e.JOB_HEARTBEAT_SECONDS * 2 > e.JOB_LEASE_SECONDS) {
    throw new ConfigError('Invalid configuration:\n  JOB_HEARTBEAT_SECONDS must be at most half of JOB_LEASE_SECONDS');
  }
  const dataDir = resolve(e.DATA_DIR);
  const demo = !e.DATABASE_URL && e.NODE_ENV !== 'production';
  const realtime = resolveRealtimeConfig(e, dataDir, { sharedDatabase: Boolean(e.DATABASE_URL) });
  if (Array.isArray(realtime)) throw new ConfigError(`Invalid configuration:\n${realtime.join('\n')}`);
  const feed = resolveFeedConfig(e);
  if (Array.isArray(feed)) throw new ConfigError(`Invalid configuration:\n${feed.join('\n')}`);
  const sms = resolveSmsConfig(e);
  if (Array.isArray(sms)) throw new ConfigError(`Invalid configuration:\n${sms.join('\n')}`);
  const publicUrls = (e.PUBLIC_URL ?? []).map((url) => new URL(url).origin);
  const payments = resolvePaymentsConfig(e, { demo, publicUrls });
  if (Array.isArray(payments)) throw new ConfigError(`Invalid configuration:\n${payments.join('\n')}`);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? null,
    authSecret: e.AUTH_SECRET ?? persistedSecret(dataDir),
    google: e.AUTH_GOOGLE_ID && e.AUTH_GOOGLE_SECRET ? { clientId: e.AUTH_GOOGLE_ID, clientSecret: e.AUTH_GOOGLE_SECRET } : null,
    staticDir: resolve(e.STATIC_DIR),
    maintenance: e.MAINTENANCE,
    demo,
    seed: e.SEED ?? demo,
    ...payments,
    sportsSeed: e.SPORTS_SEED,
    simulator: { enabled: e.SIMULATOR, speed: e.SIMULATOR_SPEED },
    feed,
    jobs: { leaseMs: e.JOB_LEASE_SECONDS * 1000, heartbeatMs: e.JOB_HEARTBEAT_SECONDS * 1000 },
    realtime,
    trustProxy: e.TRUST_PROXY,
    rateLimits: resolveRateLimits(e),
    publicUrls,
    mail: { smtpUrl: e.SMTP_URL ?? null, from: e.MAIL_FROM },
    sms,
  };
}

function persistedSecret(dataDir: string): string {
  const file = join(dataDir, SECRET_FILE);
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 16) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  // Owner-only: the secret signs and encrypts every session.
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
