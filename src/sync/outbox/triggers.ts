import type { OutboxRunner } from './runner.ts';

/**
 * The page's triggers (DESIGN §4): app start, coming online, becoming visible. Enqueue, realtime reconnects and
 * the backoff timer poke the runner directly; Background Sync wakes the service worker (sw/background-sync.ts).
 */
export function watchOutboxTriggers(runner: OutboxRunner): () => void {
  const onOnline = () => void runner.poke();
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

export const OUTBOX_SYNC_TAG = 'outbox';

/** Asks the browser to wake the service worker when a connection is back, even if the app is closed by then. */
export async function requestBackgroundSync(): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  try {
    const registration = (await navigator.serviceWorker.ready) as SyncCapableRegistration;
    await registration.sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // No Background Sync here (Firefox, Safari) or not allowed: the page's own triggers still deliver.
  }
}
