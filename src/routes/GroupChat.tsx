import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { MessageList } from '../components/chat/MessageList.tsx';
import { Composer } from '../components/chat/Composer.tsx';
import { GroupDrawer } from '../components/groups/GroupDrawer.tsx';
import { GroupPaywall } from '../components/groups/GroupPaywall.tsx';
import { GroupChatHeader } from '../components/groups/GroupChatHeader.tsx';
import { useGroupChat } from '../components/groups/use-group-chat.tsx';
import '../components/chat/chat.css';
import '../components/groups/groups.css';

function BackToGroups() {
  return (
    <Link href="/dashboard/comunidade/grupos">
      <Trans>Voltar aos grupos</Trans>
    </Link>
  );
}

/** /dashboard/comunidade/grupos/{grupoId}: the group chat, readable and writable offline (SPEC §2, §4). */
export default function GroupChat() {
  const params = useParams<{ grupoId: string }>();
  const id = decodeURIComponent(params.grupoId ?? '');
  const { user, online, group, pending, serverId, finding, gone, messages, messagesPending, hasOlder, onReachTop, onSend, onJoin, joining, notice, mayJoin } =
    useGroupChat(id);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { t } = useLingui();

  // Own messages still on their way (or refused): shown even where the conversation is not (paywall, group gone).
  const unsent = messages.filter((message) => message.senderId === user?.id && message.sync !== 'sent');
  const unsentList = user && unsent.length > 0 && (
    <div className="grp-unsent">
      <h2 className="section-title">
        <Trans>As tuas mensagens por enviar</Trans>
      </h2>
      <MessageList messages={unsent} selfId={user.id} showSenders />
    </div>
  );

  if (!group) {
    return (
      <section className="chat-page">
        <header className="chat-head">
          <Link href="/dashboard/comunidade/grupos" className="icon-button" aria-label={t`Voltar aos grupos`}>
            ←
          </Link>
          <h1 className="chat-title">
            <Trans>Grupo</Trans>
          </h1>
        </header>
        {!pending && (
          <p className="notice" role="status">
            {finding === 'gone' ? (
              <Trans>Este grupo já não existe.</Trans>
            ) : gone ? (
              <Trans>Grupo não encontrado.</Trans>
            ) : online ? (
              <Trans>A carregar o grupo…</Trans>
            ) : (
              <Trans>Este grupo ainda não está guardado neste telemóvel. Abre-o quando tiveres rede.</Trans>
            )}{' '}
            <BackToGroups />
          </p>
        )}
        {unsentList}
      </section>
    );
  }

  return (
    <section className="chat-page grp-chat">
      <GroupChatHeader group={group} serverId={serverId} onDetails={() => setDrawerOpen(true)} />
      {finding === 'removed' && (
        <p className="notice" role="status">
          <Trans>Já não fazes parte deste grupo.</Trans> <BackToGroups />
        </p>
      )}
      {finding === 'gone' && (
        <p className="notice" role="status">
          <Trans>Este grupo já não existe.</Trans> <BackToGroups />
        </p>
      )}
      {group.mustPay && !group.local ? (
        <>
          <GroupPaywall group={group} />
          {unsentList}
        </>
      ) : (
        <>
          {user && <MessageList messages={messages} selfId={user.id} showSenders onReachTop={onReachTop} hasOlder={hasOlder} />}
          {messages.length === 0 && !messagesPending && (
            <p className="muted empty-chat">
              {group.local ? <Trans>Ainda não há mensagens.</Trans> : <Trans>Ainda não há mensagens. Diz olá!</Trans>}
            </p>
          )}
          {finding === 'gone' ? null : mayJoin ? (
            <div className="grp-join">
              <button type="button" className="button button-block" onClick={onJoin} disabled={!online || joining}>
                <Trans>Entrar no grupo</Trans>
              </button>
              {!online && (
                <p className="muted">
                  <Trans>Precisas de rede para entrar no grupo.</Trans>
                </p>
              )}
            </div>
          ) : (
            <Composer onSend={onSend} disabled={!user} notice={notice} />
          )}
        </>
      )}
      {serverId && <GroupDrawer groupId={serverId} open={drawerOpen} onClose={() => setDrawerOpen(false)} />}
    </section>
  );
}
