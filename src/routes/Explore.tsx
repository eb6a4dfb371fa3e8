import '../i18n/betting-catalog.ts';
import { useRefreshWhileVisible } from '../components/use-refresh-while-visible.ts';
import { useLayoutEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useAtomValue, useSetAtom } from 'jotai';
import { useLingui } from '@lingui/react';
import { Trans, useLingui as useLinguiMacro } from '@lingui/react/macro';
import { refreshUpcomingEventsAtom, upcomingEventsAtom } from '../state/events.ts';
import {
  absorbExploreParamsAtom,
  dateOptionAtom,
  exploreFiltersAtom,
  exploreMetaAtom,
  privilegedAtom,
  refreshCompetitionsAtom,
  refreshExploreAtom,
  setExploreFiltersAtom,
} from '../state/explore.ts';
import { onlineAtom } from '../state/network.ts';
import { PENDING } from '../state/live-atom.ts';
import { REFRESH_LISTS_MS } from '../../contract/limits.ts';
import { exploreRequest, fichaCategoriesFor, type ExploreRequest } from '../lib/explore-filters.ts';
import { EventList } from '../components/events/EventList.tsx';
import { LastUpdated } from '../components/LastUpdated.tsx';
import { BetFilters } from '../components/explore/BetFilters.tsx';
import { ExploreResults } from '../components/explore/ExploreResults.tsx';
import { CATEGORY_LABELS, PAGE_LABELS } from '../components/explore/filter-labels.ts';
import '../components/betting/betting.css';
import '../components/explore/explore.css';
import { Tabs } from '../components/Tabs.tsx';
import { Icon } from '../components/Icon.tsx';

const UPCOMING_SHOWN = 30;
/** The tabs in the order SPEC §2 names them (the default, fichas, comes from SPEC §5). */
const PAGE_TABS = ['apostas', 'fichas', 'comunidade'] as const;

/** Keeps the current search fresh while the page is open (SPEC §9: lists every 30 s). */
function useRefresh(request: ExploreRequest, online: boolean) {
  const refresh = useSetAtom(refreshExploreAtom);
  const refreshEvents = useSetAtom(refreshUpcomingEventsAtom);
  const refreshCompetitions = useSetAtom(refreshCompetitionsAtom);
  // The request is a new object each render; its key says when the search changed.
  useRefreshWhileVisible(online, REFRESH_LISTS_MS, request.key, (_isCurrent, first) => {
    void refresh({ request });
    void refreshEvents();
    if (first) void refreshCompetitions();
  });
}

/** /explorar: tips, slips and the community (SPEC §2 Explore page), then the next matches. */
export default function Explore() {
  const absorb = useSetAtom(absorbExploreParamsAtom);
  const filters = useAtomValue(exploreFiltersAtom);
  const set = useSetAtom(setExploreFiltersAtom);
  const dateOption = useAtomValue(dateOptionAtom);
  const privileged = useAtomValue(privilegedAtom);
  const online = useAtomValue(onlineAtom);
  const events = useAtomValue(upcomingEventsAtom);
  const { i18n } = useLingui();
  const { t } = useLinguiMacro();

  // SPEC §2: the parameters go to session storage and the URL becomes plain /explorar, without a reload; the search
  // tag stays in it (it is the search box's value, so a link can carry a search).
  const searchTag = new URLSearchParams(useSearch()).get('searchTag') ?? '';
  const [, navigate] = useLocation();
  const withTag = (tag: string) => (tag ? `/explorar?${new URLSearchParams({ searchTag: tag }).toString()}` : '/explorar');
  useLayoutEffect(() => {
    if (absorb(location.search)) history.replaceState(history.state, '', withTag(new URLSearchParams(location.search).get('searchTag') ?? ''));
  }, [absorb]);

  const request = exploreRequest(filters, dateOption);
  const meta = useAtomValue(exploreMetaAtom(request.key));
  useRefresh(request, online);

  return (
    <section className="page explore-page">
      <div className="page-head">
        <h1 className="page-title">
          <Trans>Explorar</Trans>
        </h1>
        {meta !== PENDING && meta && <LastUpdated at={meta.refreshedAt} error={meta.error} />}
      </div>

      <Tabs
        label={t`Explorar`}
        tabs={PAGE_TABS}
        labels={{ apostas: PAGE_LABELS.apostas(i18n), fichas: PAGE_LABELS.fichas(i18n), comunidade: PAGE_LABELS.comunidade(i18n) }}
        selected={filters.pageComponent}
        onSelect={(page) => set({ pageComponent: page })}
        className="page-tabs"
      />

      {filters.pageComponent === 'apostas' && <BetFilters />}
      {filters.pageComponent === 'fichas' && (
        <div className="chips" role="group" aria-label={t`Categoria`}>
          {fichaCategoriesFor(privileged).map((category) => (
            <button key={category} type="button" className="chip" aria-pressed={filters.fichaCategoria === category} onClick={() => set({ fichaCategoria: category })}>
              {CATEGORY_LABELS[category](i18n)}
            </button>
          ))}
        </div>
      )}

      <div className="field explore-search">
        <label htmlFor="explore-search">
          <Trans>Pesquisar</Trans>
        </label>
        <span className="explore-search-box">
          <Icon name="search" size={18} />
          <input
            id="explore-search"
            type="search"
            placeholder={t`Equipa, competição ou @utilizador`}
            value={searchTag}
          autoComplete="off"
          enterKeyHint="search"
            onChange={(event) => navigate(withTag(event.target.value), { replace: true })}
          />
        </span>
      </div>

      <ExploreResults request={request} online={online} searchTag={searchTag} />

      <h2 className="section-title">
        <Trans>Próximos jogos</Trans>
      </h2>
      {events === PENDING ? null : events.length > 0 ? (
        <EventList events={events.slice(0, UPCOMING_SHOWN)} />
      ) : (
        <p className="notice">
          {online ? <Trans>Sem jogos para mostrar.</Trans> : <Trans>Ainda não há jogos guardados neste telemóvel. Liga-te à internet para os ver.</Trans>}
        </p>
      )}
    </section>
  );
}
