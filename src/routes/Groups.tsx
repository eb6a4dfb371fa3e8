import { useMemo, useRef, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Link } from 'wouter';
import { WindowVirtualizer, type WindowVirtualizerHandle } from 'virtua';
import { Trans, useLingui } from '@lingui/react/macro';
import { REFRESH_LISTS_MS } from '../../contract/limits.ts';
import { GROUP_FILTERS, type GroupFilter } from '../lib/group-lists.ts';
import { groupListAtom, groupListMetaAtom, loadMoreGroupsAtom, refreshGroupListAtom } from '../state/groups.ts';
import { sessionUserAtom } from '../state/session.ts';
import { onlineAtom } from '../state/network.ts';
import { showToastAtom } from '../state/toasts.ts';
import { PENDING } from '../state/live-atom.ts';
import { useRefreshWhileVisible } from '../components/use-refresh-while-visible.ts';
import { CommunityTabs } from '../components/chat/CommunityTabs.tsx';
import { LastUpdated } from '../components/LastUpdated.tsx';
import { ListSkeleton } from '../components/list/ListSkeleton.tsx';
import { listView } from '../components/list/list-view.ts';
import { GroupRow } from '../components/groups/GroupRow.tsx';
import '../components/chat/chat.css';
import '../components/groups/groups.css';
import { Tabs } from '../components/Tabs.tsx';

const FILTER_KEY = 'grupos:filtro';
/** How many rows before the end of the list the next page is asked for. */
const AHEAD = 8;

function storedFilter(): GroupFilter {
  try {
    const value = sessionStorage.getItem(FILTER_KEY);
    return GROUP_FILTERS.includes(value as GroupFilter) ? (value as GroupFilter) : 'tudo';
  } catch {
    return 'tudo';
  }
}

/**
 * /dashboard/comunidade/grupos: the groups of a sub-filter (tudo, subscricoes, meus) from the phone's store,
 * refreshed every 30 s while visible, with infinite scroll by pages of 50 (SPEC §4 Lists), virtualised.
 */
export default function Groups() {
  const [filter, setFilter] = useState<GroupFilter>(storedFilter);
  const rows = useAtomValue(groupListAtom(filter));
  const meta = useAtomValue(useMemo(() => groupListMetaAtom(filter), [filter]));
  const user = useAtomValue(sessionUserAtom);
  const online = useAtomValue(onlineAtom);
  const refresh = useSetAtom(refreshGroupListAtom);
  const loadMore = useSetAtom(loadMoreGroupsAtom);
  const showToast = useSetAtom(showToastAtom);
  const handle = useRef<WindowVirtualizerHandle>(null);
  const loading = useRef(false);
  const { t } = useLingui();

  useRefreshWhileVisible(online, REFRESH_LISTS_MS, filter, (isCurrent, first) => {
    void refresh({ filter, force: !first }).then((outcome) => {
      if (outcome === 'error' && first && isCurrent()) showToast({ kind: 'error', text: t`Não foi possivel carregar os grupos` });
    });
  });

  const list = rows === PENDING ? [] : rows;
  const info = meta === PENDING ? undefined : meta;
  const view = listView({ rows, meta, online });
  const canPage = online && info !== undefined && info.pages !== undefined && info.error === null && !info.noMore;

  const more = () => {
    if (!canPage || loading.current) return;
    loading.current = true;
    void loadMore(filter).then((outcome) => {
      loading.current = false;
      // SPEC §4 Lists: a failed page says so and paging stops (until a refresh succeeds).
      if (outcome === 'error') showToast({ kind: 'error', text: t`Não foi possivel carregar mais grupos` });
    });
  };

  const onScroll = () => {
    const view = handle.current;
    if (!view || list.length === 0) return;
    const lastShown = view.findItemIndex(view.scrollOffset + view.viewportSize);
    if (lastShown >= list.length - AHEAD) more();
  };

  const choose = (next: GroupFilter) => {
    setFilter(next);
    try {
      sessionStorage.setItem(FILTER_KEY, next);
    } catch {
      // Without storage the filter simply resets next time.
    }
  };
  const labels: Record<GroupFilter, string> = { tudo: t`Tudo`, subscricoes: t`Subscrições`, meus: t`Meus` };

  return (
    <section className="page groups-page">
      <CommunityTabs />
      <div className="page-head">
        <h1 className="page-title">
          <Trans>Grupos</Trans>
        </h1>
        <Link href="/dashboard/comunidade/grupos/criargrupo" className="button button-small">
          <Trans>Criar grupo</Trans>
        </Link>
      </div>
      {info && <LastUpdated at={info.refreshedAt} error={info.error === null ? null : info.error} />}
      <Tabs label={t`Filtrar grupos`} tabs={GROUP_FILTERS} labels={labels} selected={filter} onSelect={choose} />
      {view === 'skeleton' ? (
        <ListSkeleton />
      ) : view === 'not-on-phone' ? (
        <p className="notice">
          <Trans>Ainda não há grupos neste telemóvel: liga-te uma vez.</Trans>
        </p>
      ) : view === 'empty' ? (
        <p className="notice">
          {filter === 'meus' ? (
            <Trans>Ainda não criaste grupos.</Trans>
          ) : filter === 'subscricoes' ? (
            <Trans>Ainda não fazes parte de nenhum grupo.</Trans>
          ) : (
            <Trans>Ainda não há grupos.</Trans>
          )}
        </p>
      ) : (
        <div className="grp-list">
          <WindowVirtualizer ref={handle} as="ul" item="li" data={list} onScroll={onScroll} onScrollEnd={onScroll}>
            {(group) => <GroupRow key={group.id} group={group} selfId={user?.id ?? ''} />}
          </WindowVirtualizer>
        </div>
      )}
      {list.length > 0 && canPage && (
        <button type="button" className="button button-small button-secondary groups-more" onClick={more}>
          <Trans>Mostrar mais grupos</Trans>
        </button>
      )}
      {list.length > 0 && info?.noMore && (
        <p className="muted groups-end">
          <Trans>Não há mais grupos.</Trans>
        </p>
      )}
    </section>
  );
}
