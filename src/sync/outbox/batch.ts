import type { BatchEntry } from '../../api/batch.ts';
import type { OutboxEntry } from '../../db/outbox-types.ts';
import { idempotencyKeyOf } from './replayer.ts';

type Item = { entry: OutboxEntry; headers: Record<string, string> };

export function batchEntries(items: Item[]): BatchEntry[] {
  return items.map(({ entry }) => ({ method: entry.method, path: entry.path, body: entry.body, idempotencyKey: idempotencyKeyOf(entry) }));
}

/** The batch request itself names the client and its first entry (the inner requests carry their own keys). */
export function batchHeaders(items: Item[]): Record<string, string> {
  const first = items[0]?.entry;
  return first ? { 'X-Client-Id': first.clientId, 'Idempotency-Key': `lote:${first.clientId}:${first.mutationId}` } : {};
}
