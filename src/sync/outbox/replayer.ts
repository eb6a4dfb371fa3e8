import type { AppDb } from '../../db/app-db.ts';
import type { OutboxEntry } from '../../db/outbox-types.ts';
import { readMirrorOwner, readSessionRecord } from '../../db/session-record.ts';
import { ALL_TABLES, writeTransaction } from '../../db/store-transaction.ts';
import { rawOutcomeOf } from '../../api/http.ts';
import type { OutboxTransport, WireAnswer } from '../../api/outbox-transport.ts';
import type { ApplierRegistry } from './appliers.ts';
import { backoffDelay } from './backoff.ts';
import { MSG } from '../../../contract/messages.ts';
import { BATCH_MAX, RunCollector, sendRun, stopOf } from './sender.ts';

export interface FlushDeps {
  db: AppDb;
  /** How a request travels (api/outbox-transport.ts fetchTransport in the app). */
  transport: OutboxTransport;
  /** Whether the entries behind the head may travel with it in one batch request (the app: yes). */
  batch?: boolean;
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
  // Strictly in order per user: the head decides (answered: fold its answer in; paused: wait for the same user;
  // backing off: wait), and the run behind it is chosen by the one sender (sender.ts).
  return db.outbox
    .orderBy('mutationId')
    .filter((entry) => entry.userId === userId && entry.state !== 'rejected')
    .first();
}

/** The run that goes now, from the head on, as the service worker would choose it (sender.ts RunCollector). */
async function sendableRun(db: AppDb, userId: string, head: OutboxEntry, max: number): Promise<OutboxEntry[]> {
  const collector = new RunCollector(userId, max);
  let open = true;
  await db.outbox
    .where('mutationId')
    .aboveOrEqual(head.mutationId)
    .until(() => !open)
    .each((entry) => {
      open = open && collector.offer(entry);
    });
  return collector.run;
}

/**
 * Sends the queue in order (DESIGN §4), until it is empty or something makes it wait: one request in flight, which
 * carries the head entry alone or, with `batch`, the head and the entries right behind it. The server applies a
 * batch's entries in order, each in its own transaction with its own Idempotency-Key, and stops at the first that
 * must be retried, so a batch is exactly as safe to resend as a single request, and 500 queued changes need 20
 * round trips on 3G instead of 500. What goes and how is the service worker's too (sender.ts). The caller holds the
 * origin-wide lock (runner.ts).
 */
export async function flushOutbox(deps: FlushDeps): Promise<FlushReport> {
  const { db, transport, appliers } = deps;
  const now = deps.now ?? Date.now;
  const random = deps.random ?? Math.random;
  const report: FlushReport = { sent: 0, rejected: 0, stop: 'empty' };

  const backOff = async (entry: OutboxEntry, message: string): Promise<FlushReport> => {
    const attempts = entry.attempts + 1;
    const retryAt = now() + backoffDelay(attempts, random);
    await db.outbox.update(entry.mutationId, { state: 'pending', attempts, nextAttemptAt: retryAt, error: message, answer: null });
    return { ...report, stop: 'retry', retryAt };
  };

  /** Folds one entry's answer (null: none came) into the store; returns a report when the queue has to stop here. */
  const settle = async (entry: OutboxEntry, answer: WireAnswer | null, userId: string, sessionCheckedAt: number): Promise<FlushReport | null> => {
    if (!answer) return backOff(entry, MSG.network);
    const stop = stopOf(answer);
    const outcome = rawOutcomeOf(answer.status, answer.body);
    const message = outcome.kind === 'http' ? outcome.message : MSG.generic;
    if (stop === 'retry') return backOff(entry, message);
    if (stop === 'auth') {
      // A 401 that answers a cookie replaced by a sign-in while the request was in flight: try again with the new one.
      if (await signedInAgainSince(db, userId, sessionCheckedAt)) return backOff(entry, message);
      // The session ended on the server: hold this user's queue until the same user signs in again.
      await db.outbox
        .where('userId')
        .equals(userId)
        .filter((candidate) => candidate.state === 'pending' || candidate.state === 'sending')
        .modify({ state: 'paused' });
      return { ...report, stop: 'auth' };
    }
    if (outcome.kind === 'ok') {
      await writeTransaction(db, ALL_TABLES, async (tx) => {
        // The answer folds into the mirror only while it is still the author's (an answer that arrives after they
        // signed out is theirs, not the next user's); the server has the change either way.
        if ((await readMirrorOwner(tx)) === entry.userId) await appliers[entry.kind]?.applied?.(tx, entry, outcome.body);
        await tx.outbox.delete(entry.mutationId);
      });
      report.sent += 1;
      return null;
    }
    const body = outcome.kind === 'http' ? outcome.body : null;
    await writeTransaction(db, ALL_TABLES, async (tx) => {
      await tx.outbox.update(entry.mutationId, { state: 'rejected', error: message, rejection: body ?? null });
      if ((await readMirrorOwner(tx)) === entry.userId) await appliers[entry.kind]?.rejected?.(tx, entry, body);
    });
    report.rejected += 1;
    return null;
  };

  for (;;) {
    const userId = await senderId(db);
    if (!userId) return { ...report, stop: 'signed-out' };
    const head = await nextEntry(db, userId);
    if (!head) return report;
    if (head.state === 'answered') {
      // Sent by the service worker while no page was open (sw/outbox-drain.ts): its answer is folded in now, as if
      // this page had just received it. An entry whose answer did not survive goes again under the same key.
      const stop = head.answer
        ? await settle(head, head.answer, userId, 0)
        : await db.outbox.update(head.mutationId, { state: 'pending' }).then(() => null);
      if (stop) return stop;
      continue;
    }
    if (head.state === 'paused') return { ...report, stop: 'auth' };
    if (head.nextAttemptAt > now()) return { ...report, stop: 'backoff', retryAt: head.nextAttemptAt };

    const run = await sendableRun(db, userId, head, deps.batch ? BATCH_MAX : 1);
    await db.outbox.bulkUpdate(run.map((entry) => ({ key: entry.mutationId, changes: { state: 'sending' as const } })));
    const sessionCheckedAt = (await readSessionRecord(db))?.checkedAt ?? 0;
    // Nothing usable came back: the head entry failed to go (the rest were not reached).
    const answers = (await sendRun(transport, run)) ?? [null];

    for (const [index, entry] of run.entries()) {
      const reached = index < answers.length;
      const stop = reached ? await settle(entry, answers[index] ?? null, userId, sessionCheckedAt) : null;
      if (!reached || stop) {
        // Entries the server did not reach go back to waiting, at their places.
        const untouched = run.slice(reached ? index + 1 : index).map((rest) => rest.mutationId);
        await db.outbox
          .where('mutationId')
          .anyOf(untouched)
          .filter((rest) => rest.state === 'sending')
          .modify({ state: 'pending' });
        if (stop) return stop;
        break;
      }
    }
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

/** Whether this user has entries waiting to be sent (refused ones wait for the user, not for the network). */
export async function hasWaiting(db: AppDb, userId: string): Promise<boolean> {
  return (await db.outbox.where('userId').equals(userId).filter((entry) => entry.state !== 'rejected').count()) > 0;
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
  return writeTransaction(db, ALL_TABLES, async (tx) => {
    const entry = await tx.outbox.get(mutationId);
    if (!entry || entry.state !== 'rejected') return false;
    await appliers[entry.kind]?.discarded?.(tx, entry);
    await tx.outbox.delete(mutationId);
    return true;
  });
}
