// Event status display (SPEC §4 Event status): NS counts down to kick-off, LIVE shows the elapsed minutes, HT is
// half-time, FT ended, anything else is suspended. LIVE and HT show live odds.

export type EventPhase = 'not-started' | 'live' | 'half-time' | 'finished' | 'suspended';

export function eventPhase(status: string): EventPhase {
  switch (status) {
    case 'NS':
      return 'not-started';
    case 'LIVE':
      return 'live';
    case 'HT':
      return 'half-time';
    case 'FT':
      return 'finished';
    default:
      return 'suspended';
  }
}

export function usesLiveOdds(status: string): boolean {
  return status === 'LIVE' || status === 'HT';
}

/** Whether selections can be added: only before kick-off or while the match is played with live prices. */
export function isBettable(status: string): boolean {
  return status === 'NS' || usesLiveOdds(status);
}

export interface Countdown {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Time left until kick-off, or null once it is due. */
export function countdownTo(kickOffIso: string, now: number): Countdown | null {
  const left = Date.parse(kickOffIso) - now;
  if (!Number.isFinite(left) || left <= 0) return null;
  const total = Math.floor(left / 1000);
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

const two = (value: number) => String(value).padStart(2, '0');

/** 02:13:45 within a day; 3d 04h beyond. */
export function formatCountdown(countdown: Countdown): string {
  if (countdown.days > 0) return `${countdown.days}d ${two(countdown.hours)}h`;
  return `${two(countdown.hours)}:${two(countdown.minutes)}:${two(countdown.seconds)}`;
}
