import { useEffect, useRef, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import { COUNTER_RESET_DELAY_MS, REFRESH_LISTS_MS } from '../../contract/limits.ts';
import {
  loadOlderNotificationsAtom,
  markNotificationsSeenAtom,
  notificationsAtom,
  notificationsMetaAtom,
  refreshNotificationsAtom,
} from '../state/notifications.ts';
import { countersAtom } from '../state/community.ts';
import { onlineAtom } from '../state/network.ts';
import { PENDING } from '../state/live-atom.ts';
import { useRefreshWhileVisible } from '../components/use-refresh-while-visible.ts';
import { LastUpdated } from '../components/LastUpdated.tsx';
import { ListSkeleton } from '../components/list/ListSkeleton.tsx';
import { listView } from '../components/list/list-view.ts';
import { NotificationRow } from '../components/notifications/NotificationRow.tsx';
import { VirtualList } from '../components/list/VirtualList.tsx';
import '../components/notifications/notifications.css';

/**
 * /dashboard/notifications: the user's notifications from the phone's store, newest first, refreshed every 30 s
 * while shown, virtualised; older pages of 50 as the reader scrolls (or with the button). Once the list has been on
 * screen for 2 s, what it shows unread is marked read (through the outbox, so also offline) and its unread counter
 * goes to 0. Unread ones stay marked as new for the rest of the visit.
 */
export default function Notifications() {
  const { t } = useLingui();
  const rows = useAtomValue(notificationsAtom);
  const meta = useAtomValue(notificationsMetaAtom);
  const counters = useAtomValue(countersAtom);
  const online = useAtomValue(onlineAtom);
  const refresh = useSetAtom(refreshNotificationsAtom);
  const loadOlder = useSetAtom(loadOlderNotificationsAtom);
  const markSeen = useSetAtom(markNotificationsSeenAtom);
  const [newThisVisit, setNewThisVisit] = useState<ReadonlySet<string>>(new Set());
  const [loading, setLoading] = useState(false);
  const paging = useRef({ loading: false, failed: false });

  // Until this visit's first refresh has answered, an unread counter above zero says the list is not empty.
  const [answered, setAnswered] = useState(false);
  useRefreshWhileVisible(online, REFRESH_LISTS_MS, 'notificacoes', (_isCurrent, first) => {
    void refresh({ force: !first }).finally(() => setAnswered(true));
  });

  const list = rows === PENDING ? [] : rows;
  const unreadIds = list.filter((n) => !n.lida).map((n) => n.id);
  const unreadCount = (counters.get('newNotification') ?? 0) + (counters.get('newReportMade') ?? 0) + (counters.get('newReportAgainst') ?? 0);
  const view = listView({ rows, meta, online, expected: answered ? 0 : unreadCount });
  const pendingKey = rows === PENDING ? '' : `${unreadIds.join(',')}|${unreadCount}`;

  // Seen: COUNTER_RESET_DELAY_MS (2 s) on screen (and the tab visible) with something unread, the list's or the counter's.
  useEffect(() => {
    if (pendingKey === '' || pendingKey === '|0') return;
    const ids = pendingKey.split('|')[0]?.split(',').filter(Boolean) ?? [];
    const timer = setTimeout(() => {
      if (document.visibilityState !== 'visible') return;
      setNewThisVisit((known) => new Set([...known, ...ids]));
      void markSeen(ids);
    }, COUNTER_RESET_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pendingKey, markSeen]);

  const more = async () => {
    if (paging.current.loading) return;
    paging.current.loading = true;
    setLoading(true);
    try {
      // SPEC §4 Lists: a failed page stops paging on scroll (the button still asks again; the error shows above).
      paging.current.failed = (await loadOlder()) === 'error';
    } finally {
      paging.current.loading = false;
      setLoading(false);
    }
  };

  const hasOlder = meta !== PENDING && meta !== undefined && meta.cursor !== undefined && meta.cursor !== null && !meta.noMore;
  return (
    <section className="page" aria-labelledby="notifications-title">
      <div className="page-head">
        <h1 className="page-title" id="notifications-title">
          <Trans>Notificações</Trans>
        </h1>
        {meta !== PENDING && meta && <LastUpdated at={meta.refreshedAt} error={meta.error} />}
      </div>
      {view === 'skeleton' ? (
        <ListSkeleton />
      ) : view === 'not-on-phone' ? (
        <p className="notice">
          <Trans>Ainda não há notificações neste telemóvel: liga-te uma vez.</Trans>
        </p>
      ) : view === 'empty' ? (
        <p className="notice">
          <Trans>Ainda não tens notificações.</Trans>
        </p>
      ) : (
        <VirtualList
          items={list}
          itemKey={(item) => item.id}
          className="notification-list"
          aria-label={t`Notificações`}
          itemProps={() => ({ className: 'notification-item' })}
          gap={6}
          onEndReached={() => {
            if (hasOlder && online && !paging.current.failed) void more();
          }}
        >
          {(item) => <NotificationRow item={item} unread={!item.lida || newThisVisit.has(item.id)} />}
        </VirtualList>
      )}
      {hasOlder && (
        <button type="button" className="button button-secondary button-small notifications-more" onClick={() => void more()} disabled={loading || !online}>
          <Trans>Ver mais notificações</Trans>
        </button>
      )}
    </section>
  );
}
