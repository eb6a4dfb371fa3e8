import type { Hono } from 'hono';
import { MSG } from '../../contract/messages.ts';
import { BatchRequestSchema, type BatchItem } from '../../contract/schemas/batch.ts';
import type { AppEnv } from '../app-env.ts';
import { requireSession } from '../auth/session.ts';
import { jsonError } from '../lib/http.ts';

export const BATCH_PATH = '/api/client/common/lote';

/** Results after which the rest of a batch must wait: the client retries (5xx, 429, 408) or pauses (401). */
function stopsTheQueue(status: number): boolean {
  return status >= 500 || status === 429 || status === 408 || status === 401;
}

/**
 * Several outbox entries in one round trip (DESIGN §10: 500 queued changes on 3G). Each item goes through the app
 * itself as its own request, with the caller's cookie, origin and its own Idempotency-Key, so the same handlers,
 * rules, transactions and idempotency records apply as for a single request: a resent batch replays what already
 * happened and continues where it stopped.
 */
export function mountBatch(app: Hono<AppEnv>): void {
  app.post(BATCH_PATH, requireSession, async (c) => {
    let parsed;
    try {
      parsed = BatchRequestSchema.safeParse(await c.req.json());
    } catch {
      return jsonError(c, 400, MSG.invalidRequest);
    }
    if (!parsed.success) return jsonError(c, 400, MSG.invalidRequest);
    const respostas: { status: number; body: unknown; replayed: boolean }[] = [];
    for (const item of parsed.data.pedidos) {
      if (item.path.split('?')[0] === BATCH_PATH) {
        respostas.push({ status: 400, body: { status: 'error', message: MSG.invalidRequest }, replayed: false });
        continue;
      }
      const response = await app.fetch(innerRequest(c.req.raw, item), c.env);
      const text = await response.text();
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = { status: 'error', message: MSG.generic };
      }
      respostas.push({ status: response.status, body, replayed: response.headers.get('idempotent-replayed') === 'true' });
      if (stopsTheQueue(response.status)) break;
    }
    return c.json({ status: 'success', message: '', respostas });
  });
}

function innerRequest(outer: Request, item: BatchItem): Request {
  const headers = new Headers();
  for (const name of ['cookie', 'origin', 'host', 'x-forwarded-proto', 'x-forwarded-host', 'x-client-id', 'user-agent']) {
    const value = outer.headers.get(name);
    if (value) headers.set(name, value);
  }
  headers.set('idempotency-key', item.idempotencyKey);
  headers.set('x-requested-with', 'fichas');
  const hasBody = item.method !== 'GET' && item.body !== undefined && item.body !== null;
  if (hasBody) headers.set('content-type', 'application/json');
  return new Request(new URL(item.path, outer.url), {
    method: item.method,
    headers,
    ...(hasBody ? { body: JSON.stringify(item.body) } : {}),
  });
}
