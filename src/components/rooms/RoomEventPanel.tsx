import '../../i18n/betting-catalog.ts';
import { Link } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Room } from '../../../contract/schemas/rooms.ts';
import { EventStatus } from '../events/EventStatus.tsx';
import { LastUpdated } from '../LastUpdated.tsx';
import { eventClock } from '../../lib/format.ts';
import { kickoffLabel, scoreLabel } from './match-time.ts';
import '../betting/betting.css';

/**
 * The Evento tab: the room's match as it stands (status, minute, score, kick-off in Angola's time) and a link to its
 * page.
 */
export function RoomEventPanel({ room, refreshedAt, error }: { room: Room; refreshedAt: number; error: string | null }) {
  const { t, i18n } = useLingui();
  const event = room.evento;
  if (!event) {
    return (
      <p className="notice">
        <Trans>Os dados deste jogo não estão disponíveis.</Trans>
      </p>
    );
  }
  const started = event.status !== 'NS';
  const kickoff = kickoffLabel(event.date, i18n.locale);
  return (
    <div className="event-card room-event">
      <p className="event-card-competition">{event.competition_name}</p>
      <p className="event-card-teams">
        <span className="team home">{event.home_name}</span>
        <span className="event-card-score" aria-label={started ? t`Resultado` : t`Hora`}>
          {started ? scoreLabel(event) : eventClock(event.date)}
        </span>
        <span className="team away">{event.away_name}</span>
      </p>
      <div className="event-card-meta">
        <EventStatus status={event.status} date={event.date} elapsed={event.elapsed} />
        <span className="muted small">
          <Trans>Início:</Trans> <time dateTime={event.date}>{kickoff}</time>
        </span>
      </div>
      <LastUpdated at={refreshedAt} error={error} />
      <Link href={`/explorar/${encodeURIComponent(event.id)}`} className="button button-small button-secondary">
        <Trans>Ver página do jogo</Trans>
      </Link>
    </div>
  );
}
