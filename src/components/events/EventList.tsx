import { useLingui } from '@lingui/react/macro';
import type { Event } from '../../../contract/schemas/events.ts';
import { eventDay } from '../../lib/format.ts';
import { EventRow } from './EventRow.tsx';

function groupByDay(events: Event[]): [string, Event[]][] {
  const days = new Map<string, Event[]>();
  for (const event of events) {
    const day = eventDay(event.date);
    days.set(day, [...(days.get(day) ?? []), event]);
  }
  return [...days.entries()];
}

export function EventList({ events }: { events: Event[] }) {
  const { i18n } = useLingui();
  const dayLabel = (day: string) =>
    new Intl.DateTimeFormat(i18n.locale === 'en' ? 'en-GB' : 'pt-PT', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      timeZone: 'UTC',
    }).format(new Date(`${day}T00:00:00Z`));
  return (
    <div className="event-days">
      {groupByDay(events).map(([day, list]) => (
        <section key={day} className="event-day" aria-label={dayLabel(day)}>
          <h3 className="event-day-title">{dayLabel(day)}</h3>
          <ul className="event-list">
            {list.map((event) => (
              <EventRow key={event.id} event={event} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
