import { BatchResponseSchema } from '../../contract/schemas/batch.ts';
import { MSG } from '../../contract/messages.ts';
import { rawOutcomeOf, sendRaw, type RawOutcome } from './http.ts';
import { BATCH_PATH, batchRequestBody, type BatchEntry } from './batch-wire.ts';

/**
 * Sends several outbox entries in one request (POST /api/client/common/lote). Resolves to the outcome of each entry
 * the server reached, in order, or to one failure for the whole request.
 */
export async function sendBatchRaw(entries: BatchEntry[], headers: Record<string, string>): Promise<RawOutcome[] | RawOutcome> {
  const outer = await sendRaw({
    method: 'POST',
    path: BATCH_PATH,
    body: batchRequestBody(entries),
    headers,
  });
  if (outer.kind !== 'ok') return outer;
  const parsed = BatchResponseSchema.safeParse(outer.body);
  if (!parsed.success) return { kind: 'http', status: 502, message: MSG.generic, body: null };
  return parsed.data.respostas.map((result) => rawOutcomeOf(result.status, result.body));
}
