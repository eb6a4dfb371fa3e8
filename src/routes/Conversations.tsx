import { useState, type FormEvent } from 'react';
import { useRefreshWhileVisible } from '../components/use-refresh-while-visible.ts';
import { useAtomValue, useSetAtom } from 'jotai';
import { useLocation } from 'wouter';
import { WindowVirtualizer } from 'virtua';
import { Trans, useLingui } from '@lingui/react/macro';
import { REFRESH_LISTS_MS } from '../../contract/limits.ts';
import { normalizeUsername } from '../../contract/normalize.ts';
import { conversationsAtom, conversationsMetaAtom, countersAtom, refreshCommunityAtom } from '../state/community.ts';
import { sessionUserAtom } from '../state/session.ts';
import { onlineAtom } from '../state/network.ts';
import { onlineUserIdsAtom } from '../state/realtime.ts';
import { PENDING } from '../state/live-atom.ts';
import { CommunityTabs } from '../components/chat/CommunityTabs.tsx';
import '../components/chat/chat.css';
import { ConversationItem } from '../components/chat/ConversationItem.tsx';
import { ConversationListBox } from '../components/chat/ConversationListBox.tsx';
import { LastUpdated } from '../components/LastUpdated.tsx';
import { ListSkeleton } from '../components/list/ListSkeleton.tsx';
import { listView } from '../components/list/list-view.ts';

/** /dashboard/comunidade/conversas: the user's conversations from the phone's store, refreshed every 30 s. */
export default function Conversations() {
  const rows = useAtomValue(conversationsAtom);
  const meta = useAtomValue(conversationsMetaAtom);
  const user = useAtomValue(sessionUserAtom);
  const online = useAtomValue(onlineAtom);
  const onlineIds = useAtomValue(onlineUserIdsAtom);
  const unread = useAtomValue(countersAtom).get('newMessage') ?? 0;
  const refresh = useSetAtom(refreshCommunityAtom);
  const [, navigate] = useLocation();
  const [handle, setHandle] = useState('');
  const { t } = useLingui();

  // Until this visit's first refresh has answered, an unread counter above zero says the list is not empty.
  const [answered, setAnswered] = useState(false);
  useRefreshWhileVisible(online, REFRESH_LISTS_MS, 'conversas', (_isCurrent, first) => {
    void refresh({ force: !first }).finally(() => setAnswered(true));
  });

  const start = (event: FormEvent) => {
    event.preventDefault();
    const name = normalizeUsername(handle);
    if (name.length >= 3) navigate(`/dashboard/comunidade/conversas/${name}`);
  };

  const list = rows === PENDING ? [] : rows;
  const view = listView({ rows, meta, online, expected: answered ? 0 : unread });
  return (
    <section className="page">
      <CommunityTabs />
      <div className="page-head">
        <h1 className="page-title">
          <Trans>Conversas</Trans>
        </h1>
        {meta !== PENDING && meta && <LastUpdated at={meta.refreshedAt} error={meta.error} />}
      </div>
      <form className="row new-conversation" onSubmit={start}>
        <input
          className="input"
          aria-label={t`Nome de usuario`}
          placeholder={t`Escrever a… (nome de usuario)`}
          value={handle}
          onChange={(event) => setHandle(event.target.value)}
        />
        <button type="submit" className="button button-small">
          <Trans>Abrir</Trans>
        </button>
      </form>
      {view === 'skeleton' ? (
        <ListSkeleton />
      ) : view === 'not-on-phone' ? (
        <p className="notice">
          <Trans>Ainda não há conversas neste telemóvel: liga-te uma vez.</Trans>
        </p>
      ) : view === 'empty' ? (
        <p className="notice">
          <Trans>Ainda não tens conversas.</Trans>
        </p>
      ) : (
        user && (
          // Virtualised (virtua): only the rows near the view are in the page, however many conversations there are.
          <WindowVirtualizer as={ConversationListBox} item="li" data={list}>
            {(conversation) => (
              <ConversationItem
                key={conversation.id}
                bare
                conversation={conversation}
                selfId={user.id}
                online={onlineIds.has(conversation.primeiroUsuario.id === user.id ? conversation.segundoUsuario.id : conversation.primeiroUsuario.id)}
              />
            )}
          </WindowVirtualizer>
        )
      )}
    </section>
  );
}
