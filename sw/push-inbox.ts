import { readRow, requestResult, transactionDone } from '../src/db/raw-store.ts';
import type { PushInboxRecord, SessionRecord } from '../src/db/types.ts';
import { PUSH_INBOX_MAX } from '../src/sync/worker-messages.ts';

/**
 * Keeps a push's signal in the store's inbox for the page (sync/push-inbox.ts validates it with the contract and
 * folds it in: at once if a page is open, else when the app next opens), with whose phone it was when it came.
 * Nothing is kept while signed out or for a push without a signal. Returns whether it kept it.
 */
export async function keepPushForPage(store: IDBDatabase, sinal: unknown, now = Date.now()): Promise<boolean> {
  if (sinal === undefined || sinal === null) return false;
  const record = (await readRow(store, 'kv', 'session')) as Partial<SessionRecord> | undefined;
  const userId = record?.session?.user?.id;
  if (typeof userId !== 'string') return false;
  const transaction = store.transaction('kv', 'readwrite');
  const done = transactionDone(transaction);
  const kv = transaction.objectStore('kv');
  const current = (await requestResult(kv.get('pushInbox'))) as Partial<PushInboxRecord> | undefined;
  const items = Array.isArray(current?.items) ? current.items : [];
  const id = `${now}-${Math.random().toString(36).slice(2)}`;
  kv.put({ key: 'pushInbox', items: [...items, { id, userId, sinal, receivedAt: now }].slice(-PUSH_INBOX_MAX) } satisfies PushInboxRecord);
  await done;
  return true;
}
