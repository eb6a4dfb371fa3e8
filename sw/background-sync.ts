/// <reference lib="webworker" />
import { db } from '../src/db/instance.ts';
import { outboxRunner, sendableCount } from '../src/sync/outbox/app-outbox.ts';
import { OUTBOX_SYNC_TAG } from '../src/sync/outbox/sync-tag.ts';

declare const self: ServiceWorkerGlobalScope;

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

/**
 * Background Sync only wakes us (DESIGN §4): the same outbox runner the page uses sends the queue under the same
 * origin-wide Web Lock, so a page and the worker never send at once. If entries are still waiting afterwards
 * (still offline), the event fails and the browser schedules another wake-up.
 */
export function registerBackgroundSync(): void {
  self.addEventListener('sync', (event) => {
    const sync = event as SyncEvent;
    if (sync.tag !== OUTBOX_SYNC_TAG) return;
    sync.waitUntil(
      (async () => {
        // The browser fires this when a connection is back: queued work goes now, not after its backoff.
        await outboxRunner(db).wake();
        const waiting = await sendableCount(db);
        if (waiting > 0) throw new Error(`outbox: ${waiting} entries still waiting`);
      })(),
    );
  });
}
