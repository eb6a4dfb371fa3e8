import type { AppDb } from '../../db/app-db.ts';
import { readMirrorOwner } from '../../db/session-record.ts';
import { fetchTransport } from '../../api/outbox-transport.ts';
import { flushOutbox } from './replayer.ts';
import { createOutboxRunner, type OutboxRunner } from './runner.ts';
import { APPLIERS } from './registry.ts';

const runners = new WeakMap<AppDb, OutboxRunner>();

/**
 * The outbox runner of this page or service worker for a store: one per store, created on first use. DOM-free,
 * so the service worker's Background Sync uses the very same code.
 */
export function outboxRunner(db: AppDb): OutboxRunner {
  let runner = runners.get(db);
  if (!runner) {
    runner = createOutboxRunner({
      flush: () =>
        flushOutbox({
          db,
          appliers: APPLIERS,
          transport: fetchTransport({ origin: () => location.origin }),
          batch: true,
        }),
      locks: typeof navigator !== 'undefined' ? navigator.locks : undefined,
      clearBackoff: () => clearBackoff(db),
    });
    runners.set(db, runner);
  }
  return runner;
}

/**
 * How many entries could go out now and have not: the signed-in user's pending or in-flight ones. Another user's
 * wait for that user to sign in again; Background Sync, woken again while this is not 0, must not count them.
 */
export async function sendableCount(db: AppDb): Promise<number> {
  const userId = await readMirrorOwner(db);
  if (!userId) return 0;
  return db.outbox
    .where('userId')
    .equals(userId)
    .filter((entry) => entry.state === 'pending' || entry.state === 'sending')
    .count();
}

/**
 * A connection is back: every entry waiting on its backoff becomes due now, with its count of failed tries reset,
 * so one more failure right after reconnecting waits about a second, not the minute the outage had grown it to.
 */
export function clearBackoff(db: AppDb): Promise<number> {
  return db.outbox
    .where('state')
    .equals('pending')
    .filter((entry) => entry.nextAttemptAt > 0 || entry.attempts > 0)
    .modify({ nextAttemptAt: 0, attempts: 0 });
}
