/**
 * Web Locks for several tabs of one origin, as the browser gives them: a request waits until the named lock is free
 * (FIFO), the holder keeps it until its callback settles, and a tab that dies releases what it holds at once and its
 * waiting requests vanish (they never settle: the page that made them is gone).
 */
interface Waiter {
  tab: number;
  callback: (lock: Lock | null) => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

interface Grant {
  tab: number;
}

export class LockHub {
  private readonly holders = new Map<string, Grant>();
  private readonly queues = new Map<string, Waiter[]>();
  private readonly dead = new Set<number>();
  private readonly listeners = new Set<() => void>();

  /** The LockManager a tab sees (navigator.locks of that page). */
  managerFor(tab: number): LockManager {
    const request = (name: string, ...rest: unknown[]): Promise<unknown> => {
      const callback = rest.at(-1) as (lock: Lock | null) => unknown;
      if (typeof callback !== 'function') throw new TypeError('lock request without a callback');
      if (rest.length > 1) {
        const options = rest[0] as LockOptions | undefined;
        if (options?.mode === 'shared' || options?.ifAvailable || options?.steal || options?.signal) {
          throw new Error('the fuzz LockHub only implements exclusive, waiting requests');
        }
      }
      return new Promise((resolve, reject) => {
        if (this.dead.has(tab)) return; // A dead page's request never settles.
        this.queueOf(name).push({ tab, callback, resolve, reject });
        this.pump(name);
      });
    };
    return {
      request: request as LockManager['request'],
      query: async () => ({
        held: [...this.holders].map(([name]) => ({ name, mode: 'exclusive' as const, clientId: '' })),
        pending: [...this.queues].flatMap(([name, queue]) => queue.map(() => ({ name, mode: 'exclusive' as const, clientId: '' }))),
      }),
    };
  }

  /** The tab holding `name`, or null. */
  holder(name: string): number | null {
    return this.holders.get(name)?.tab ?? null;
  }

  waiting(name: string): number[] {
    return (this.queues.get(name) ?? []).map((waiter) => waiter.tab);
  }

  /** Whether nobody holds `name` and nobody waits for it. */
  idle(name: string): boolean {
    return !this.holders.has(name) && (this.queues.get(name)?.length ?? 0) === 0;
  }

  /** The tab is closed: its locks are released, its waiting requests dropped. */
  kill(tab: number): void {
    this.dead.add(tab);
    for (const [name, queue] of this.queues) {
      this.queues.set(
        name,
        queue.filter((waiter) => waiter.tab !== tab),
      );
    }
    for (const [name, grant] of [...this.holders]) {
      if (grant.tab === tab) {
        this.holders.delete(name);
        this.pump(name);
      }
    }
    this.changed();
  }

  /** Called whenever a lock is granted or released. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private queueOf(name: string): Waiter[] {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = [];
      this.queues.set(name, queue);
    }
    return queue;
  }

  private pump(name: string): void {
    if (this.holders.has(name)) return;
    const waiter = this.queueOf(name).shift();
    if (!waiter) return;
    const grant: Grant = { tab: waiter.tab };
    this.holders.set(name, grant);
    this.changed();
    const release = () => {
      if (this.holders.get(name) !== grant) return; // Already released by the tab's death.
      this.holders.delete(name);
      this.pump(name);
      this.changed();
    };
    void Promise.resolve()
      .then(() => waiter.callback({ name, mode: 'exclusive' }))
      .then(
        (value) => {
          release();
          // A dead page runs no more code: what its callback did after the death goes nowhere.
          if (!this.dead.has(waiter.tab)) waiter.resolve(value);
        },
        (error: unknown) => {
          release();
          if (!this.dead.has(waiter.tab)) waiter.reject(error);
        },
      );
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}
