import { describe, expect, it, vi } from 'vitest';
import { createOutboxRunner, OUTBOX_LOCK } from '../../../src/sync/outbox/runner.ts';
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
    const stop = watchOutboxTriggers({ poke, stop: () => {} });
    expect(poke).toHaveBeenCalledTimes(1);
    listeners.get('online')?.();
    expect(poke).toHaveBeenCalledTimes(2);
    documentListeners.get('visibilitychange')?.();
    expect(poke).toHaveBeenCalledTimes(2);
    fakeDocument.visibilityState = 'visible';
    documentListeners.get('visibilitychange')?.();
    expect(poke).toHaveBeenCalledTimes(3);
    stop();
    expect(listeners.has('online')).toBe(false);
    vi.unstubAllGlobals();
  });
});
