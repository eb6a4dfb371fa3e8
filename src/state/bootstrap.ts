import { db } from '../db/instance.ts';
import { loadSync } from './lazy-sync.ts';
import { startDataMeter } from './data-saver.ts';

const DAY_MS = 86_400_000;
const PRUNE_AFTER_START_MS = 30_000;

function idle(work: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => work(), { timeout: 30_000 });
  else work();
}

/**
 * Background work that lives as long as the app: the session is re-read on focus, on another tab's signal and
 * on coming back online (SPEC §4 Session status); the store is pruned once start-up has settled, then daily; the
 * data meter counts what the app receives. Its sync work starts after the first screen (state/lazy-sync.ts).
 */
export function startAppSync(): () => void {
  startDataMeter();
  let stopped = false;
  let cleanup = () => {};
  void loadSync().then((sync) => {
    if (stopped) return;
    void sync.refreshSession(db);
    void sync.refreshServiceStatus(db);
    void sync.refreshProviders(db);
    const prune = () => void sync.pruneStore(db).catch((error: unknown) => console.error('[store] prune failed', error));
    // The first prune waits until start-up has settled and the phone is idle: it reads whole tables, and would block
    // the first screen's refreshes and renders (total blocking time, DESIGN §10).
    const firstPrune = setTimeout(() => idle(prune), PRUNE_AFTER_START_MS);
    const pruneTimer = setInterval(prune, DAY_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void sync.refreshSession(db);
    };
    const onOnline = () => {
      void sync.refreshSession(db);
      void sync.refreshServiceStatus(db);
    };
    document.addEventListener('visibilitychange', onVisible);
    addEventListener('online', onOnline);
    const stopSignal = sync.onOtherTabSignal(() => void sync.refreshSession(db));
    const stopOutbox = sync.startOutbox(db);
    // Pushes the service worker kept while this page was closed or in the background (sync/push-inbox.ts).
    const stopPushInbox = sync.startPushInbox(db);
    cleanup = () => {
      clearTimeout(firstPrune);
      clearInterval(pruneTimer);
      stopOutbox();
      stopPushInbox();
      document.removeEventListener('visibilitychange', onVisible);
      removeEventListener('online', onOnline);
      stopSignal();
    };
  });
  return () => {
    stopped = true;
    cleanup();
  };
}
