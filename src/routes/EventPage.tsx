import '../i18n/betting-catalog.ts';
import { useRefreshWhileVisible } from '../components/use-refresh-while-visible.ts';
import { useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Link, useParams } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { eventDetailAtom, refreshEventDetailAtom } from '../state/slips.ts';
import { eventMetaAtom } from '../state/explore.ts';
import { onlineAtom } from '../state/network.ts';
import { PENDING } from '../state/live-atom.ts';
import { REFRESH_LIVE_MS } from '../../contract/limits.ts';
import { usesLiveOdds } from '../lib/event-status.ts';
import { eventClock, eventDay } from '../lib/format.ts';
import { EventStatus } from '../components/events/EventStatus.tsx';
import { MarketList } from '../components/events/MarketList.tsx';
import { LiveWidget } from '../components/events/LiveWidget.tsx';
import { LastUpdated } from '../components/LastUpdated.tsx';
import { Icon } from '../components/Icon.tsx';
import { EventUpdateForm } from '../components/moderation/EventUpdateForm.tsx';
import '../components/betting/betting.css';

/** /explorar/{eventId}: the match, its status, every market, and the live widget on request (SPEC §2, §4). */
export default function EventPage() {
  const { eventId = '' } = useParams<{ eventId: string }>();
  const stored = useAtomValue(eventDetailAtom(eventId));
  const meta = useAtomValue(eventMetaAtom(eventId));
  const online = useAtomValue(onlineAtom);
  const refresh = useSetAtom(refreshEventDetailAtom);
  const { t, i18n } = useLingui();
  const [missing, setMissing] = useState(false);
  const [widget, setWidget] = useState(false);
  const live = stored !== PENDING && stored !== undefined && usesLiveOdds(stored.data.status);

  useRefreshWhileVisible(online && !!eventId, REFRESH_LIVE_MS, `${eventId}:${live}`, (isCurrent) =>
    void refresh({ id: eventId, live }).then((outcome) => {
      if (isCurrent()) setMissing(outcome === 'missing');
    }),
  );

  const back = (
    <Link href="/explorar" className="back-link">
      ← <Trans>Explorar</Trans>
    </Link>
  );
  if (stored === PENDING) return <section className="page">{back}</section>;
  if (!stored) {
    return (
      <section className="page">
        {back}
        <h1 className="page-title">
          <Trans>Evento</Trans>
        </h1>
        {missing ? (
          <p className="notice">
            <Trans>Este evento não existe ou já não está disponível.</Trans>
          </p>
        ) : online ? (
          <span className="spinner-small" aria-label={t`A carregar`} />
        ) : (
          <p className="notice">
            <Trans>Este jogo ainda não foi guardado neste telemóvel. Liga-te à internet para o ver.</Trans>
          </p>
        )}
      </section>
    );
  }

  const event = stored.data;
  const started = event.status !== 'NS';
  const day = new Intl.DateTimeFormat(i18n.locale === 'en' ? 'en-GB' : 'pt-PT', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${eventDay(event.date)}T00:00:00Z`),
  );
  const stats = event.estatisticas;
  return (
    <section className="page event-page">
      {back}
      <div className="event-card">
        <p className="event-card-competition">{event.competition_name}</p>
        <h1 className="event-card-teams">
          <span className="team home">{event.home_name}</span>
          <span className="event-card-score" aria-label={started ? t`Resultado` : t`Hora`}>
            {started ? `${event.home_goals ?? 0} - ${event.away_goals ?? 0}` : eventClock(event.date)}
          </span>
          <span className="team away">{event.away_name}</span>
        </h1>
        <div className="event-card-meta">
          <EventStatus status={event.status} date={event.date} elapsed={event.elapsed} />
          <span className="muted small">
            {day} · {eventClock(event.date)}
          </span>
        </div>
        {stats && (
          <p className="event-card-stats muted small">
            {stats.halftime && (
              <>
                <Trans>Intervalo</Trans> {stats.halftime.home}-{stats.halftime.away} ·{' '}
              </>
            )}
            <Trans>Cantos</Trans> {stats.corners.home}-{stats.corners.away}
          </p>
        )}
        <LastUpdated at={stored.refreshedAt} error={meta !== PENDING && meta ? meta.error : null} />
      </div>

      <div className="live-toggle">
        <button type="button" className="button button-small button-secondary" aria-pressed={widget} onClick={() => setWidget(!widget)}>
          <Icon name="tv" inline />
          {widget ? <Trans>Esconder jogo ao vivo</Trans> : <Trans>Ver jogo ao vivo</Trans>}
        </button>
        {widget &&
          (online ? (
            <LiveWidget eventId={event.id} locale={i18n.locale} />
          ) : (
            <p className="notice">
              <Trans>O widget ao vivo precisa de ligação à internet.</Trans>
            </p>
          ))}
      </div>

      {usesLiveOdds(event.status) && (
        <p className="muted small">
          {event.odds_source === 'prematch' ? <Trans>Odds de antes do jogo: não há odds ao vivo para este jogo</Trans> : <Trans>Odds ao vivo</Trans>}
        </p>
      )}
      {event.mercados.length > 0 ? (
        <MarketList event={event} />
      ) : (
        <p className="notice">
          <Trans>Este jogo já não tem mercados abertos.</Trans>
        </p>
      )}
      <EventUpdateForm eventId={eventId} />
    </section>
  );
}
