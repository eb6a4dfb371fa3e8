// What the service worker tells open pages (sw/background-sync.ts, sw/push.ts): something it kept in the store for
// the page to fold in. Constants only, so the worker's script stays small.
export const WORKER_MESSAGE = {
  /** Outbox entries got their server's answer (state 'answered'): the page's runner folds them in. */
  outboxAnswered: 'outbox-answered',
  /**
   * Background Sync woke the worker while a page of the app is on screen: that page sends the queue itself (its
   * runner wakes as on `online`), so the answers fold in at once and nothing shows twice (sw/background-sync.ts).
   */
  outboxWake: 'outbox-wake',
  /** A push's signal is in the inbox (kv 'pushInbox'): the page applies it to the store. */
  pushStored: 'push-stored',
} as const;

/** The most pushes kept for the page; older ones are dropped first (the lists are refreshed from the server anyway). */
export const PUSH_INBOX_MAX = 100;

/** Calls `handler` whenever the service worker posts `type` to this page; returns the function that stops it. */
export function onWorkerMessage(type: string, handler: () => void): () => void {
  const container = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
  if (!container) return () => {};
  const listener = (event: MessageEvent) => {
    if ((event.data as { type?: unknown } | null)?.type === type) handler();
  };
  container.addEventListener('message', listener);
  return () => container.removeEventListener('message', listener);
}
