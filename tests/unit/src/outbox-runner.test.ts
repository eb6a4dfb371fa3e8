import { describe, expect, it, vi } from 'vitest';
import { createOutboxRunner } from '../../../src/sync/outbox/runner.ts';
import { OUTBOX_LOCK } from '../../../src/sync/outbox/wire.ts';
import { watchOutboxTriggers } from '../../../src/sync/outbox/page.ts';
import type { FlushReport } from '../../../src/sync/outbox/replayer.ts';

/** A LockManager with the Web Locks semantics the runner relies on: exclusive, FIFO, per name. */
function fakeLocks(): LockManager {
  const queues = new Map<string, Promise<unknown>>();
  return {
    request: ((name: string, callback: () => Promise<unknown>) => {
      const previous = queues.get(name) ?? Promise.resolve();
      const next = previous.then(() => callback());
      queues.set(name, next.catch(() => undefined));
      return next;
    }) as LockManager['request'],
    query: async () => ({ held: [], pending: [] }),
  };
}

const empty: FlushReport = { sent: 0, rejected: 0, stop: 'empty' };

describe('outbox runner', () => {
  it('coalesces pokes made during a flush into one more pass', async () => {
    let release: () => void = () => {};
    const flush = vi.fn(
      () =>
        new Promise<FlushReport>((resolve) => {
          release = () => resolve(empty);
        }),
    );
    const runner = createOutboxRunner({ flush });
    const first = runner.poke();
    await Promise.resolve();
    void runner.poke();
    void runner.poke();
    release();
    await vi.waitFor(() => expect(flush).toHaveBeenCalledTimes(2));
    release();
    await first;
    expect(flush).toHaveBeenCalledTimes(2);
  });

  it('lets only one flusher run at a time per origin (two tabs)', async () => {
    const locks = fakeLocks();
    let active = 0;
    let maxActive = 0;
    const flush = async () => {
      active += 1;
      maxActive = Math.max(maxActive, active);
      await new Promise((resolve) => setTimeout(resolve, 5));
      active -= 1;
      return empty;
    };
    const tabA = createOutboxRunner({ flush, locks });
    const tabB = createOutboxRunner({ flush, locks });
    await Promise.all([tabA.poke(), tabB.poke(), tabA.poke(), tabB.poke()]);
    expect(maxActive).toBe(1);
    expect(OUTBOX_LOCK).toBe('outbox');
  });

  it('sets one timer for the next try after a backoff and flushes when it fires', async () => {
    const timers: { callback: () => void; ms: number }[] = [];
    const flush = vi
      .fn<() => Promise<FlushReport>>()
      .mockResolvedValueOnce({ sent: 0, rejected: 0, stop: 'retry', retryAt: 5_000 })
      .mockResolvedValue(empty);
    const runner = createOutboxRunner({
      flush,
      now: () => 1_000,
      setTimer: (callback, ms) => timers.push({ callback, ms }),
      clearTimer: () => {},
    });
    await runner.poke();
    expect(timers).toEqual([{ callback: expect.any(Function), ms: 4_000 }]);
    timers[0]?.callback();
    await vi.waitFor(() => expect(flush).toHaveBeenCalledTimes(2));
  });

  it('survives a flush that throws (a store error) and runs on the next poke', async () => {
    const flush = vi.fn<() => Promise<FlushReport>>().mockRejectedValueOnce(new Error('QuotaExceededError')).mockResolvedValue(empty);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const runner = createOutboxRunner({ flush });
    await runner.poke();
    await runner.poke();
    expect(flush).toHaveBeenCalledTimes(2);
    errors.mockRestore();
  });
});

describe('outbox triggers', () => {
  it('flushes at start, when the browser comes online and when the page becomes visible', async () => {
    const listeners = new Map<string, () => void>();
    const documentListeners = new Map<string, () => void>();
    const fakeDocument = {
      visibilityState: 'hidden',
      addEventListener: (type: string, listener: () => void) => documentListeners.set(type, listener),
      removeEventListener: (type: string) => documentListeners.delete(type),
    };
    vi.stubGlobal('addEventListener', (type: string, listener: () => void) => listeners.set(type, listener));
    vi.stubGlobal('removeEventListener', (type: string) => listeners.delete(type));
    vi.stubGlobal('document', fakeDocument);
    const poke = vi.fn(async () => {});
    const wake = vi.fn(async () => {});
    const leave = vi.fn(async () => {});
    const stop = watchOutboxTriggers({ poke, wake, stop: () => {} }, leave);
    expect(poke).toHaveBeenCalledTimes(1);
    listeners.get('online')?.();
    expect(wake).toHaveBeenCalledTimes(1);
    // Leaving the screen hands what is queued to Background Sync; it does not flush.
    documentListeners.get('visibilitychange')?.();
    expect(poke).toHaveBeenCalledTimes(1);
    expect(leave).toHaveBeenCalledTimes(1);
    fakeDocument.visibilityState = 'visible';
    documentListeners.get('visibilitychange')?.();
    expect(poke).toHaveBeenCalledTimes(2);
    stop();
    expect(listeners.has('online')).toBe(false);
    vi.unstubAllGlobals();
  });
});

describe('reconnect flush', () => {
  /**
   * A queue of one message modelled as the replayer treats it: while offline every try fails and the backoff grows
   * (1 s, 2 s, 4 s … up to a minute); a try sends only when the entry is due and the network is up.
   */
  function offlineQueue(clock: () => number) {
    const entry = { attempts: 0, nextAttemptAt: 0, sent: false };
    let online = false;
    const flush = vi.fn(async (): Promise<FlushReport> => {
      if (entry.sent) return empty;
      if (entry.nextAttemptAt > clock()) return { sent: 0, rejected: 0, stop: 'backoff', retryAt: entry.nextAttemptAt };
      if (online) {
        entry.sent = true;
        return { sent: 1, rejected: 0, stop: 'empty' };
      }
      entry.attempts += 1;
      entry.nextAttemptAt = clock() + Math.min(60_000, 1_000 * 2 ** (entry.attempts - 1));
      return { sent: 0, rejected: 0, stop: 'retry', retryAt: entry.nextAttemptAt };
    });
    const clearBackoff = async () => {
      entry.attempts = 0;
      entry.nextAttemptAt = 0;
    };
    return { entry, flush, clearBackoff, goOnline: () => (online = true) };
  }

  it('sends queued work within 2 s of the connection returning, however long the backoff had grown', async () => {
    vi.useFakeTimers();
    const listeners = new Map<string, () => void>();
    vi.stubGlobal('addEventListener', (type: string, listener: () => void) => listeners.set(type, listener));
    vi.stubGlobal('removeEventListener', (type: string) => listeners.delete(type));
    vi.stubGlobal('document', { visibilityState: 'visible', addEventListener: () => {}, removeEventListener: () => {} });
    try {
      const queue = offlineQueue(Date.now);
      const runner = createOutboxRunner({ flush: queue.flush, clearBackoff: queue.clearBackoff });
      const stop = watchOutboxTriggers(runner);
      // Ten minutes offline: the tries fail and the backoff reaches its cap of a minute.
      await vi.advanceTimersByTimeAsync(10 * 60_000);
      expect(queue.entry.attempts).toBeGreaterThan(6);
      expect(queue.entry.sent).toBe(false);
      // Just after a failed try: the next one is about a minute away.
      await vi.advanceTimersToNextTimerAsync();
      queue.goOnline();
      listeners.get('online')?.();
      await vi.advanceTimersByTimeAsync(2_000);
      expect(queue.entry.sent).toBe(true);
      stop();
      runner.stop();
    } finally {
      vi.useRealTimers();
      vi.unstubAllGlobals();
    }
  });

  it('a realtime reconnect wakes the queue the same way', async () => {
    vi.useFakeTimers();
    try {
      const queue = offlineQueue(Date.now);
      const runner = createOutboxRunner({ flush: queue.flush, clearBackoff: queue.clearBackoff });
      await runner.poke();
      await vi.advanceTimersByTimeAsync(5 * 60_000);
      queue.goOnline();
      await runner.wake();
      expect(queue.entry.sent).toBe(true);
      runner.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
