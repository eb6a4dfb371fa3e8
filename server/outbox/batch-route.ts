import type { Hono } from 'hono';
import { getPath } from 'hono/utils/url';
import { MSG } from '../../contract/messages.ts';
import { BatchRequestSchema, BatchResponseSchema, type BatchItem } from '../../contract/schemas/batch.ts';
import type { AppEnv } from '../hono-env.ts';
import { requireSession } from '../auth/session.ts';
import { answer } from '../lib/answer.ts';
import { errorBody, jsonError } from '../lib/http.ts';
import { jsonBody } from '../lib/json-depth.ts';

export const BATCH_PATH = '/api/client/common/lote';

/** The session areas an outbox entry can address; public calls (the payment page's buttons) never go in a batch. */
const BATCHABLE = ['/api/client/common/', '/api/client/apostador/', '/api/client/moderador/'];

/**
 * Copied from the batch request to each inner one, so the inner request is judged (session, CSRF, brand, rate
 * limits) on exactly what the outer request showed; the item itself can only add its Idempotency-Key and body.
 */
const FORWARDED_HEADERS = [
  'cookie',
  'host',
  'origin',
  'referer',
  'sec-fetch-site',
  'x-requested-with',
  'x-forwarded-proto',
  'x-forwarded-host',
  'x-forwarded-for',
  'x-client-id',
  'user-agent',
];

/** Requests this endpoint made itself: one reaching the endpoint again is a nested batch, whatever its path said. */
const innerRequests = new WeakSet<Request>();

/** Results after which the rest of a batch must wait: the client retries (5xx, 429, 408) or pauses (401). */
function stopsTheQueue(status: number): boolean {
  return status >= 500 || status === 429 || status === 408 || status === 401;
}

/**
 * Several outbox entries in one round trip (DESIGN §10: 500 queued changes on 3G). Each item goes through the app
 * itself as its own request, with the caller's cookie, origin and its own Idempotency-Key, so the same handlers,
 * rules, transactions and idempotency records apply as for a single request: a resent batch replays what already
 * happened and continues where it stopped. A batch holds at most BATCH_MAX_ITEMS items (the schema) and its whole
 * body is bounded by the API body limit (server/app.ts), so one request cannot fan out without bound.
 */
export function mountBatch(app: Hono<AppEnv>): void {
  app.post(BATCH_PATH, requireSession, async (c) => {
    if (innerRequests.has(c.req.raw)) return jsonError(c, 400, MSG.invalidRequest);
    let parsed;
    try {
      parsed = BatchRequestSchema.safeParse(await jsonBody(c));
    } catch {
      return jsonError(c, 400, MSG.invalidRequest);
    }
    if (!parsed.success) return jsonError(c, 400, MSG.invalidRequest);
    const respostas: { status: number; body: unknown; replayed: boolean }[] = [];
    for (const item of parsed.data.pedidos) {
      const request = innerRequest(c.req.raw, item);
      if (!request) {
        respostas.push({ status: 400, body: errorBody(MSG.invalidRequest), replayed: false });
        continue;
      }
      const response = await app.fetch(request, c.env);
      const text = await response.text();
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = errorBody(MSG.generic);
      }
      respostas.push({ status: response.status, body, replayed: response.headers.get('idempotent-replayed') === 'true' });
      if (stopsTheQueue(response.status)) break;
    }
    return answer(c, BatchResponseSchema, { respostas });
  });
}

/**
 * The inner request, or null when its path is not one an outbox entry may use. The path is judged as the router
 * will see it (URL parsing resolves `.`, `..`, `%2e` and `//`; the router then decodes the rest), so no spelling
 * can leave the session API or reach the batch endpoint itself.
 */
function innerRequest(outer: Request, item: BatchItem): Request | null {
  let url: URL;
  try {
    url = new URL(item.path, outer.url);
  } catch {
    return null;
  }
  if (url.origin !== new URL(outer.url).origin) return null;
  const headers = new Headers();
  for (const name of FORWARDED_HEADERS) {
    const value = outer.headers.get(name);
    if (value) headers.set(name, value);
  }
  headers.set('idempotency-key', item.idempotencyKey);
  const hasBody = item.method !== 'GET' && item.body !== undefined && item.body !== null;
  if (hasBody) headers.set('content-type', 'application/json');
  const request = new Request(url, {
    method: item.method,
    headers,
    ...(hasBody ? { body: JSON.stringify(item.body) } : {}),
  });
  const path = getPath(request);
  const nested = path === BATCH_PATH || path.startsWith(`${BATCH_PATH}/`);
  const allowed = BATCHABLE.some((area) => path.startsWith(area)) && !path.includes('//') && !nested;
  if (!allowed) return null;
  innerRequests.add(request);
  return request;
}
