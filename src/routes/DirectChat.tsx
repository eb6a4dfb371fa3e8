import { useEffect, useMemo, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Link, useParams } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { normalizeUsername } from '../../contract/normalize.ts';
import { conversationsAtom, markConversationReadAtom, messagesAtom, openConversationAtom, pullMessagesAtom, sendMessageAtom } from '../state/community.ts';
import { sessionUserAtom } from '../state/session.ts';
import { onlineAtom } from '../state/network.ts';
import { onlineUserIdsAtom } from '../state/realtime.ts';
import { showToastAtom } from '../state/toasts.ts';
import { PENDING } from '../state/live-atom.ts';
import { translateServerMessage } from '../i18n/server-message.ts';
import { MessageList } from '../components/chat/MessageList.tsx';
import { Composer, type ComposedMessage } from '../components/chat/Composer.tsx';
import { useChatMessages } from '../components/chat/use-chat-messages.ts';
import '../components/chat/chat.css';
import { byCodeUnits } from '../lib/compare.ts';

const PAGE = 50;

/** /dashboard/comunidade/conversas/{nomeUsuario}: the direct chat, readable and writable offline. */
export default function DirectChat() {
  const params = useParams<{ nomeUsuario: string }>();
  const nomeUsuario = normalizeUsername(decodeURIComponent(params.nomeUsuario ?? ''));
  const user = useAtomValue(sessionUserAtom);
  const online = useAtomValue(onlineAtom);
  const onlineIds = useAtomValue(onlineUserIdsAtom);
  const conversations = useAtomValue(conversationsAtom);
  const openConversation = useSetAtom(openConversationAtom);
  const pull = useSetAtom(pullMessagesAtom);
  const send = useSetAtom(sendMessageAtom);
  const markRead = useSetAtom(markConversationReadAtom);
  const showToast = useSetAtom(showToastAtom);
  const [problem, setProblem] = useState<string | null>(null);
  const { t } = useLingui();

  const conversation = useMemo(() => {
    if (conversations === PENDING || !user) return undefined;
    return conversations.find((row) => (row.primeiroUsuario.id === user.id ? row.segundoUsuario : row.primeiroUsuario).nomeUsuario === nomeUsuario);
  }, [conversations, nomeUsuario, user]);
  const other = conversation && user ? (conversation.primeiroUsuario.id === user.id ? conversation.segundoUsuario : conversation.primeiroUsuario) : null;

  const chatKey = conversation ? (`conversa:${conversation.id}` as const) : (`conversa:@${nomeUsuario}` as const);
  const chat = useChatMessages(chatKey, conversation ? { chatType: 'conversa', chatId: conversation.id } : null, online);
  const waiting = useAtomValue(useMemo(() => messagesAtom(`conversa:@${nomeUsuario}`, PAGE), [nomeUsuario]));
  const messages = useMemo(() => {
    const all = [...chat.messages, ...(conversation && waiting !== PENDING ? waiting : [])];
    return all.sort((a, b) => byCodeUnits(a.sortKey, b.sortKey));
  }, [chat.messages, waiting, conversation]);

  useEffect(() => {
    if (!online || !nomeUsuario) return;
    if (!conversation) {
      void openConversation(nomeUsuario).then((result) => setProblem('message' in result ? result.message : null));
      return;
    }
    void pull({ chatType: 'conversa', chatId: conversation.id });
  }, [online, conversation, nomeUsuario, openConversation, pull]);

  useEffect(() => {
    if (conversation?.novaMensagem) void markRead(conversation.id);
  }, [conversation?.id, conversation?.novaMensagem, markRead]);

  const onSend = async ({ mensagem, imagens }: ComposedMessage) => {
    const target = conversation ? { chatType: 'conversa' as const, chatId: conversation.id } : { conversaWith: nomeUsuario };
    const result = await send({ target, mensagem, imagens });
    if (!result.ok) showToast({ kind: 'error', text: translateServerMessage(result.message) });
    return result.ok;
  };

  return (
    <section className="chat-page">
      <header className="chat-head">
        <Link href="/dashboard/comunidade/conversas" className="icon-button" aria-label={t`Voltar às conversas`}>
          ←
        </Link>
        <h1 className="chat-title">
          {other?.nome ?? `@${nomeUsuario}`}
          {other && onlineIds.has(other.id) && (
            <span className="presence">
              {' '}
              <Trans>online</Trans>
            </span>
          )}
        </h1>
      </header>
      {problem && !conversation && <p className="notice">{translateServerMessage(problem)}</p>}
      {messages.length === 0 && !chat.pending && (
        <p className="muted empty-chat">
          <Trans>Ainda não há mensagens. Diz olá!</Trans>
        </p>
      )}
      {user && <MessageList messages={messages} selfId={user.id} hasOlder={chat.hasOlder} onReachTop={chat.loadOlder} />}
      <Composer onSend={onSend} disabled={!user} />
    </section>
  );
}
