import { openRawStore, readRow, requestResult, transactionDone } from '../src/db/raw-store.ts';
import type { OutboxAnswer, OutboxEntry } from '../src/db/outbox-types.ts';
import type { SessionRecord } from '../src/db/types.ts';
import {
  BATCH_MAX,
  BATCH_MAX_BYTES,
  OUTBOX_LOCK,
  batchEntries,
  batchHeaders,
  entryHeaders,
  entrySize,
  isRetryableStatus,
} from '../src/sync/outbox/wire.ts';
import { APP_REQUEST_HEADER, BATCH_PATH, batchRequestBody } from '../src/api/batch-wire.ts';
import { isRecord } from '../src/lib/is-record.ts';

// The service worker's side of the outbox (DESIGN §4): woken by Background Sync while no page may be open, it sends
// the queue as the page would (same order, same batch call, same Idempotency-Keys, under the same origin-wide Web
// Lock) and keeps each answer in its entry (state 'answered'). The next page folds those answers into the store with
// the resources' own appliers and their validation (sync/outbox/replayer.ts), so the worker needs neither Dexie nor
// zod and its script stays small (issue 16). Nothing is deleted here: an entry leaves the queue only when a page has
// applied its answer, and one whose answer was not kept is simply sent again under the same key (the server replays).

export interface DrainDeps {
  /** The store's name (db/db-name.ts). */
  name: string;
  fetch: typeof fetch;
  locks?: LockManager | undefined;
  /** Absolute URL base for the API's paths (the worker's origin). */
  origin: string;
}

export interface DrainReport {
  /** Entries whose answer is kept for the page. */
  answered: number;
  /** Entries still waiting for a connection or a server that answers (the browser should wake us again). */
  waiting: boolean;
}

type Sent = { kind: 'answers'; answers: OutboxAnswer[] } | { kind: 'retry' };

const SENDABLE = new Set(['pending', 'sending']);

/** The signed-in user whose entries may go now, or null (signed out, or a sign-out still to tell the server). */
async function senderOf(store: IDBDatabase): Promise<string | null> {
  const record = (await readRow(store, 'kv', 'session')) as Partial<SessionRecord> | undefined;
  if (!record?.session || record.signOutPending) return null;
  const id = record.session.user?.id;
  return typeof id === 'string' ? id : null;
}

/**
 * The next entries to send, in order: this user's pending or in-flight ones, at most BATCH_MAX and BATCH_MAX_BYTES,
 * stopping at a paused one (it holds the queue until the same user signs in again). Refused entries wait for the
 * user, answered ones for a page; neither is sent.
 */
async function nextRun(store: IDBDatabase, userId: string): Promise<OutboxEntry[]> {
  const run: OutboxEntry[] = [];
  let bytes = 0;
  const cursorRequest = store.transaction('outbox', 'readonly').objectStore('outbox').openCursor();
  await new Promise<void>((resolve, reject) => {
    cursorRequest.onerror = () => reject(cursorRequest.error ?? new Error('outbox read failed'));
    cursorRequest.onsuccess = () => {
      const cursor = cursorRequest.result;
      if (!cursor) return resolve();
      const entry = cursor.value as OutboxEntry;
      if (entry.userId === userId) {
        if (entry.state === 'paused') return resolve();
        if (SENDABLE.has(entry.state)) {
          const size = entrySize(entry);
          if (run.length > 0 && bytes + size > BATCH_MAX_BYTES) return resolve();
          bytes += size;
          run.push(entry);
          if (run.length >= BATCH_MAX) return resolve();
        }
      }
      cursor.continue();
    };
  });
  return run;
}

async function answerOf(response: Response): Promise<OutboxAnswer> {
  const text = await response.text().catch(() => '');
  try {
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
  } catch {
    // Not JSON (a proxy's error page): judged by its status alone, as the page does (api/http.ts).
    return { status: response.status, body: null };
  }
}

/** A batch answer's per-entry results (a prefix of the run, in order), or null when it has not that shape. */
function batchAnswers(body: unknown): OutboxAnswer[] | null {
  if (!isRecord(body) || !Array.isArray(body.respostas)) return null;
  const answers: OutboxAnswer[] = [];
  for (const item of body.respostas) {
    if (!isRecord(item) || typeof item.status !== 'number') return null;
    answers.push({ status: item.status, body: item.body ?? null });
  }
  return answers.length > 0 ? answers : null;
}

/** Sends the run as the page would: one entry on its own path, several through the batch call. */
async function send(deps: DrainDeps, run: OutboxEntry[]): Promise<Sent> {
  const head = run[0];
  if (!head) return { kind: 'answers', answers: [] };
  const alone = run.length === 1;
  const body = alone ? head.body : batchRequestBody(batchEntries(run.map((entry) => ({ entry, headers: entryHeaders(entry) }))));
  const headers: Record<string, string> = {
    ...APP_REQUEST_HEADER,
    ...(alone ? entryHeaders(head) : batchHeaders(run.map((entry) => ({ entry, headers: {} })))),
  };
  const hasBody = body !== null && body !== undefined;
  if (hasBody) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await deps.fetch(new URL(alone ? head.path : BATCH_PATH, deps.origin).href, {
      method: alone ? head.method : 'POST',
      headers,
      credentials: 'same-origin',
      ...(hasBody ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(30_000),
    });
  } catch {
    return { kind: 'retry' };
  }
  const outer = await answerOf(response);
  if (alone || !response.ok) return isRetryableStatus(outer.status) ? { kind: 'retry' } : { kind: 'answers', answers: [outer] };
  const answers = batchAnswers(outer.body);
  return answers ? { kind: 'answers', answers } : { kind: 'retry' };
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
  try {
    for (;;) {
      const userId = await senderOf(store);
      if (!userId) return report;
      const run = await nextRun(store, userId);
      if (run.length === 0) return report;
      const sent = await send(deps, run);
      if (sent.kind === 'retry') return { ...report, waiting: true };
      // The answers up to the first that is not final: a 401 (the page pauses the queue and asks to sign in again)
      // or one to retry; the entries after it were not reached and stay as they are.
      const kept: { entry: OutboxEntry; answer: OutboxAnswer }[] = [];
      let stop: 'auth' | 'retry' | null = null;
      for (const [index, answer] of sent.answers.entries()) {
        const entry = run[index];
        if (!entry) break;
        if (answer.status === 401) stop = 'auth';
        else if (isRetryableStatus(answer.status)) stop = 'retry';
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
