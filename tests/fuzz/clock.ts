/**
 * Virtual time for the runners and the replayer: `now()` only moves when the fuzz loop advances it, and timers fire
 * only then, in order of due time. Nothing waits for the wall clock.
 */
interface Timer {
  id: number;
  tab: number;
  due: number;
  callback: () => void;
}

export class VirtualClock {
  private time: number;
  private nextId = 1;
  private timers: Timer[] = [];

  constructor(start: number) {
    this.time = start;
  }

  now = (): number => this.time;

  /** The setTimer/clearTimer pair one tab's runner gets. */
  timersFor(tab: number): { setTimer: (callback: () => void, ms: number) => unknown; clearTimer: (handle: unknown) => void } {
    return {
      setTimer: (callback, ms) => {
        const timer: Timer = { id: this.nextId++, tab, due: this.time + Math.max(0, ms), callback };
        this.timers.push(timer);
        return timer.id;
      },
      clearTimer: (handle) => {
        this.timers = this.timers.filter((timer) => timer.id !== handle);
      },
    };
  }

  /** A closed tab's timers never fire. */
  dropTab(tab: number): void {
    this.timers = this.timers.filter((timer) => timer.tab !== tab);
  }

  /** When the earliest timer is due, or null when none is set. */
  nextDue(): number | null {
    return this.timers.reduce<number | null>((min, timer) => (min === null || timer.due < min ? timer.due : min), null);
  }

  pending(): number {
    return this.timers.length;
  }

  /** Moves time forward by `ms` and fires, in due order, every timer that is due by then. Returns how many fired. */
  advance(ms: number): number {
    this.time += Math.max(0, ms);
    let fired = 0;
    for (;;) {
      const due = this.timers.filter((timer) => timer.due <= this.time).sort((a, b) => a.due - b.due || a.id - b.id)[0];
      if (!due) return fired;
      this.timers = this.timers.filter((timer) => timer !== due);
      fired += 1;
      due.callback();
    }
  }

  /** Moves time to the earliest timer and fires it (and any due at the same time). */
  advanceToNext(): number {
    const due = this.nextDue();
    if (due === null) return 0;
    return this.advance(Math.max(0, due - this.time));
  }
}
