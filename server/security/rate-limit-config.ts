import { z } from 'zod';

// RATE_LIMIT_* (README "Configuration"): each limit is `points/duration`, e.g. `10/1h`. Parsed with the rest of the
// environment by server/config.ts. The defaults stop a script and never a family or an internet café behind one
// address in normal use (docs/security.md).

export interface RateLimit {
  points: number;
  /** Seconds. */
  duration: number;
}

const UNIT_SECONDS = { s: 1, m: 60, h: 3600, d: 86_400 } as const;

/** `10/1h` → 10 points per 3600 s. */
export function parseRateLimit(text: string): RateLimit | null {
  const match = /^\s*(\d{1,7})\s*\/\s*(\d{1,7})\s*([smhd])\s*$/.exec(text);
  if (!match) return null;
  const points = Number(match[1]);
  const duration = Number(match[2]) * UNIT_SECONDS[match[3] as keyof typeof UNIT_SECONDS];
  return points > 0 && duration > 0 ? { points, duration } : null;
}

const limit = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value, ctx) => {
      const parsed = parseRateLimit(value);
      if (parsed) return parsed;
      ctx.addIssue({
        code: 'custom',
        message: `expected points/duration with a unit s, m, h or d, both above 0, such as 10/1h (got "${value}")`,
      });
      return z.NEVER;
    });

export const rateLimitEnvShape = {
  /** Failed sign-ins per account; after that even the right password waits for the window. */
  RATE_LIMIT_SIGNIN_ACCOUNT: limit('10/15m'),
  /** Sign-in attempts per client address (a café's customers share it). */
  RATE_LIMIT_SIGNIN_ADDRESS: limit('100/15m'),
  /** Accounts created per client address (a family or a café signing up together). */
  RATE_LIMIT_SIGNUP_ADDRESS: limit('10/1h'),
  /** Password recovery requests per client address. */
  RATE_LIMIT_RECOVERY_ADDRESS: limit('10/1h'),
  /** Password recovery requests per identifier (username or e-mail). */
  RATE_LIMIT_RECOVERY_ACCOUNT: limit('5/1h'),
  /** Username and e-mail availability checks per client address (they fire as the user types). */
  RATE_LIMIT_AVAILABILITY_ADDRESS: limit('120/1m'),
  /** Chat messages (and slips shared into a chat) per signed-in user. */
  RATE_LIMIT_MESSAGES_USER: limit('60/1m'),
  /** Comments on slips per signed-in user. */
  RATE_LIMIT_COMMENTS_USER: limit('30/1m'),
  /** Group adds (or invitations, adicionarUsuario) per signed-in user: filling a group of 30 is a third of it. */
  RATE_LIMIT_GROUP_ADDS_USER: limit('100/1h'),
  /** Follows per signed-in user (each may tell the followed user). */
  RATE_LIMIT_FOLLOWS_USER: limit('100/1h'),
  /** Reports per signed-in user (each raises every moderator's counter). */
  RATE_LIMIT_REPORTS_USER: limit('30/1h'),
  /** Phone verification codes sent per signed-in user (each SMS costs money), on top of one a minute. */
  RATE_LIMIT_SMS_USER: limit('5/1h'),
  /** Codes sent to one phone number, whoever asks (several accounts may name the same number). */
  RATE_LIMIT_SMS_NUMBER: limit('10/1d'),
};

type RateLimitEnv = z.output<z.ZodObject<typeof rateLimitEnvShape>>;

export interface RateLimits {
  signInAccount: RateLimit;
  signInAddress: RateLimit;
  signUpAddress: RateLimit;
  recoveryAddress: RateLimit;
  recoveryAccount: RateLimit;
  availabilityAddress: RateLimit;
  messagesUser: RateLimit;
  commentsUser: RateLimit;
  groupAddsUser: RateLimit;
  followsUser: RateLimit;
  reportsUser: RateLimit;
  smsUser: RateLimit;
  smsNumber: RateLimit;
}

export function resolveRateLimits(env: RateLimitEnv): RateLimits {
  return {
    signInAccount: env.RATE_LIMIT_SIGNIN_ACCOUNT,
    signInAddress: env.RATE_LIMIT_SIGNIN_ADDRESS,
    signUpAddress: env.RATE_LIMIT_SIGNUP_ADDRESS,
    recoveryAddress: env.RATE_LIMIT_RECOVERY_ADDRESS,
    recoveryAccount: env.RATE_LIMIT_RECOVERY_ACCOUNT,
    availabilityAddress: env.RATE_LIMIT_AVAILABILITY_ADDRESS,
    messagesUser: env.RATE_LIMIT_MESSAGES_USER,
    commentsUser: env.RATE_LIMIT_COMMENTS_USER,
    groupAddsUser: env.RATE_LIMIT_GROUP_ADDS_USER,
    followsUser: env.RATE_LIMIT_FOLLOWS_USER,
    reportsUser: env.RATE_LIMIT_REPORTS_USER,
    smsUser: env.RATE_LIMIT_SMS_USER,
    smsNumber: env.RATE_LIMIT_SMS_NUMBER,
  };
}
