import type { StoreTables } from '../../db/store-transaction.ts';
import { isRecord } from '../../lib/is-record.ts';

// A message or comment the service worker delivered while no page was open keeps its local copy (`local:<id>`) until
// a page folds the kept answer in (replayer.ts). A page that opens pulls the chat at the same moment, so the server's
// copy could land first and the message would show twice, once sent and once on its way (seen in CI). Whoever
// writes the server's copy first drops the local one here, in the same transaction; the fold that follows finds
// nothing left to drop and writes the same row again.

/** The id of the message or comment an answer carries (`{ mensagem }` or `{ comentario }`), or null. */
function answeredItemId(body: unknown): string | null {
  if (!isRecord(body)) return null;
  const item = body.mensagem ?? body.comentario;
  return isRecord(item) && typeof item.id === 'string' ? item.id : null;
}

/** Drops the local copies of answered entries whose server copies (`serverIds`) are being written in `tx`. */
export async function dropAnsweredCopies(tx: Pick<StoreTables, 'outbox' | 'messages'>, serverIds: readonly string[]): Promise<void> {
  if (serverIds.length === 0) return;
  const answered = await tx.outbox.where('state').equals('answered').toArray();
  if (answered.length === 0) return;
  const ids = new Set(serverIds);
  const copies = answered.filter((entry) => {
    const id = answeredItemId(entry.answer?.body);
    return id !== null && ids.has(id);
  });
  if (copies.length > 0) await tx.messages.bulkDelete(copies.map((entry) => `local:${entry.mutationId}`));
}
