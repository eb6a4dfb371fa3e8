import type { BatchEntry } from '../../api/batch-wire.ts';
import type { OutboxEntry } from '../../db/outbox-types.ts';

// How queued entries travel (DESIGN §4), for the page's replayer (replayer.ts) and the service worker's
// (sw/outbox-drain.ts) alike. Nothing here loads Dexie, ky or zod: the worker's script stays small (issue 16).

/** The Web Lock under which one page or the service worker sends the queue at a time, across the origin. */
export const OUTBOX_LOCK = 'outbox';

/** How many queued entries may travel in one batch request (each still applied in order, exactly once). */
export const BATCH_MAX = 25;

/** Keeps a batch well under the server's body limit (two full-size photos are about 2.7 MB as base64). */
export const BATCH_MAX_BYTES = 1_500_000;

/** The key the server stores an entry's answer under (DESIGN §4). */
export function idempotencyKeyOf(entry: OutboxEntry): string {
  return `${entry.clientId}:${entry.mutationId}`;
}

export function entryHeaders(entry: OutboxEntry): Record<string, string> {
  return { 'Idempotency-Key': idempotencyKeyOf(entry), 'X-Client-Id': entry.clientId };
}

/** Answers worth sending again as they are: the server failed or asked us to slow down, not a refusal. */
export function isRetryableStatus(status: number): boolean {
  return status >= 500 || status === 429 || status === 408;
}

/** An entry's size as it travels, for BATCH_MAX_BYTES. */
export function entrySize(entry: OutboxEntry): number {
  return JSON.stringify(entry.body ?? null).length;
}

type Item = { entry: OutboxEntry; headers: Record<string, string> };

export function batchEntries(items: Item[]): BatchEntry[] {
  return items.map(({ entry }) => ({ method: entry.method, path: entry.path, body: entry.body, idempotencyKey: idempotencyKeyOf(entry) }));
}

/** The batch request itself names the client and its first entry (the inner requests carry their own keys). */
export function batchHeaders(items: Item[]): Record<string, string> {
  const first = items[0]?.entry;
  return first ? { 'X-Client-Id': first.clientId, 'Idempotency-Key': `lote:${first.clientId}:${first.mutationId}` } : {};
}
