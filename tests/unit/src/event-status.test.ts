import { describe, expect, it } from 'vitest';
import { countdownTo, eventPhase, formatCountdown, isBettable, usesLiveOdds } from '../../../src/lib/event-status.ts';
import { eventClock } from '../../../src/lib/format.ts';

describe('event status (SPEC §4)', () => {
  it('reads NS, LIVE, HT and FT, and anything else as suspended', () => {
    expect(['NS', 'LIVE', 'HT', 'FT', 'ABD', 'PST', ''].map(eventPhase)).toEqual([
      'not-started',
      'live',
      'half-time',
      'finished',
      'suspended',
      'suspended',
      'suspended',
    ]);
  });

  it('shows live odds only for LIVE and HT, and takes bets only before the end', () => {
    expect(['NS', 'LIVE', 'HT', 'FT', 'ABD'].map(usesLiveOdds)).toEqual([false, true, true, false, false]);
    expect(['NS', 'LIVE', 'HT', 'FT', 'ABD'].map(isBettable)).toEqual([true, true, true, false, false]);
  });

  it('counts down to kick-off, and stops once it is due', () => {
    const now = Date.parse('2026-11-21T10:00:00Z');
    expect(countdownTo('2026-11-21T12:13:45Z', now)).toEqual({ days: 0, hours: 2, minutes: 13, seconds: 45 });
    expect(formatCountdown({ days: 0, hours: 2, minutes: 3, seconds: 5 })).toBe('02:03:05');
    expect(formatCountdown({ days: 3, hours: 4, minutes: 0, seconds: 0 })).toBe('3d 04h');
    expect(countdownTo('2026-11-21T10:00:00Z', now)).toBeNull();
    expect(countdownTo('not a date', now)).toBeNull();
  });

  it('shows event times in UTC+1, 23 wrapping to 00', () => {
    expect(eventClock('2026-11-21T23:30:00Z')).toBe('00:30');
    expect(eventClock('2026-11-21T14:05:00Z')).toBe('15:05');
  });
});
