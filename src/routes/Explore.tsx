import { useEffect } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Trans } from '@lingui/react/macro';
import { refreshUpcomingEventsAtom, upcomingEventsAtom, upcomingEventsMetaAtom } from '../state/events.ts';
import { onlineAtom } from '../state/network.ts';
import { PENDING } from '../state/live-atom.ts';
import { REFRESH_LISTS_MS } from '../../contract/limits.ts';
import { EventList } from '../components/events/EventList.tsx';
import { LastUpdated } from '../components/LastUpdated.tsx';

/** Explore (skeleton): the seeded upcoming events, read from the phone and refreshed from the server when online. */
export default function Explore() {
  const events = useAtomValue(upcomingEventsAtom);
  const meta = useAtomValue(upcomingEventsMetaAtom);
  const online = useAtomValue(onlineAtom);
  const refresh = useSetAtom(refreshUpcomingEventsAtom);

  useEffect(() => {
    if (!online) return;
    void refresh();
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void refresh();
    }, REFRESH_LISTS_MS);
    return () => clearInterval(timer);
  }, [online, refresh]);

  const loaded = meta !== PENDING && meta !== undefined;
  return (
    <section className="page">
      <div className="page-head">
        <h1 className="page-title">
          <Trans>Explorar</Trans>
        </h1>
        {loaded && <LastUpdated at={meta.refreshedAt} error={meta.error} />}
      </div>
      <h2 className="section-title">
        <Trans>Próximos jogos</Trans>
      </h2>
      {events === PENDING ? null : events.length > 0 ? (
        <EventList events={events} />
      ) : (
        <p className="notice">
          {online ? <Trans>Sem jogos para mostrar.</Trans> : <Trans>Ainda não há jogos guardados neste telemóvel. Liga-te à internet para os ver.</Trans>}
        </p>
      )}
    </section>
  );
}
