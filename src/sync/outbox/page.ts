import type { AppDb } from '../../db/app-db.ts';
import { outboxRunner } from './app-outbox.ts';
import { OUTBOX_SYNC_TAG } from './sync-tag.ts';
import type { OutboxRunner } from './runner.ts';

/**
 * The page's triggers (DESIGN §4): app start, coming online, becoming visible. Enqueue and the backoff timer poke
 * the runner directly, a realtime reconnect wakes it like `online`; Background Sync wakes the service worker
 * (sw/background-sync.ts). Coming online clears the backoff first, so queued work goes within a moment of the
 * connection returning however long the outage was.
 */
export function watchOutboxTriggers(runner: OutboxRunner): () => void {
  const onOnline = () => void runner.wake();
  const onVisible = () => {
    if (document.visibilityState === 'visible') void runner.poke();
  };
  addEventListener('online', onOnline);
  document.addEventListener('visibilitychange', onVisible);
  void runner.poke();
  return () => {
    removeEventListener('online', onOnline);
    document.removeEventListener('visibilitychange', onVisible);
  };
}

interface SyncCapableRegistration extends ServiceWorkerRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/** Asks the browser to wake the service worker when a connection is back, even if the app is closed by then. */
export async function requestBackgroundSync(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  try {
    const registration = (await navigator.serviceWorker.ready) as SyncCapableRegistration;
    await registration.sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // No Background Sync here (Firefox, Safari) or not allowed: the page's own triggers still deliver.
  }
}

/** Starts the page's triggers; returns the function that stops them. */
export function startOutbox(db: AppDb): () => void {
  return watchOutboxTriggers(outboxRunner(db));
}

/** After an enqueue: flush now, and ask for a Background Sync wake-up in case the page goes away first. */
export function afterEnqueue(db: AppDb): void {
  void outboxRunner(db).poke();
  void requestBackgroundSync();
}
