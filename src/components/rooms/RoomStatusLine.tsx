import { Trans, useLingui } from '@lingui/react/macro';
import type { Event } from '../../../contract/schemas/events.ts';
import { eventPhase } from '../../lib/event-status.ts';
import { kickoffLabel, scoreLabel } from './match-time.ts';

/**
 * Whether a room's match has not started (with its kick-off in Angola's time), is live (minute and score) or has ended
 * (final score); half-time counts as live, an abandoned or suspended match says so.
 */
export function RoomStatusLine({ event }: { event: Event | null }) {
  const { i18n } = useLingui();
  if (!event) {
    return (
      <span className="room-status muted">
        <Trans>Sem dados do jogo</Trans>
      </span>
    );
  }
  const phase = eventPhase(event.status);
  const score = scoreLabel(event);
  if (phase === 'not-started') {
    const kickoff = kickoffLabel(event.date, i18n.locale);
    return (
      <span className="room-status phase-not-started">
        <Trans>Ainda não começou</Trans> · <time dateTime={event.date}>{kickoff}</time>
      </span>
    );
  }
  if (phase === 'live' || phase === 'half-time') {
    const minute = `${event.elapsed ?? 0}'`;
    return (
      <span className="room-status phase-live">
        <span className="live-dot" aria-hidden="true" />
        <Trans>Ao vivo</Trans> · {phase === 'half-time' ? <Trans>Intervalo</Trans> : minute} · <span className="room-score">{score}</span>
      </span>
    );
  }
  if (phase === 'finished') {
    return (
      <span className="room-status phase-finished">
        <Trans>Terminou</Trans> · <span className="room-score">{score}</span>
      </span>
    );
  }
  return (
    <span className="room-status phase-suspended">
      <Trans>Suspenso</Trans> · <span className="room-score">{score}</span>
    </span>
  );
}
