import { DAY_MS, parseDay, utcDay } from '../lib/time.ts';
import { windowEnd } from '../slips/tips.ts';

// Days as the app shows them (SPEC §9: Angola's time all year). Derived from the tip window's "hoje", which ends at
// Angola's midnight (server/slips/tips.ts, with the offset of contract/angola-time.ts).

export interface DayBounds {
  /** YYYY-MM-DD in Angola. */
  day: string;
  start: Date;
  end: Date;
}

/** The Angola day containing `instant`. */
export function angolaDayOf(instant: Date): DayBounds {
  const end = windowEnd('hoje', instant);
  const start = new Date(end.getTime() - DAY_MS);
  // Any instant well inside the day has its date: midday of the day is 12 hours after its start.
  return { day: utcDay(new Date(start.getTime() + DAY_MS / 2)), start, end };
}

/** The Angola day written YYYY-MM-DD; null when it is not a calendar day. */
export function angolaDay(day: string): DayBounds | null {
  const utcMidnight = parseDay(day);
  // Midday UTC lies inside the Angola day of the same date whatever the (small) offset.
  return utcMidnight ? angolaDayOf(new Date(utcMidnight.getTime() + DAY_MS / 2)) : null;
}
