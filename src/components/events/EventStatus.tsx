import { Trans } from '@lingui/react/macro';
import { countdownTo, eventPhase, formatCountdown } from '../../lib/event-status.ts';
import { useNow } from '../use-now.ts';

function Countdown({ date }: { date: string }) {
  const now = useNow(1000);
  const left = countdownTo(date, now);
  if (!left) return <Trans>A começar</Trans>;
  const time = formatCountdown(left);
  return <Trans>Começa em {time}</Trans>;
}

/** Why a match is off, for the codes a real feed gives (a suspension needs no more words than "Suspenso"). */
function OffReason({ status }: { status: string }) {
  switch (status) {
    case 'PST':
      return <Trans>adiado</Trans>;
    case 'CANC':
      return <Trans>cancelado</Trans>;
    case 'ABD':
      return <Trans>abandonado</Trans>;
    case 'INT':
      return <Trans>interrompido</Trans>;
    case 'AWD':
      return <Trans>decidido na secretaria</Trans>;
    case 'WO':
      return <Trans>falta de comparência</Trans>;
    default:
      return null;
  }
}

const REASONED = new Set(['PST', 'CANC', 'ABD', 'INT', 'AWD', 'WO']);

/** SPEC §4 Event status: NS counts down, LIVE shows the minute, HT, FT, anything else suspended. */
export function EventStatus({ status, date, elapsed }: { status: string; date: string; elapsed: number | null }) {
  const phase = eventPhase(status);
  return (
    <span className={`event-status phase-${phase}`} role="status">
      {phase === 'not-started' && <Countdown date={date} />}
      {phase === 'live' && (
        <>
          <span className="live-dot" aria-hidden="true" />
          <Trans>Ao vivo</Trans> {elapsed ?? 0}&apos;
        </>
      )}
      {phase === 'half-time' && <Trans>Intervalo</Trans>}
      {phase === 'finished' && <Trans>Terminado</Trans>}
      {phase === 'suspended' && (
        <>
          <Trans>Suspenso</Trans>
          {REASONED.has(status) && (
            <>
              {' '}(<OffReason status={status} />)
            </>
          )}
        </>
      )}
    </span>
  );
}
