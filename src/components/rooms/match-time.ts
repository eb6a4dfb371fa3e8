import { eventClock, eventDay } from '../../lib/format.ts';

/**
 * A match's kick-off as the app shows event times (Angola's time, SPEC §9): the clock alone on the same day, with the
 * day in front otherwise ("sáb., 28/11 20:00").
 */
export function kickoffLabel(isoDate: string, locale: string, now = Date.now()): string {
  const day = eventDay(isoDate);
  if (!day) return eventClock(isoDate);
  if (day === eventDay(new Date(now).toISOString())) return eventClock(isoDate);
  const date = new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'pt-PT', { weekday: 'short', day: '2-digit', month: '2-digit', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
  return `${date} ${eventClock(isoDate)}`;
}

/** The score as "1 - 0" (a started match without goals reported yet counts as 0). */
export function scoreLabel(event: { home_goals: number | null; away_goals: number | null }): string {
  return `${event.home_goals ?? 0} - ${event.away_goals ?? 0}`;
}
