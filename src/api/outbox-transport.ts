import { isRecord } from '../lib/is-record.ts';
import { APP_REQUEST_HEADER } from './batch-wire.ts';

// How an outbox request travels and how its answer is read, for the page and the service worker alike (one sender:
// sync/outbox/sender.ts). Plain fetch, no ky and no zod, so the worker's script stays small (DESIGN §10); the answer
// is judged by the outbox, and its body parsed by the resource's applier.

/** The server's answer as it came: its status and its JSON body (null when empty or not JSON). */
export interface WireAnswer {
  status: number;
  body: unknown;
}

export interface OutboxRequest {
  method: string;
  /** The API path, e.g. /api/client/common/conversas/{id}/mensagens. */
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

/** Sends one request; null when no answer reached us (offline, a timeout, a connection reset). */
export type OutboxTransport = (request: OutboxRequest) => Promise<WireAnswer | null>;

/** A request in flight longer than this counts as unanswered; the entry goes again under the same key. */
export const OUTBOX_TIMEOUT_MS = 30_000;

/**
 * The transport over fetch, with the app's own mark and the session cookie. `origin` is read at each request (a
 * test may move it); `fetch` too, so a test's stand-in installed on the global after this was built is used.
 */
export function fetchTransport(options: { origin: () => string; fetch?: () => typeof fetch }): OutboxTransport {
  const fetchOf = options.fetch ?? (() => globalThis.fetch);
  return async (request) => {
    const hasBody = request.body !== null && request.body !== undefined;
    const headers: Record<string, string> = { ...APP_REQUEST_HEADER, ...request.headers };
    if (hasBody) headers['Content-Type'] = 'application/json';
    let response: Response;
    try {
      response = await fetchOf()(new URL(request.path, options.origin()).href, {
        method: request.method,
        headers,
        credentials: 'same-origin',
        ...(hasBody ? { body: JSON.stringify(request.body) } : {}),
        signal: AbortSignal.timeout(OUTBOX_TIMEOUT_MS),
      });
    } catch {
      return null;
    }
    let text: string;
    try {
      text = await response.text();
    } catch {
      // The answer broke off on the way: as if it never came.
      return null;
    }
    try {
      return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
    } catch {
      // Not JSON (a proxy's error page): judged by its status alone.
      return { status: response.status, body: null };
    }
  };
}

/**
 * The per-entry answers of a batch (POST /api/client/common/lote, contract/schemas/batch.ts BatchResponseSchema: a
 * prefix of the entries, in order), or null when the body has not that shape or holds none. Checked by hand, as the
 * worker cannot load zod; tests/unit/src/outbox-sender.test.ts holds it to the schema.
 */
export function batchAnswersOf(body: unknown): WireAnswer[] | null {
  if (!isRecord(body) || typeof body.status !== 'string' || typeof body.message !== 'string' || !Array.isArray(body.respostas)) return null;
  const answers: WireAnswer[] = [];
  for (const item of body.respostas) {
    if (!isRecord(item) || typeof item.status !== 'number' || !Number.isInteger(item.status) || !('body' in item)) return null;
    if (item.replayed !== undefined && typeof item.replayed !== 'boolean') return null;
    answers.push({ status: item.status, body: item.body ?? null });
  }
  return answers.length > 0 ? answers : null;
}
