import { db } from '../db/instance.ts';
import { loadSync } from './lazy-sync.ts';
import { startDataMeter } from './data-saver.ts';

const DAY_MS = 86_400_000;

/**
 * Background work that lives as long as the app: the session is re-read on focus, on another tab's signal and
 * on coming back online (SPEC §4 Session status); the store is pruned at start and daily; the data meter counts
 * what the app receives. Starts after the first paint.
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
    prune();
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
    cleanup = () => {
      clearInterval(pruneTimer);
      stopOutbox();
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
