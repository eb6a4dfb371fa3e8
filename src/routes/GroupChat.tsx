import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Link, useLocation, useParams } from 'wouter';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { REFRESH_LISTS_MS } from '../../contract/limits.ts';
import { MSG } from '../../contract/messages.ts';
import { chatMetaAtom, countersAtom, messagesAtom, pullMessagesAtom, resetCounterAtom, sendMessageAtom } from '../state/community.ts';
import { groupAtom, groupMetaAtom, joinGroupAtom, markGroupSeenAtom, refreshGroupAtom, type GroupView } from '../state/groups.ts';
import { sessionUserAtom } from '../state/session.ts';
import { onlineAtom } from '../state/network.ts';
import { showToastAtom } from '../state/toasts.ts';
import { PENDING } from '../state/live-atom.ts';
import { translateServerMessage } from '../i18n/server-message.ts';
import { useRefreshWhileVisible } from '../components/use-refresh-while-visible.ts';
import { MessageList } from '../components/chat/MessageList.tsx';
import { Composer, type ComposedMessage } from '../components/chat/Composer.tsx';
import { GroupDrawer } from '../components/groups/GroupDrawer.tsx';
import { GroupPaywall } from '../components/groups/GroupPaywall.tsx';
import { GroupImage } from '../components/groups/GroupImage.tsx';
import { Icon } from '../components/Icon.tsx';
import { GroupSyncLabel } from '../components/groups/GroupSyncLabel.tsx';
import '../components/chat/chat.css';
import '../components/groups/groups.css';

const PAGE = 50;

/** What the last pull of the group found, beyond the group itself (see refreshGroupAtom). */
type Finding = 'removed' | 'gone' | 'missing' | null;

function BackToGroups() {
  return (
    <Link href="/dashboard/comunidade/grupos">
      <Trans>Voltar aos grupos</Trans>
    </Link>
  );
}

/** Why this user cannot write here, or null when they can (a non-member of an open group gets a join button instead). */
function composerNotice(group: GroupView | null): ReactNode {
  if (!group) return null;
  if (group.local) return <Trans>Este grupo ainda não chegou ao servidor. Poderás escrever nele assim que for enviado.</Trans>;
  if (group.meuPapel === null) return translateServerMessage(MSG.groupJoinFirst);
  if (group.allowedSenders === 'admins' && group.meuPapel === 'normal') return translateServerMessage(MSG.groupAdminsOnly);
  return null;
}

/** /dashboard/comunidade/grupos/{grupoId}: the group chat, readable and writable offline (SPEC §2, §4). */
export default function GroupChat() {
  const params = useParams<{ grupoId: string }>();
  const id = decodeURIComponent(params.grupoId ?? '');
  const [, navigate] = useLocation();
  const user = useAtomValue(sessionUserAtom);
  const online = useAtomValue(onlineAtom);
  const stored = useAtomValue(groupAtom(id));
  const meta = useAtomValue(useMemo(() => groupMetaAtom(id), [id]));
  const counters = useAtomValue(countersAtom);
  const refreshGroup = useSetAtom(refreshGroupAtom);
  const pull = useSetAtom(pullMessagesAtom);
  const send = useSetAtom(sendMessageAtom);
  const join = useSetAtom(joinGroupAtom);
  const resetCounter = useSetAtom(resetCounterAtom);
  const markSeen = useSetAtom(markGroupSeenAtom);
  const showToast = useSetAtom(showToastAtom);
  const [limit, setLimit] = useState(PAGE);
  const [finding, setFinding] = useState<Finding>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [joining, setJoining] = useState(false);
  const { t } = useLingui();

  const group = stored === PENDING ? null : stored;
  const serverId = group && !group.local ? group.id : null;
  // A page opened on the local id of a group that has reached the server moves to its server id.
  useEffect(() => {
    if (group && group.id !== id) navigate(`/dashboard/comunidade/grupos/${encodeURIComponent(group.id)}`, { replace: true });
  }, [group, id, navigate]);

  const chatKey = `grupo:${id}` as const;
  const known = useAtomValue(useMemo(() => messagesAtom(chatKey, limit), [chatKey, limit]));
  const chatMeta = useAtomValue(useMemo(() => chatMetaAtom(chatKey), [chatKey]));
  const messages = known === PENDING ? [] : known;
  const canRead = !!group && !group.local && !group.mustPay && finding !== 'gone';

  // The group's detail and members on open and every 30 s while visible; its messages too once it may be read.
  // The group leaving the store while the page is open (left, deleted from the drawer) asks again at once.
  const [losses, setLosses] = useState(0);
  const wasStored = useRef(false);
  // Once this page has shown the group, an id the server no longer knows is a deleted group, whichever pull (this
  // page's, or the outbox's refused message) took it off the phone first.
  const hadGroup = useRef(false);
  useEffect(() => {
    if (stored === PENDING) return;
    if (stored === null && wasStored.current) setLosses((count) => count + 1);
    wasStored.current = stored !== null;
    if (stored !== null) hadGroup.current = true;
  }, [stored]);
  useRefreshWhileVisible(online && !id.startsWith('local:'), REFRESH_LISTS_MS, `${id}:${losses}`, (isCurrent) => {
    void refreshGroup(id).then((outcome) => {
      if (!isCurrent()) return;
      if (outcome === 'missing' && hadGroup.current) setFinding('gone');
      else if (outcome === 'removed' || outcome === 'gone' || outcome === 'missing') setFinding(outcome);
      else if (outcome === 'loaded') setFinding((current) => (current === 'removed' ? current : null));
    });
  });
  useRefreshWhileVisible(online && canRead, REFRESH_LISTS_MS, `${id}:mensagens`, () => void pull({ chatType: 'grupo', chatId: id }));

  // Opening the group reads it: its unread count goes (SPEC §4), and so does its marker in the list.
  const unreadCount = counters.get('newGroupMessage') ?? 0;
  useEffect(() => {
    if (canRead && unreadCount > 0) void resetCounter('newGroupMessage');
  }, [canRead, unreadCount, resetCounter]);
  const newest = messages.at(-1)?.createdAt ?? '';
  const lastAt = group?.lastMessageAt ?? '';
  useEffect(() => {
    const upTo = newest > lastAt ? newest : lastAt;
    if (canRead && upTo) void markSeen({ id, upTo });
  }, [canRead, id, newest, lastAt, markSeen]);

  const onJoin = () => {
    setJoining(true);
    void join(id).then((result) => {
      setJoining(false);
      if (result.ok) setFinding(null);
      else showToast({ kind: 'error', text: translateServerMessage(result.message) });
    });
  };
  const notice = composerNotice(group);
  const mayJoin = !!group && !group.local && group.meuPapel === null && !group.privado;

  const onSend = async ({ mensagem, imagens }: ComposedMessage) => {
    const result = await send({ target: { chatType: 'grupo', chatId: id }, mensagem, imagens });
    if (!result.ok) showToast({ kind: 'error', text: translateServerMessage(result.message) });
    return result.ok;
  };

  const info = chatMeta === PENDING ? undefined : chatMeta;
  const hasOlder = messages.length >= limit || (info !== undefined && info.noMore === false && !!info.cursor);
  const onReachTop = () => {
    setLimit((value) => value + PAGE);
    if (online && canRead) {
      void pull({ chatType: 'grupo', chatId: id, older: true }).then((outcome) => {
        if (outcome === 'error') showToast({ kind: 'error', text: t`Não foi possivel carregar mensagens anteriores` });
      });
    }
  };

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

  // A group made on this phone whose creation was discarded has no row and never will.
  const gone = finding === 'gone' || finding === 'missing' || id.startsWith('local:') || (!group && meta !== PENDING && meta?.error === MSG.notFound);
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
        {stored !== PENDING && (
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
      <header className="chat-head grp-chat-head">
        <Link href="/dashboard/comunidade/grupos" className="icon-button" aria-label={t`Voltar aos grupos`}>
          ←
        </Link>
        <GroupImage nome={group.nome} imagem={group.imagem} size="head" />
        <div className="grp-chat-title">
          <h1>{group.nome}</h1>
          <span>
            {group.privado ? <Trans>Privado</Trans> : <Trans>Aberto</Trans>}
            {' · '}
            <Plural value={group.totalUsuarios} one="# membro" other="# membros" />
            {group.local && (
              <>
                {' · '}
                <GroupSyncLabel sync={group.sync} error={group.syncError} />
              </>
            )}
          </span>
        </div>
        {serverId && (
          <button
            type="button"
            className="button button-small button-secondary grp-details-button"
            aria-label={t`Detalhes do grupo`}
            aria-haspopup="dialog"
            onClick={() => setDrawerOpen(true)}
          >
            <Icon name="community" size={18} />
            <span aria-hidden="true" className="grp-details-text">
              <Trans>Detalhes do grupo</Trans>
            </span>
          </button>
        )}
      </header>
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
          {messages.length === 0 && known !== PENDING && (
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
