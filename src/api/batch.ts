import { BatchResponseSchema } from '../../contract/schemas/batch.ts';
import { MSG } from '../../contract/messages.ts';
import { rawOutcomeOf, sendRaw, type RawOutcome } from './http.ts';

export interface BatchEntry {
  method: string;
  path: string;
  body: unknown;
  idempotencyKey: string;
}

/**
 * Sends several outbox entries in one request (POST /api/client/common/lote). Resolves to the outcome of each entry
 * the server reached, in order, or to one failure for the whole request.
 */
export async function sendBatchRaw(entries: BatchEntry[], headers: Record<string, string>): Promise<RawOutcome[] | RawOutcome> {
  const outer = await sendRaw({
    method: 'POST',
    path: '/api/client/common/lote',
    body: { pedidos: entries.map((entry) => ({ ...entry, body: entry.body ?? undefined })) },
    headers,
  });
  if (outer.kind !== 'ok') return outer;
  const parsed = BatchResponseSchema.safeParse(outer.body);
  if (!parsed.success) return { kind: 'http', status: 502, message: MSG.generic, body: null };
  return parsed.data.respostas.map((result) => rawOutcomeOf(result.status, result.body));
}
