import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { createOutboxRunner } from '../../../src/sync/outbox/runner.ts';
import { OUTBOX_LOCK } from '../../../src/sync/outbox/sender.ts';
import { watchOutboxTriggers } from '../../../src/sync/outbox/page.ts';
import { flushOutbox, type FlushReport } from '../../../src/sync/outbox/replayer.ts';
import { clearBackoff } from '../../../src/sync/outbox/app-outbox.ts';
import type { ApplierRegistry } from '../../../src/sync/outbox/appliers.ts';
import type { OutboxTransport } from '../../../src/api/outbox-transport.ts';
import { AppDb } from '../../../src/db/app-db.ts';
import { VirtualClock } from '../../fuzz/clock.ts';
import { queueNote, storeSession } from './helpers/outbox-notes.ts';

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
   * One queued note on a real store, sent by the real replayer (its real backoff: 1 s, 2 s, 4 s … up to a minute,
   * here without jitter) through a transport that fails while offline; the runner's timers and the replayer's clock
   * are one virtual clock, so nothing waits for real time.
   */
  async function offlineQueue(name: string) {
    const clock = new VirtualClock(1_700_000_000_000);
    const db = new AppDb(name);
    await storeSession(db, 'u1');
    const mutationId = await queueNote(db, 'u1', 'offline');
    let online = false;
    const sent: number[] = [];
    const transport: OutboxTransport = async (request) => {
      if (!online) return null;
      sent.push(Number(request.headers['Idempotency-Key']?.split(':').at(-1)));
      return { status: 201, body: { status: 'success', message: '' } };
    };
    const appliers: ApplierRegistry = { note: {} };
    const timers = clock.timersFor(1);
    const runner = createOutboxRunner({
      flush: () => flushOutbox({ db, transport, appliers, now: clock.now, random: () => 1 }),
      clearBackoff: () => clearBackoff(db),
      setTimer: timers.setTimer,
      clearTimer: timers.clearTimer,
      now: clock.now,
    });
    /** Fires the due timers over `ms` of virtual time, letting each flush they start finish. */
    const passTime = async (ms: number) => {
      const until = clock.now() + ms;
      for (let due = clock.nextDue(); due !== null && due <= until; due = clock.nextDue()) {
        clock.advance(due - clock.now());
        await runner.poke();
      }
      clock.advance(Math.max(0, until - clock.now()));
    };
    const entry = () => db.outbox.get(mutationId);
    return { db, clock, runner, passTime, entry, sent, mutationId, goOnline: () => (online = true) };
  }

  it('sends queued work within 2 s of the connection returning, however long the backoff had grown', async () => {
    const listeners = new Map<string, () => void>();
    vi.stubGlobal('addEventListener', (type: string, listener: () => void) => listeners.set(type, listener));
    vi.stubGlobal('removeEventListener', (type: string) => listeners.delete(type));
    vi.stubGlobal('document', { visibilityState: 'visible', addEventListener: () => {}, removeEventListener: () => {} });
    const queue = await offlineQueue(`reconnect-online-${Date.now()}`);
    try {
      const stop = watchOutboxTriggers(queue.runner);
      await queue.runner.poke();
      // Ten minutes offline: the tries fail and the real backoff reaches its cap of a minute.
      await queue.passTime(10 * 60_000);
      const waiting = await queue.entry();
      expect(waiting?.attempts).toBeGreaterThan(6);
      expect((waiting?.nextAttemptAt ?? 0) - queue.clock.now()).toBeGreaterThan(2_000);
      expect(queue.sent).toEqual([]);
      queue.goOnline();
      listeners.get('online')?.();
      await queue.passTime(2_000);
      await queue.runner.poke();
      expect(queue.sent).toEqual([queue.mutationId]);
      expect(await queue.entry()).toBeUndefined();
      stop();
    } finally {
      queue.runner.stop();
      queue.db.close();
      vi.unstubAllGlobals();
    }
  });

  it('a realtime reconnect wakes the queue the same way', async () => {
    const queue = await offlineQueue(`reconnect-realtime-${Date.now()}`);
    try {
      await queue.runner.poke();
      await queue.passTime(5 * 60_000);
      expect(queue.sent).toEqual([]);
      queue.goOnline();
      await queue.runner.wake();
      expect(queue.sent).toEqual([queue.mutationId]);
    } finally {
      queue.runner.stop();
      queue.db.close();
    }
  });
});
