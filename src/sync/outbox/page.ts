import type { AppDb } from '../../db/app-db.ts';
import { outboxRunner, sendableCount } from './app-outbox.ts';
import { OUTBOX_SYNC_TAG } from './sync-tag.ts';
import type { OutboxRunner } from './runner.ts';
import { onWorkerMessage, WORKER_MESSAGE } from '../worker-messages.ts';

/**
 * The page's triggers (DESIGN §4): app start, coming online, becoming visible. Enqueue and the backoff timer poke
 * the runner directly, a realtime reconnect wakes it like `online`; Background Sync wakes the service worker
 * (sw/background-sync.ts), which tells open pages when it has answers for them to fold in. Coming online clears the backoff first, so queued work goes within a moment of the
 * connection returning however long the outage was.
 */
export function watchOutboxTriggers(runner: OutboxRunner, onLeave?: () => Promise<unknown>): () => void {
  const onOnline = () => void runner.wake();
  const onVisible = () => {
    if (document.visibilityState === 'visible') void runner.poke();
    // Leaving the screen (another app, the phone locked, the tab closing): whatever is still queued is the service
    // worker's to send once a connection is there, even if this page is gone by then.
    else void onLeave?.();
  };
  addEventListener('online', onOnline);
  document.addEventListener('visibilitychange', onVisible);
  // The service worker sent entries while this page could not (sw/outbox-drain.ts): fold in the answers it kept.
  const stopWorker = onWorkerMessage(WORKER_MESSAGE.outboxAnswered, () => void runner.poke());
  // Background Sync woke the worker while this page is on screen: this page sends (sw/background-sync.ts).
  const stopWake = onWorkerMessage(WORKER_MESSAGE.outboxWake, () => void runner.wake());
  void runner.poke();
  return () => {
    removeEventListener('online', onOnline);
    document.removeEventListener('visibilitychange', onVisible);
    stopWorker();
    stopWake();
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
  return watchOutboxTriggers(outboxRunner(db), async () => {
    if ((await sendableCount(db)) > 0) await requestBackgroundSync();
  });
}

/** After an enqueue: flush now, and ask for a Background Sync wake-up in case the page goes away first. */
export function afterEnqueue(db: AppDb): void {
  void outboxRunner(db).poke();
  void requestBackgroundSync();
}
