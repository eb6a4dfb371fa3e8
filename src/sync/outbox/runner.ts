import type { FlushReport } from './replayer.ts';
import { OUTBOX_LOCK } from './sender.ts';

export interface RunnerDeps {
  flush: () => Promise<FlushReport>;
  /** navigator.locks where the browser has it; one flusher per origin across tabs and the service worker. */
  locks?: LockManager | undefined;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  now?: () => number;
  onReport?: (report: FlushReport) => void;
  /**
   * Makes every waiting entry due now (a connection came back): the backoff that grew while offline must not hold
   * the queue once the network is here again.
   */
  clearBackoff?: () => Promise<unknown>;
}

export interface OutboxRunner {
  /** Asks for a flush soon; calls while one runs coalesce into one more pass. */
  poke(): Promise<void>;
  /**
   * The connection is back (`online`, a realtime reconnect): forget the backoff and flush at once. Without it a
   * queue that failed several times offline waited for its backoff timer (up to a minute) after reconnecting.
   */
  wake(): Promise<void>;
  stop(): void;
}

/**
 * Runs flushes one at a time in this context and, through the Web Lock, one at a time per origin (DESIGN §4).
 * After a flush that has to wait (backoff), it sets one timer for when the next try is due.
 */
export function createOutboxRunner(deps: RunnerDeps): OutboxRunner {
  const setTimer = deps.setTimer ?? ((callback, ms) => setTimeout(callback, ms));
  const clearTimer = deps.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  const now = deps.now ?? Date.now;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: unknown = null;
  let stopped = false;

  const withLock = async (work: () => Promise<void>) => {
    if (deps.locks) await deps.locks.request(OUTBOX_LOCK, work);
    else await work();
  };

  const pass = async () => {
    const report = await deps.flush();
    deps.onReport?.(report);
    if (timer !== null) clearTimer(timer);
    timer = null;
    if (report.retryAt !== undefined && !stopped) {
      timer = setTimer(() => {
        timer = null;
        void poke();
      }, Math.max(0, report.retryAt - now()));
    }
  };

  const poke = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await withLock(pass);
        } while (again && !stopped);
      } catch (error) {
        // A store failure (quota, closed database) must not kill the runner; the next trigger tries again.
        console.error('[outbox] flush failed', error);
      } finally {
        running = null;
      }
    })();
    return running;
  };

  const wake = async (): Promise<void> => {
    if (stopped) return;
    if (timer !== null) clearTimer(timer);
    timer = null;
    try {
      await deps.clearBackoff?.();
    } catch (error) {
      // A store failure here must not keep the queue from trying; the flush below still runs.
      console.error('[outbox] could not clear the backoff', error);
    }
    await poke();
  };

  return {
    poke,
    wake,
    stop() {
      stopped = true;
      if (timer !== null) clearTimer(timer);
    },
  };
}
