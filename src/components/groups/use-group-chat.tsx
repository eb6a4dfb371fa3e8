import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useLocation } from 'wouter';
import { Trans } from '@lingui/react/macro';
import { REFRESH_LISTS_MS } from '../../../contract/limits.ts';
import { MSG } from '../../../contract/messages.ts';
import { countersAtom, pullMessagesAtom, resetCounterAtom, sendMessageAtom } from '../../state/community.ts';
import { groupAtom, groupMetaAtom, joinGroupAtom, markGroupSeenAtom, refreshGroupAtom, type GroupView } from '../../state/groups.ts';
import { sessionUserAtom } from '../../state/session.ts';
import { onlineAtom } from '../../state/network.ts';
import { showToastAtom } from '../../state/toasts.ts';
import { PENDING } from '../../state/live-atom.ts';
import { translateServerMessage } from '../../i18n/server-message.ts';
import { useRefreshWhileVisible } from '../use-refresh-while-visible.ts';
import type { ComposedMessage } from '../chat/Composer.tsx';
import { useChatMessages } from '../chat/use-chat-messages.ts';

/** What the last pull of the group found, beyond the group itself (see refreshGroupAtom). */
export type Finding = 'removed' | 'gone' | 'missing' | null;

/** Why this user cannot write here, or null when they can (a non-member of an open group gets a join button instead). */
function composerNotice(group: GroupView | null): ReactNode {
  if (!group) return null;
  if (group.local) return <Trans>Este grupo ainda não chegou ao servidor. Poderás escrever nele assim que for enviado.</Trans>;
  if (group.meuPapel === null) return translateServerMessage(MSG.groupJoinFirst);
  if (group.allowedSenders === 'admins' && group.meuPapel === 'normal') return translateServerMessage(MSG.groupAdminsOnly);
  return null;
}

/**
 * A group chat's data and what its controls do (SPEC §2, §4): the group and its messages from the phone's store,
 * refreshed while shown, the unread counter and the list's marker cleared on reading, sending, joining and paging
 * back. The screen (routes/GroupChat.tsx) only lays it out.
 */
export function useGroupChat(id: string) {
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
  const [finding, setFinding] = useState<Finding>(null);
  const [joining, setJoining] = useState(false);

  const group = stored === PENDING ? null : stored;
  const serverId = group && !group.local ? group.id : null;
  // A page opened on the local id of a group that has reached the server moves to its server id.
  useEffect(() => {
    if (group && group.id !== id) navigate(`/dashboard/comunidade/grupos/${encodeURIComponent(group.id)}`, { replace: true });
  }, [group, id, navigate]);

  const canRead = !!group && !group.local && !group.mustPay && finding !== 'gone';
  const chat = useChatMessages(`grupo:${id}`, canRead ? { chatType: 'grupo', chatId: id } : null, online);
  const messages = chat.messages;

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

  // A group made on this phone whose creation was discarded has no row and never will.
  const gone = finding === 'gone' || finding === 'missing' || id.startsWith('local:') || (!group && meta !== PENDING && meta?.error === MSG.notFound);
  return {
    user,
    online,
    group,
    pending: stored === PENDING,
    serverId,
    finding,
    gone,
    messages,
    messagesPending: chat.pending,
    hasOlder: chat.hasOlder,
    onReachTop: chat.loadOlder,
    onSend,
    onJoin,
    joining,
    notice,
    mayJoin,
  };
}
