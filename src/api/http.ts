import ky, { type Options } from 'ky';
import type { z } from 'zod';
import { MSG } from '../../contract/messages.ts';
import { isCallSuccess } from '../../contract/envelope.ts';
import { reportRefusal } from './subscription-refusals.ts';
import { APP_REQUEST_HEADER } from './batch-wire.ts';

// Every call resolves to data, never throws: screens and sync code decide what an outcome means.
export type ApiResult<T> =
  | { kind: 'ok'; status: number; data: T }
  | { kind: 'http'; status: number; message: string; body: unknown }
  | { kind: 'network'; message: string }
  | { kind: 'invalid'; status: number; message: string };

const client = ky.create({
  credentials: 'same-origin',
  timeout: 20_000,
  retry: 0,
  throwHttpErrors: false,
  headers: APP_REQUEST_HEADER,
});

export interface CallOptions<S extends z.ZodType> {
  method?: 'get' | 'post' | 'patch' | 'delete';
  json?: unknown;
  form?: Record<string, string>;
  schema: S;
  /** Expected HTTP status (SPEC §5 "Call success"). */
  expect?: number;
  /** Auth.js answers have no status field; skip the envelope rule for them. */
  envelope?: boolean;
  headers?: Record<string, string>;
}

function messageOf(body: unknown): string {
  if (body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string') {
    const message = (body as { message: string }).message;
    if (message.trim()) return message;
  }
  return MSG.generic;
}

type Exchange = { kind: 'network' } | { kind: 'answer'; status: number; ok: boolean; body: unknown; json: boolean };

/** One request to the API: its status and body read as JSON (null when empty), or no answer at all. */
async function exchange(path: string, options: Options): Promise<Exchange> {
  let response: Response;
  try {
    response = await client(path.replace(/^\//, location.origin + '/'), options);
  } catch {
    return { kind: 'network' };
  }
  try {
    const text = await response.text();
    return { kind: 'answer', status: response.status, ok: response.ok, body: text ? JSON.parse(text) : null, json: true };
  } catch {
    return { kind: 'answer', status: response.status, ok: response.ok, body: null, json: false };
  }
}

function refusal(status: number, body: unknown) {
  reportRefusal(body);
  return { kind: 'http' as const, status, message: messageOf(body), body };
}

export async function call<S extends z.ZodType>(url: string, options: CallOptions<S>): Promise<ApiResult<z.infer<S>>> {
  const answer = await exchange(url, {
    method: options.method ?? 'get',
    ...(options.json !== undefined ? { json: options.json } : {}),
    ...(options.form ? { body: new URLSearchParams(options.form) } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
  });
  if (answer.kind === 'network') return { kind: 'network', message: MSG.network };
  const { status, body } = answer;
  if (!answer.json) return answer.ok ? { kind: 'invalid', status, message: MSG.generic } : refusal(status, null);
  const expected = options.expect ?? 200;
  const succeeded = options.envelope === false ? status === expected : isCallSuccess(status, body, expected);
  if (!succeeded) return refusal(status, body);
  const parsed = options.schema.safeParse(body);
  if (!parsed.success) return { kind: 'invalid', status, message: MSG.generic };
  return { kind: 'ok', status, data: parsed.data };
}

export type RawOutcome =
  | { kind: 'ok'; status: number; body: unknown }
  | { kind: 'http'; status: number; message: string; body: unknown }
  | { kind: 'network'; message: string };

/** An answer as the outbox judges it (DESIGN §4, SPEC §5): a success by its status and envelope, or a refusal. */
export function rawOutcomeOf(status: number, body: unknown): RawOutcome {
  return status >= 200 && status < 300 && isCallSuccess(status, body, status) ? { kind: 'ok', status, body } : refusal(status, body);
}

