import type { AppDb } from '../db/app-db.ts';
import type { PushInboxRecord } from '../db/types.ts';
import { writeTransaction } from '../db/store-transaction.ts';
import { applySignal } from './realtime/apply-signal.ts';
import { onWorkerMessage, WORKER_MESSAGE } from './worker-messages.ts';

/**
 * Folds the pushes the service worker kept (kv 'pushInbox', sw/push.ts) into the store, each through the contract's
 * validation like a realtime signal (realtime/apply-signal.ts: a malformed one is dropped with a warning, a known one
 * changes nothing), then removes exactly those from the inbox; pushes that arrived meanwhile stay for the next pass.
 * Returns how many were taken.
 */
export async function drainPushInbox(db: AppDb): Promise<number> {
  const record = await db.kv.get('pushInbox');
  const items = record?.key === 'pushInbox' && Array.isArray(record.items) ? record.items : [];
  if (items.length === 0) return 0;
  for (const item of items) {
    if (typeof item?.userId !== 'string') continue;
    await applySignal(db, { sinal: item.sinal }, item.userId).catch((error: unknown) => console.warn('[push] a kept push was not applied', error));
  }
  const taken = new Set(items.map((item) => item?.id));
  await writeTransaction(db, ['kv'], async (tx) => {
    const now = await tx.kv.get('pushInbox');
    if (now?.key !== 'pushInbox') return;
    const left = (Array.isArray(now.items) ? now.items : []).filter((item) => !taken.has(item?.id));
    if (left.length > 0) await tx.kv.put({ key: 'pushInbox', items: left } satisfies PushInboxRecord);
    else await tx.kv.delete('pushInbox');
  });
  return items.length;
}

/** Takes what the worker kept now and whenever it says it kept more; returns the function that stops listening. */
export function startPushInbox(db: AppDb): () => void {
  let running: Promise<unknown> = Promise.resolve();
  const drain = () => {
    running = running.then(() => drainPushInbox(db)).catch((error: unknown) => console.error('[push] inbox failed', error));
  };
  drain();
  return onWorkerMessage(WORKER_MESSAGE.pushStored, drain);
}
