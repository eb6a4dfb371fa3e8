import ky from 'ky';
import type { z } from 'zod';
import { MSG } from '../../contract/messages.ts';
import { isCallSuccess } from '../../contract/envelope.ts';

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
  headers: { 'X-Requested-With': 'fichas' },
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

export async function call<S extends z.ZodType>(url: string, options: CallOptions<S>): Promise<ApiResult<z.infer<S>>> {
  let response: Response;
  try {
    response = await client(url.replace(/^\//, location.origin + '/'), {
      method: options.method ?? 'get',
      ...(options.json !== undefined ? { json: options.json } : {}),
      ...(options.form ? { body: new URLSearchParams(options.form) } : {}),
      ...(options.headers ? { headers: options.headers } : {}),
    });
  } catch {
    return { kind: 'network', message: MSG.network };
  }
  let body: unknown;
  try {
    const text = await response.text();
    body = text ? JSON.parse(text) : null;
  } catch {
    return response.ok
      ? { kind: 'invalid', status: response.status, message: MSG.generic }
      : { kind: 'http', status: response.status, message: MSG.generic, body: null };
  }
  const expected = options.expect ?? 200;
  const succeeded = options.envelope === false ? response.status === expected : isCallSuccess(response.status, body, expected);
  if (!succeeded) return { kind: 'http', status: response.status, message: messageOf(body), body };
  const parsed = options.schema.safeParse(body);
  if (!parsed.success) return { kind: 'invalid', status: response.status, message: MSG.generic };
  return { kind: 'ok', status: response.status, data: parsed.data };
}

export type RawOutcome =
  | { kind: 'ok'; status: number; body: unknown }
  | { kind: 'http'; status: number; message: string; body: unknown }
  | { kind: 'network'; message: string };

/**
 * One request with the caller's headers and no schema: the outbox decides from the status (DESIGN §4) and hands
 * the body to the resource's applier, which parses it.
 */
export async function sendRaw(input: {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
  expect?: number;
}): Promise<RawOutcome> {
  let response: Response;
  try {
    response = await client(input.path.replace(/^\//, location.origin + '/'), {
      method: input.method.toLowerCase(),
      ...(input.body !== null && input.body !== undefined ? { json: input.body } : {}),
      headers: input.headers,
      timeout: 30_000,
    });
  } catch {
    return { kind: 'network', message: MSG.network };
  }
  let body: unknown = null;
  try {
    const text = await response.text();
    if (text) body = JSON.parse(text);
  } catch {
    // A body that is not JSON (a proxy's error page) is judged by its status alone.
  }
  if (response.status >= 200 && response.status < 300 && isCallSuccess(response.status, body, response.status)) {
    return { kind: 'ok', status: response.status, body };
  }
  return { kind: 'http', status: response.status, message: messageOf(body), body };
}
