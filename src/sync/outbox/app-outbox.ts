import type { AppDb } from '../../db/app-db.ts';
import { sendRaw } from '../../api/http.ts';
import { sendBatchRaw } from '../../api/batch.ts';
import { batchEntries, batchHeaders } from './batch.ts';
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
          send: (entry, headers) => sendRaw({ method: entry.method, path: entry.path, body: entry.body, headers }),
          sendBatch: (items) => sendBatchRaw(batchEntries(items), batchHeaders(items)),
        }),
      locks: typeof navigator !== 'undefined' ? navigator.locks : undefined,
    });
    runners.set(db, runner);
  }
  return runner;
}
