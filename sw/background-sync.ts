/// <reference lib="webworker" />
import { DB_NAME } from '../src/db/db-name.ts';
import { OUTBOX_SYNC_TAG } from '../src/sync/outbox/sync-tag.ts';
import { WORKER_MESSAGE } from '../src/sync/worker-messages.ts';
import { drainOutboxFromWorker } from './outbox-drain.ts';
import { pageOnScreen, tellPages } from './tell-pages.ts';

declare const self: ServiceWorkerGlobalScope;

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

/**
 * Background Sync only wakes us (DESIGN §4). While a page of the app is on screen, that page sends the queue: it is
 * told to wake, as on `online`, and folds each answer the moment it comes, so a message the server has already
 * echoed back (live, or in a pull) never shows twice beside its own copy waiting for a fold. Otherwise the queue is
 * sent here as the page sends it, under the same origin-wide Web Lock, and the answers are kept for the next page to
 * fold in (sw/outbox-drain.ts). If entries are still waiting afterwards (still offline), the event fails and the
 * browser schedules another wake-up; a page that leaves the screen with work still queued asks for one again
 * (sync/outbox/page.ts).
 */
export function registerBackgroundSync(): void {
  self.addEventListener('sync', (event) => {
    const sync = event as SyncEvent;
    if (sync.tag !== OUTBOX_SYNC_TAG) return;
    sync.waitUntil(
      (async () => {
        if (await pageOnScreen()) {
          await tellPages(WORKER_MESSAGE.outboxWake);
          return;
        }
        const report = await drainOutboxFromWorker({
          name: DB_NAME,
          fetch: (input, init) => fetch(input, init),
          locks: navigator.locks,
          origin: self.location.origin,
        });
        if (report.answered > 0) await tellPages(WORKER_MESSAGE.outboxAnswered);
        if (report.waiting) throw new Error('outbox: entries still waiting');
      })(),
    );
  });
}
