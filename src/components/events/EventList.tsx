import { useLingui } from '@lingui/react/macro';
import type { Event } from '../../../contract/schemas/events.ts';
import { dayHeading, eventDay } from '../../lib/format.ts';
import { VirtualList } from '../list/VirtualList.tsx';
import { EventRow } from './EventRow.tsx';
import './events.css';

/** One item of the flat list: a day's heading, or a match with its place in its day (for the day's box). */
type Entry = { kind: 'day'; day: string; first: boolean } | { kind: 'event'; event: Event; first: boolean; last: boolean };

function entriesByDay(events: Event[]): Entry[] {
  const entries: Entry[] = [];
  let day: string | undefined;
  for (const [index, event] of events.entries()) {
    const today = eventDay(event.date);
    const starts = today !== day;
    if (starts) entries.push({ kind: 'day', day: today, first: day === undefined });
    day = today;
    const next = events[index + 1];
    entries.push({ kind: 'event', event, first: starts, last: next === undefined || eventDay(next.date) !== today });
  }
  return entries;
}

/**
 * The matches, by day: one virtualised list (VirtualList) whose items are a day's heading or a match, so however
 * many matches are stored only those near the view are in the page. Each day's matches still read as one box.
 */
export function EventList({ events }: { events: Event[] }) {
  const { i18n } = useLingui();
  return (
    <VirtualList
      items={entriesByDay(events)}
      className="event-days-list"
      itemKey={(entry) => (entry.kind === 'day' ? `day:${entry.day}` : entry.event.id)}
      itemProps={(entry) => ({ className: entry.kind === 'day' ? (entry.first ? 'event-day-item event-day-first' : 'event-day-item') : 'event-item' })}
    >
      {(entry) =>
        entry.kind === 'day' ? (
          <h3 className="event-day-title">{dayHeading(entry.day, i18n.locale)}</h3>
        ) : (
          <EventRow event={entry.event} first={entry.first} last={entry.last} />
        )
      }
    </VirtualList>
  );
}
