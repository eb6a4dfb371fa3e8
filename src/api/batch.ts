import { BatchResponseSchema } from '../../contract/schemas/batch.ts';
import { isCallSuccess } from '../../contract/envelope.ts';
import { MSG } from '../../contract/messages.ts';
import { sendRaw, type RawOutcome } from './http.ts';

export interface BatchEntry {
  method: string;
  path: string;
  body: unknown;
  idempotencyKey: string;
}

function messageOf(body: unknown): string {
  const message = body && typeof body === 'object' ? (body as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message.trim() ? message : MSG.generic;
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
  return parsed.data.respostas.map((result): RawOutcome =>
    result.status >= 200 && result.status < 300 && isCallSuccess(result.status, result.body, result.status)
      ? { kind: 'ok', status: result.status, body: result.body }
      : { kind: 'http', status: result.status, message: messageOf(result.body), body: result.body },
  );
}
