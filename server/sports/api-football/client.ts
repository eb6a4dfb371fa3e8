import type { z } from 'zod';
import { EnvelopeSchema } from './schemas.ts';

// One HTTP client for API-Football v3: the key in `x-apisports-key`, a bounded wait, the documented envelope checked,
// and every way an answer can fail named, so the feed can keep what it last knew and try again later. It never
// retries by itself: each request costs quota, and the feed's planner decides when the next one is worth it.

/** What the API's headers say of the plan: per day (x-ratelimit-requests-*) and per minute (X-RateLimit-*). */
export interface Quota {
  dayLimit: number | null;
  dayRemaining: number | null;
  minuteLimit: number | null;
  minuteRemaining: number | null;
}

export type FailureReason = 'network' | 'timeout' | 'rate-limited' | 'server' | 'http' | 'malformed' | 'errors';

export type ApiAnswer<T> =
  | { ok: true; items: T[]; /** Items whose shape was not the documented one: skipped, and counted here. */ skipped: number; paging: { current: number; total: number }; quota: Quota }
  | { ok: false; reason: FailureReason; detail: string; quota: Quota | null; /** The plan's daily requests are spent. */ quotaSpent?: boolean };

export interface ApiFootballClientOptions {
  url: string;
  key: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const DEFAULT_TIMEOUT_MS = 10_000;

const numberHeader = (headers: Headers, name: string): number | null => {
  const value = headers.get(name);
  if (value === null || value.trim() === '') return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : null;
};

export function quotaOf(headers: Headers): Quota {
  return {
    dayLimit: numberHeader(headers, 'x-ratelimit-requests-limit'),
    dayRemaining: numberHeader(headers, 'x-ratelimit-requests-remaining'),
    minuteLimit: numberHeader(headers, 'x-ratelimit-limit'),
    minuteRemaining: numberHeader(headers, 'x-ratelimit-remaining'),
  };
}

/** The API's `errors`: [] when none, else an object (or, from some endpoints, an array) of messages. */
function errorsOf(errors: unknown): Record<string, string> {
  if (Array.isArray(errors)) return Object.fromEntries(errors.map((value, index) => [String(index), String(value)]));
  if (errors && typeof errors === 'object') return Object.fromEntries(Object.entries(errors).map(([key, value]) => [key, String(value)]));
  return {};
}

export class ApiFootballClient {
  private readonly url: string;
  private readonly key: string;
  private readonly timeoutMs: number;
  private readonly fetchImpl: typeof fetch;

  constructor(options: ApiFootballClientOptions) {
    this.url = options.url.replace(/\/+$/, '');
    this.key = options.key;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.fetchImpl = options.fetch ?? fetch;
  }

  /**
   * GET `path` with `params`; `item` is the documented shape of one element of `response` (an endpoint whose
   * `response` is one object, such as /status, gives one item).
   */
  async get<S extends z.ZodType>(path: string, params: Record<string, string | number | undefined>, item: S): Promise<ApiAnswer<z.output<S>>> {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(params)) if (value !== undefined) query.set(name, String(value));
    const target = `${this.url}${path}${query.size > 0 ? `?${query}` : ''}`;
    let response: Response;
    try {
      response = await this.fetchImpl(target, {
        headers: { 'x-apisports-key': this.key, accept: 'application/json' },
        signal: AbortSignal.timeout(this.timeoutMs),
        redirect: 'error',
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      return { ok: false, reason: timedOut ? 'timeout' : 'network', detail: timedOut ? `no answer in ${this.timeoutMs} ms` : String(error), quota: null };
    }
    const quota = quotaOf(response.headers);
    if (response.status === 429) {
      await response.body?.cancel();
      return { ok: false, reason: 'rate-limited', detail: '429 Too Many Requests', quota, quotaSpent: quota.dayRemaining === 0 };
    }
    if (response.status >= 500) {
      await response.body?.cancel();
      return { ok: false, reason: 'server', detail: `HTTP ${response.status}`, quota };
    }
    if (!response.ok) {
      await response.body?.cancel();
      return { ok: false, reason: 'http', detail: `HTTP ${response.status}`, quota };
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      return { ok: false, reason: 'malformed', detail: 'the answer is not JSON', quota };
    }
    const envelope = EnvelopeSchema.safeParse(body);
    if (!envelope.success) return { ok: false, reason: 'malformed', detail: `not the documented envelope: ${envelope.error.issues[0]?.message ?? ''}`, quota };
    const errors = errorsOf(envelope.data.errors);
    if (Object.keys(errors).length > 0) {
      const detail = Object.entries(errors).map(([key, value]) => `${key}: ${value}`).join('; ');
      return { ok: false, reason: 'errors', detail, quota, quotaSpent: 'requests' in errors };
    }
    const raw = envelope.data.response;
    const list = Array.isArray(raw) ? raw : raw === null || raw === undefined ? [] : [raw];
    const items: z.output<S>[] = [];
    let skipped = 0;
    for (const element of list) {
      const parsed = item.safeParse(element);
      if (parsed.success) items.push(parsed.data);
      else skipped += 1;
    }
    if (list.length > 0 && items.length === 0) return { ok: false, reason: 'malformed', detail: `no item of ${path} has the documented shape`, quota };
    return { ok: true, items, skipped, paging: envelope.data.paging ?? { current: 1, total: 1 }, quota };
  }
}
