// The batch call's request as it travels (POST /api/client/common/lote), without the HTTP client or the response
// schema, so that the service worker (sw/outbox-drain.ts) sends exactly what the page sends (sync/outbox/sender.ts).

export const BATCH_PATH = '/api/client/common/lote';

export interface BatchEntry {
  method: string;
  path: string;
  body: unknown;
  idempotencyKey: string;
}

/** The batch request's body: the entries in order, each with its own Idempotency-Key. */
export function batchRequestBody(entries: BatchEntry[]): { pedidos: BatchEntry[] } {
  return { pedidos: entries.map((entry) => ({ ...entry, body: entry.body ?? undefined })) };
}

/** Every header the app's own requests carry (the server's CSRF rule asks for it; api/http.ts). */
export const APP_REQUEST_HEADER = { 'X-Requested-With': 'fichas' } as const;
