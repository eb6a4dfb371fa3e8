import type { AppDb } from '../../db/app-db.ts';
import type { OutboxEntry } from '../../db/outbox-types.ts';
import { readSessionRecord } from '../../db/session.ts';
import type { RawOutcome } from '../../api/http.ts';
import type { ApplierRegistry } from './appliers.ts';
import { backoffDelay } from './backoff.ts';

export interface FlushDeps {
  db: AppDb;
  send: (entry: OutboxEntry, headers: Record<string, string>) => Promise<RawOutcome>;
  appliers: ApplierRegistry;
  now?: () => number;
  random?: () => number;
}

export type FlushStop = 'empty' | 'backoff' | 'retry' | 'auth' | 'signed-out';

export interface FlushReport {
  sent: number;
  rejected: number;
  stop: FlushStop;
  /** When the next try is due (backoff and retry stops). */
  retryAt?: number;
}

/** Whose entries may go out now: the signed-in user's, never anyone else's (DESIGN §4). */
async function senderId(db: AppDb): Promise<string | null> {
  const record = await readSessionRecord(db);
  if (!record?.session || record.signOutPending) return null;
  return record.session.user.id;
}

async function nextEntry(db: AppDb, userId: string): Promise<OutboxEntry | undefined> {
  // Strictly in order per user. 'sending' here means a tab or worker died mid-flight: the same key goes again and
  // the server's idempotency turns a second delivery into a replay.
  return db.outbox
    .orderBy('mutationId')
    .filter((entry) => entry.userId === userId && (entry.state === 'pending' || entry.state === 'sending' || entry.state === 'paused'))
    .first();
}

type Failure = Exclude<RawOutcome, { kind: 'ok' }>;
type HttpFailure = Extract<RawOutcome, { kind: 'http' }>;

function isRetryable(outcome: Failure): outcome is Failure {
  return outcome.kind === 'network' || outcome.status >= 500 || outcome.status === 429 || outcome.status === 408;
}

/**
 * Sends the queue, one request in flight, in order (DESIGN §4), until it is empty or something makes it wait.
 * The caller holds the origin-wide lock (runner.ts); this function only talks to the store and the network.
 */
export async function flushOutbox(deps: FlushDeps): Promise<FlushReport> {
  const { db, send, appliers } = deps;
  const now = deps.now ?? Date.now;
  const random = deps.random ?? Math.random;
  const report: FlushReport = { sent: 0, rejected: 0, stop: 'empty' };

  for (;;) {
    const userId = await senderId(db);
    if (!userId) return { ...report, stop: 'signed-out' };
    const entry = await nextEntry(db, userId);
    if (!entry) return report;
    // A paused entry holds the queue: nothing behind it may overtake it before the same user signs in again
    // (found by tests/fuzz: later entries went out first and arrived out of order).
    if (entry.state === 'paused') return { ...report, stop: 'auth' };
    if (entry.nextAttemptAt > now()) return { ...report, stop: 'backoff', retryAt: entry.nextAttemptAt };

    await db.outbox.update(entry.mutationId, { state: 'sending' });
    const sessionCheckedAt = (await readSessionRecord(db))?.checkedAt ?? 0;
    const outcome = await send(entry, {
      'Idempotency-Key': `${entry.clientId}:${entry.mutationId}`,
      'X-Client-Id': entry.clientId,
    });

    if (outcome.kind === 'ok') {
      await db.transaction('rw', db.tables, async () => {
        await appliers[entry.kind]?.applied?.(db, entry, outcome.body);
        await db.outbox.delete(entry.mutationId);
      });
      report.sent += 1;
      continue;
    }

    if (outcome.kind === 'network' || isRetryable(outcome)) {
      const attempts = entry.attempts + 1;
      const retryAt = now() + backoffDelay(attempts, random);
      await db.outbox.update(entry.mutationId, { state: 'pending', attempts, nextAttemptAt: retryAt, error: outcome.message });
      return { ...report, stop: 'retry', retryAt };
    }

    const refusal: HttpFailure = outcome;
    if (refusal.status === 401 && (await signedInAgainSince(db, userId, sessionCheckedAt))) {
      // The 401 answers a cookie that was replaced while the request was in flight: try again with the new one.
      const attempts = entry.attempts + 1;
      const retryAt = now() + backoffDelay(attempts, random);
      await db.outbox.update(entry.mutationId, { state: 'pending', attempts, nextAttemptAt: retryAt, error: refusal.message });
      return { ...report, stop: 'retry', retryAt };
    }
    if (refusal.status === 401) {
      // The session ended on the server: hold this user's queue until the same user signs in again.
      await db.outbox
        .where('userId')
        .equals(userId)
        .filter((candidate) => candidate.state === 'pending' || candidate.state === 'sending')
        .modify({ state: 'paused' });
      return { ...report, stop: 'auth' };
    }

    await db.transaction('rw', db.tables, async () => {
      await db.outbox.update(entry.mutationId, {
        state: 'rejected',
        error: refusal.message,
        rejection: refusal.body ?? null,
      });
      await appliers[entry.kind]?.rejected?.(db, entry, refusal.body);
    });
    report.rejected += 1;
  }
}

/** Whether the same user's session was confirmed again after `since` (a sign-in during the request). */
async function signedInAgainSince(db: AppDb, userId: string, since: number): Promise<boolean> {
  const record = await readSessionRecord(db);
  return !!record?.session && !record.signOutPending && record.session.user.id === userId && record.checkedAt > since;
}

/** After the same user signs in again, their paused entries go back in the queue. */
export async function resumePaused(db: AppDb, userId: string): Promise<number> {
  return db.outbox
    .where('userId')
    .equals(userId)
    .filter((entry) => entry.state === 'paused')
    .modify({ state: 'pending', nextAttemptAt: 0 });
}

/** A refused entry goes back in the queue at its place, with the user's edited body when given. */
export async function retryRejected(db: AppDb, mutationId: number, body?: unknown): Promise<void> {
  await db.outbox
    .where('mutationId')
    .equals(mutationId)
    .filter((entry) => entry.state === 'rejected')
    .modify((entry) => {
      entry.state = 'pending';
      entry.attempts = 0;
      entry.nextAttemptAt = 0;
      entry.error = null;
      entry.rejection = null;
      if (body !== undefined) entry.body = body;
    });
}

/** The user gives up on a refused entry: its optimistic change is undone and the entry removed together. */
export async function discardRejected(db: AppDb, appliers: ApplierRegistry, mutationId: number): Promise<boolean> {
  return db.transaction('rw', db.tables, async () => {
    const entry = await db.outbox.get(mutationId);
    if (!entry || entry.state !== 'rejected') return false;
    await appliers[entry.kind]?.discarded?.(db, entry);
    await db.outbox.delete(mutationId);
    return true;
  });
}
