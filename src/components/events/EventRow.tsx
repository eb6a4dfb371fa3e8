import { Link } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import type { Event } from '../../../contract/schemas/events.ts';
import { eventClock, formatOdds } from '../../lib/format.ts';

/** A match with its 1X2 odds; the list around it makes its `<li>`. `first` and `last` round its day's box. */
export function EventRow({ event, first, last }: { event: Event; first: boolean; last: boolean }) {
  const { t } = useLingui();
  const odds = (event.status === 'LIVE' || event.status === 'HT') && event.odds_live ? event.odds_live : event.odds;
  const live = event.status === 'LIVE' || event.status === 'HT';
  return (
    <div className={['event-row', first ? 'event-row-first' : '', last ? 'event-row-last' : ''].filter(Boolean).join(' ')}>
      <Link href={`/explorar/${event.id}`} className="event-link">
        <span className="event-time">{live ? (event.status === 'HT' ? t`Intervalo` : `${event.elapsed ?? 0}'`) : eventClock(event.date)}</span>
        <span className="event-teams">
          <span className="event-team">{event.home_name}</span>
          <span className="event-team">{event.away_name}</span>
          <span className="event-competition">{event.competition_name}</span>
        </span>
        {live && (
          <span className="event-score">
            {event.home_goals ?? 0}-{event.away_goals ?? 0}
          </span>
        )}
      </Link>
      <div className="event-odds" aria-label={t`Odds do resultado final`}>
        <span className="odd">
          <small>1</small>
          {formatOdds(odds.home)}
        </span>
        <span className="odd">
          <small>X</small>
          {formatOdds(odds.draw)}
        </span>
        <span className="odd">
          <small>2</small>
          {formatOdds(odds.away)}
        </span>
      </div>
    </div>
  );
}
