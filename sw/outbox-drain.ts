import { openRawStore, readRow, requestResult, transactionDone } from '../src/db/raw-store.ts';
import type { OutboxAnswer, OutboxEntry } from '../src/db/outbox-types.ts';
import type { SessionRecord } from '../src/db/types.ts';
import { OUTBOX_LOCK, RunCollector, sendRun, stopOf } from '../src/sync/outbox/sender.ts';
import { fetchTransport } from '../src/api/outbox-transport.ts';

// The service worker's side of the outbox (DESIGN §4): woken by Background Sync while no page may be open, it sends
// the queue with the page's own sender (src/sync/outbox/sender.ts: the same run, the same requests and keys, under
// the same origin-wide Web Lock) and keeps each answer in its entry (state 'answered'). The next page folds those
// answers into the store with the resources' own appliers and their validation (sync/outbox/replayer.ts), so the
// worker needs neither Dexie nor zod and its script stays small (DESIGN §10). Nothing is deleted here: an entry
// leaves the queue only when a page has applied its answer, and one whose answer was not kept is simply sent again
// under the same key (the server replays).

export interface DrainDeps {
  /** The store's name (db/db-name.ts). */
  name: string;
  fetch: typeof fetch;
  locks?: LockManager | undefined;
  /** Absolute URL base for the API's paths (the worker's origin). */
  origin: string;
  /** Headers added to every request (a test's marks). */
  headers?: Record<string, string>;
}

export interface DrainReport {
  /** Entries whose answer is kept for the page. */
  answered: number;
  /** Entries still waiting for a connection or a server that answers (the browser should wake us again). */
  waiting: boolean;
}

const SENDABLE = new Set(['pending', 'sending']);

/** The signed-in user whose entries may go now, or null (signed out, or a sign-out still to tell the server). */
async function senderOf(store: IDBDatabase): Promise<string | null> {
  const record = (await readRow(store, 'kv', 'session')) as Partial<SessionRecord> | undefined;
  if (!record?.session || record.signOutPending) return null;
  const id = record.session.user?.id;
  return typeof id === 'string' ? id : null;
}

/** The next run, chosen as the page chooses it (RunCollector), over a raw cursor in mutationId order. */
async function nextRun(store: IDBDatabase, userId: string): Promise<OutboxEntry[]> {
  const collector = new RunCollector(userId);
  const cursorRequest = store.transaction('outbox', 'readonly').objectStore('outbox').openCursor();
  await new Promise<void>((resolve, reject) => {
    cursorRequest.onerror = () => reject(cursorRequest.error ?? new Error('outbox read failed'));
    cursorRequest.onsuccess = () => {
      const cursor = cursorRequest.result;
      if (!cursor || !collector.offer(cursor.value as OutboxEntry)) return resolve();
      cursor.continue();
    };
  });
  return collector.run;
}

/** Keeps the answers in their entries, in one transaction; an entry changed meanwhile (discarded) is left alone. */
async function keepAnswers(store: IDBDatabase, pairs: { entry: OutboxEntry; answer: OutboxAnswer }[]): Promise<void> {
  const transaction = store.transaction('outbox', 'readwrite');
  const done = transactionDone(transaction);
  const outbox = transaction.objectStore('outbox');
  for (const { entry, answer } of pairs) {
    const current = (await requestResult(outbox.get(entry.mutationId))) as OutboxEntry | undefined;
    if (!current || !SENDABLE.has(current.state)) continue;
    outbox.put({ ...current, state: 'answered', answer, error: null } satisfies OutboxEntry);
  }
  await done;
}

async function drain(deps: DrainDeps): Promise<DrainReport> {
  const store = await openRawStore(deps.name, ['kv', 'outbox']);
  if (!store) return { answered: 0, waiting: false };
  const report: DrainReport = { answered: 0, waiting: false };
  const transport = fetchTransport({ origin: () => deps.origin, fetch: () => deps.fetch });
  try {
    for (;;) {
      const userId = await senderOf(store);
      if (!userId) return report;
      const run = await nextRun(store, userId);
      if (run.length === 0) return report;
      const answers = await sendRun(transport, run, deps.headers);
      if (!answers) return { ...report, waiting: true };
      // The answers up to the first that is not final: a 401 (the page pauses the queue and asks to sign in again)
      // or one to retry; the entries after it were not reached and stay as they are.
      const kept: { entry: OutboxEntry; answer: OutboxAnswer }[] = [];
      let stop: 'auth' | 'retry' | null = null;
      for (const [index, answer] of answers.entries()) {
        const entry = run[index];
        if (!entry) break;
        stop = stopOf(answer);
        if (stop) break;
        kept.push({ entry, answer });
      }
      await keepAnswers(store, kept);
      report.answered += kept.length;
      if (stop === 'retry') return { ...report, waiting: true };
      if (stop === 'auth' || kept.length === 0) return report;
    }
  } finally {
    store.close();
  }
}

/** Sends what is queued under the outbox lock; see DrainReport. */
export async function drainOutboxFromWorker(deps: DrainDeps): Promise<DrainReport> {
  if (!deps.locks) return drain(deps);
  return deps.locks.request(OUTBOX_LOCK, () => drain(deps));
}
