import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Link, useParams } from 'wouter';
import { Trans } from '@lingui/react/macro';
import type { Mensagem } from '../../contract/schemas/chats.ts';
import { MessageList } from '../components/chat/MessageList.tsx';
import { RequireModerator } from '../components/moderation/RequireModerator.tsx';
import { translateServerMessage } from '../i18n/server-message.ts';
import { loadSupportConversations, loadSupportMessages, selfIdAtom } from '../state/moderation.ts';
import type { ChatMessage } from '../state/community.ts';
import '../components/moderation/moderation.css';
import '../components/chat/chat.css';

function decodeHandle(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

function asChatMessage(message: Mensagem): ChatMessage {
  return {
    id: message.id,
    sortKey: `${message.createdAt}|${message.id}`,
    senderId: message.sender.id,
    senderName: message.sender.nome,
    mensagem: message.mensagem,
    imagens: message.imagens,
    createdAt: message.createdAt,
    recurso: message.recurso,
    sync: 'sent',
  };
}

/**
 * /moderador/conversas/{nomeUsuario}: one of the moderator's support conversations, read here; the reply goes
 * through the ordinary direct chat (Responder).
 */
export default function ModeratorConversation() {
  return (
    <RequireModerator>
      <SupportConversation />
    </RequireModerator>
  );
}

function SupportConversation() {
  const { nomeUsuario: raw = '' } = useParams<{ nomeUsuario: string }>();
  const nomeUsuario = decodeHandle(raw);
  const selfId = useAtomValue(selfIdAtom);
  const [messages, setMessages] = useState<ChatMessage[] | null>(null);
  const [name, setName] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    setMessages(null);
    void (async () => {
      const list = await loadSupportConversations();
      if (!current) return;
      if (!list.ok) {
        setProblem(list.message);
        setMessages([]);
        return;
      }
      const conversa = list.data.find((c) => c.primeiroUsuario.nomeUsuario === nomeUsuario || c.segundoUsuario.nomeUsuario === nomeUsuario);
      if (!conversa) {
        setMessages([]);
        return;
      }
      const other = conversa.primeiroUsuario.nomeUsuario === nomeUsuario ? conversa.primeiroUsuario : conversa.segundoUsuario;
      setName(other.nome);
      const result = await loadSupportMessages(conversa.id);
      if (!current) return;
      if (result.ok) setMessages(result.data.map(asChatMessage));
      else {
        setProblem(result.message);
        setMessages([]);
      }
    })();
    return () => {
      current = false;
    };
  }, [nomeUsuario]);

  return (
    <section className="mod-support-page" aria-labelledby="mod-conversation-title">
      <div className="page-head">
        <h1 className="page-title" id="mod-conversation-title">
          {name ?? `@${nomeUsuario}`}
        </h1>
        <div className="row">
          <Link href="/moderador/conversas">
            <Trans>Voltar às conversas</Trans>
          </Link>
          <Link className="button button-small" href={`/dashboard/comunidade/conversas/${encodeURIComponent(nomeUsuario)}`}>
            <Trans>Responder</Trans>
          </Link>
        </div>
      </div>
      {problem && <p className="notice">{translateServerMessage(problem)}</p>}
      {messages === null && (
        <p className="muted" aria-live="polite">
          <Trans>A carregar…</Trans>
        </p>
      )}
      {messages !== null && messages.length === 0 && !problem && (
        <p className="notice">
          <Trans>Ainda não há mensagens com este usuario.</Trans>
        </p>
      )}
      {messages !== null && messages.length > 0 && <MessageList messages={messages} selfId={selfId} />}
    </section>
  );
}
