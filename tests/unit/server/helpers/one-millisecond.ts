import { vi } from 'vitest';

/**
 * Runs `write` with the clock stopped, so everything it writes is stamped with one millisecond: a list ordered by
 * time and a random id would come back in any order, only a server-given place keeps the written order.
 */
export async function inOneMillisecond<T>(write: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['Date'] });
  const start = Date.now();
  try {
    const result = await write();
    if (Date.now() !== start) throw new Error('the clock moved while it was meant to be stopped');
    return result;
  } finally {
    vi.useRealTimers();
  }
}
