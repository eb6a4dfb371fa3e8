import { BATCH_PATH, batchRequestBody, type BatchEntry } from '../../api/batch-wire.ts';
import { batchAnswersOf, type OutboxTransport, type WireAnswer } from '../../api/outbox-transport.ts';
import type { OutboxEntry } from '../../db/outbox-types.ts';

// The one outbox sender (DESIGN §4): which entries go next and how they travel, for the page's replayer
// (replayer.ts) and the service worker's drain (sw/outbox-drain.ts) alike, so the two cannot send differently.
// Nothing here loads Dexie, ky or zod: the worker's script stays small (DESIGN §10). Each side walks its own store
// (Dexie on the page, a raw IndexedDB cursor in the worker) and offers the entries to a RunCollector in order.

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

/**
 * Chooses the next run: offered this user's entries in mutationId order, it takes the pending and in-flight ones
 * ('sending' means a page or the worker died mid-flight: the same key goes again and the server replays), up to
 * `max` entries and BATCH_MAX_BYTES; it passes over refused entries (they wait for the user) and answered ones
 * (sent by the worker, their answer waiting for a page), and stops at a paused one, which holds everything behind
 * it until the same user signs in again (tests/fuzz found later entries overtaking it).
 */
export class RunCollector {
  readonly run: OutboxEntry[] = [];
  private bytes = 0;
  private done = false;
  private readonly userId: string;
  private readonly max: number;

  constructor(userId: string, max = BATCH_MAX) {
    this.userId = userId;
    this.max = max;
  }

  /** Offers the next entry in order; false once the run is complete (offer no more). */
  offer(entry: OutboxEntry): boolean {
    if (this.done) return false;
    if (entry.userId !== this.userId || entry.state === 'rejected' || entry.state === 'answered') return true;
    if (entry.state === 'paused') return this.finish();
    const size = entrySize(entry);
    if (this.run.length > 0 && this.bytes + size > BATCH_MAX_BYTES) return this.finish();
    this.bytes += size;
    this.run.push(entry);
    return this.run.length < this.max || this.finish();
  }

  private finish(): false {
    this.done = true;
    return false;
  }
}

/** The entries as the batch call carries them (api/batch-wire.ts). */
function batchEntries(run: readonly OutboxEntry[]): BatchEntry[] {
  return run.map((entry) => ({ method: entry.method, path: entry.path, body: entry.body, idempotencyKey: idempotencyKeyOf(entry) }));
}

/** The batch request itself names the client and its first entry (the inner requests carry their own keys). */
function batchHeaders(head: OutboxEntry): Record<string, string> {
  return { 'X-Client-Id': head.clientId, 'Idempotency-Key': `lote:${head.clientId}:${head.mutationId}` };
}

/**
 * Sends a run: one entry on its own path, several through the batch call. Resolves to the answers of the entries
 * the server reached, in order (a prefix of the run: the server stops after the first that must be retried), or to
 * null when nothing usable came back (offline, a timeout, a batch answer without its per-entry results). A refused
 * or failed batch request as a whole answers for the head entry.
 */
export async function sendRun(transport: OutboxTransport, run: readonly OutboxEntry[], extraHeaders: Record<string, string> = {}): Promise<WireAnswer[] | null> {
  const head = run[0];
  if (!head) return [];
  if (run.length === 1) {
    const answer = await transport({ method: head.method, path: head.path, body: head.body, headers: { ...entryHeaders(head), ...extraHeaders } });
    return answer ? [answer] : null;
  }
  const outer = await transport({ method: 'POST', path: BATCH_PATH, body: batchRequestBody(batchEntries(run)), headers: { ...batchHeaders(head), ...extraHeaders } });
  if (!outer) return null;
  if (outer.status < 200 || outer.status >= 300) return [outer];
  return batchAnswersOf(outer.body);
}

/**
 * Where a run's answers stop the queue: at a 401 (the session ended: the page pauses the user's queue until they
 * sign in again) or at one to retry (the entry backs off). Every other answer is final for its entry.
 */
export function stopOf(answer: WireAnswer): 'auth' | 'retry' | null {
  if (answer.status === 401) return 'auth';
  return isRetryableStatus(answer.status) ? 'retry' : null;
}
