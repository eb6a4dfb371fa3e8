import { useRef, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import { REFRESH_LISTS_MS } from '../../contract/limits.ts';
import { loadMoreRoomsAtom, refreshRoomsAtom, roomListAtom, roomListStateAtom } from '../state/rooms.ts';
import { sessionUserAtom } from '../state/session.ts';
import { onlineAtom } from '../state/network.ts';
import { showToastAtom } from '../state/toasts.ts';
import { PENDING } from '../state/live-atom.ts';
import { translateServerMessage } from '../i18n/server-message.ts';
import { useRefreshWhileVisible } from '../components/use-refresh-while-visible.ts';
import { CommunityTabs } from '../components/chat/CommunityTabs.tsx';
import { LastUpdated } from '../components/LastUpdated.tsx';
import { ListSkeleton } from '../components/list/ListSkeleton.tsx';
import { listView } from '../components/list/list-view.ts';
import { RoomList } from '../components/rooms/RoomList.tsx';
import '../components/chat/chat.css';
import '../components/rooms/rooms.css';

/**
 * /dashboard/comunidade/salas: the rooms of live and upcoming matches from the phone's store, refreshed every 30 s
 * while shown, with infinite scroll by pages of 50 (SPEC §4 Lists: a failed page shows a toast and paging stops).
 */
export default function Rooms() {
  const rooms = useAtomValue(roomListAtom);
  const state = useAtomValue(roomListStateAtom);
  const user = useAtomValue(sessionUserAtom);
  const online = useAtomValue(onlineAtom);
  const refresh = useSetAtom(refreshRoomsAtom);
  const loadMore = useSetAtom(loadMoreRoomsAtom);
  const showToast = useSetAtom(showToastAtom);
  const [loading, setLoading] = useState(false);
  const busy = useRef(false);
  const { t } = useLingui();

  useRefreshWhileVisible(online, REFRESH_LISTS_MS, 'salas', (_isCurrent, first) => void refresh({ force: !first }));

  const list = rooms === PENDING ? [] : rooms;
  const listState = state === PENDING ? null : state;
  const view = listView({ rows: rooms, meta: state, online });
  // Paging stops at the end, after a failed page (until a refresh succeeds), and offline.
  const canPage = online && !!listState && !listState.noMore && listState.error === null;

  const nextPage = async () => {
    if (busy.current || !canPage) return;
    busy.current = true;
    setLoading(true);
    const result = await loadMore();
    busy.current = false;
    setLoading(false);
    if (result.outcome === 'error') showToast({ kind: 'error', text: result.message ? translateServerMessage(result.message) : t`Não foi possivel carregar mais salas.` });
  };

  return (
    <section className="page">
      <CommunityTabs />
      <div className="page-head">
        <h1 className="page-title">
          <Trans>Salas de jogos</Trans>
        </h1>
        {listState && <LastUpdated at={listState.refreshedAt} error={listState.error} />}
      </div>
      {view === 'skeleton' ? (
        <ListSkeleton />
      ) : view === 'not-on-phone' ? (
        <p className="notice">
          <Trans>Ainda não há salas de jogos neste telemóvel: liga-te uma vez.</Trans>
        </p>
      ) : view === 'empty' ? (
        <p className="notice">
          <Trans>Não há salas de jogos abertas agora.</Trans>
        </p>
      ) : (
        <RoomList rooms={list} selfId={user?.id ?? null} onEndReached={canPage ? () => void nextPage() : undefined} />
      )}
      {loading && <span className="spinner-small" role="status" aria-label={t`A carregar mais salas`} />}
    </section>
  );
}
