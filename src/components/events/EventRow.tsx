import { Link } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import type { Event } from '../../../contract/schemas/events.ts';
import { eventClock, formatOdds } from '../../lib/format.ts';

export function EventRow({ event }: { event: Event }) {
  const { t } = useLingui();
  const odds = (event.status === 'LIVE' || event.status === 'HT') && event.odds_live ? event.odds_live : event.odds;
  const live = event.status === 'LIVE' || event.status === 'HT';
  return (
    <li className="event-row">
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
    </li>
  );
}
