import type { Db } from '../../db/create-db.ts';
import { DAY_MS, utcDay } from '../../lib/time.ts';
import type { Quota } from './client.ts';
import { readFeedState, writeFeedState } from './feed-state.ts';

// The plan's requests, spent with care (the free plan has 100 a day). The API resets its daily count at 00:00 UTC and
// also limits requests per minute; it says both in every answer's headers. The feed keeps under the lower of the
// configured daily limit and the API's, under the minute's, and keeps a reserve for the reads that decide results
// (live scores, final statuses, corners): routine reads (fixtures, prices, seasons) stop once only the reserve is
// left. When the day is nearly spent, live reads are spread over what is left of it, and the feed says so.

/** Reads that decide results go first; routine reads stop at the reserve. */
export type ReadKind = 'essential' | 'routine';

const RESERVE_SHARE = 0.25;
const MIN_RESERVE = 5;
const NEARLY_SPENT_SHARE = 0.2;
const MINUTE_MS = 60_000;

export interface PlanState {
  /** The UTC day the counts are for. */
  day: string;
  used: number;
  /** What the API last said: its daily limit and what is left, per day and per minute. */
  api: Quota | null;
  minuteStart: number;
  minuteUsed: number;
  lastSuccessAt: string | null;
  lastError: string | null;
  lastErrorAt: string | null;
  /** The day the feed last said it was slowing down (once a day). */
  slowedOn: string | null;
}

/** The plan's key in the feed's bookkeeping (npm run jobs reads it too). */
export const PLAN_KEY = 'plano';

export class QuotaPlanner {
  private state: PlanState;
  private readonly db: Db;
  private readonly dailyLimit: number;

  private constructor(db: Db, dailyLimit: number, state: PlanState) {
    this.db = db;
    this.dailyLimit = dailyLimit;
    this.state = state;
  }

  static async load(db: Db, dailyLimit: number, now: Date): Promise<QuotaPlanner> {
    const state = await readFeedState<PlanState>(db, PLAN_KEY);
    const fresh: PlanState = { day: utcDay(now), used: 0, api: null, minuteStart: now.getTime(), minuteUsed: 0, lastSuccessAt: null, lastError: null, lastErrorAt: null, slowedOn: null };
    const planner = new QuotaPlanner(db, dailyLimit, state && typeof state.used === 'number' ? state : fresh);
    planner.roll(now);
    return planner;
  }

  /** A new UTC day starts the count again; a new minute the minute's. */
  private roll(now: Date): void {
    const day = utcDay(now);
    if (this.state.day !== day) this.state = { ...this.state, day, used: 0, api: null };
    if (now.getTime() - this.state.minuteStart >= MINUTE_MS) {
      // What the API said of the last minute does not hold for this one.
      const api = this.state.api ? { ...this.state.api, minuteRemaining: null } : null;
      this.state = { ...this.state, minuteStart: now.getTime(), minuteUsed: 0, api };
    }
  }

  /** The day's limit: the configured one, or the API's when it is lower. */
  get limit(): number {
    const api = this.state.api?.dayLimit;
    return api !== null && api !== undefined && api > 0 ? Math.min(this.dailyLimit, api) : this.dailyLimit;
  }

  /** Requests left today, by our count and by the API's. */
  get remaining(): number {
    const ours = this.limit - this.state.used;
    const api = this.state.api?.dayRemaining;
    return Math.max(0, api !== null && api !== undefined ? Math.min(ours, api) : ours);
  }

  get reserve(): number {
    return Math.max(MIN_RESERVE, Math.ceil(this.limit * RESERVE_SHARE));
  }

  get nearlySpent(): boolean {
    return this.remaining <= Math.ceil(this.limit * NEARLY_SPENT_SHARE);
  }

  /** Whether a read of this kind may be made now. */
  may(kind: ReadKind, now: Date): boolean {
    this.roll(now);
    if (this.remaining <= (kind === 'routine' ? this.reserve : 0)) return false;
    const minuteLimit = this.state.api?.minuteLimit;
    if (minuteLimit && this.state.minuteUsed >= minuteLimit) return false;
    if (this.state.api?.minuteRemaining === 0 && now.getTime() - this.state.minuteStart < MINUTE_MS) return false;
    return true;
  }

  /**
   * The time between live reads: the configured interval, or, when the day is nearly spent, what is left of the day
   * shared among the requests left.
   */
  liveIntervalMs(configured: number, now: Date): number {
    if (!this.nearlySpent) return configured;
    const untilMidnight = Date.parse(`${utcDay(new Date(now.getTime() + DAY_MS))}T00:00:00.000Z`) - now.getTime();
    return Math.max(configured, Math.ceil(untilMidnight / Math.max(1, this.remaining)));
  }

  /** Whether to say (once a day) that the feed is slowing down. */
  shouldSaySlowing(now: Date): boolean {
    if (!this.nearlySpent || this.state.slowedOn === utcDay(now)) return false;
    this.state = { ...this.state, slowedOn: utcDay(now) };
    return true;
  }

  /** One request made (whatever its answer), with what its headers said of the plan. */
  spent(answer: { ok: boolean; quota: Quota | null; detail?: string }, now: Date): void {
    this.roll(now);
    this.state = {
      ...this.state,
      used: this.state.used + 1,
      minuteUsed: this.state.minuteUsed + 1,
      api: answer.quota ?? this.state.api,
      ...(answer.ok ? { lastSuccessAt: now.toISOString() } : { lastError: answer.detail ?? 'error', lastErrorAt: now.toISOString() }),
    };
  }

  /** The API's own count says the day is spent (an `errors.requests` answer or a 429 with none left). */
  spentForToday(now: Date): void {
    this.roll(now);
    this.state = { ...this.state, used: Math.max(this.state.used, this.limit) };
  }

  view(): Readonly<PlanState> & { limit: number; remaining: number } {
    return { ...this.state, limit: this.limit, remaining: this.remaining };
  }

  save(now: Date): Promise<void> {
    return writeFeedState(this.db, PLAN_KEY, this.state, now);
  }
}
