import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Link } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Conversation } from '../../contract/schemas/chats.ts';
import { RequireModerator } from '../components/moderation/RequireModerator.tsx';
import { translateServerMessage } from '../i18n/server-message.ts';
import { messageTime } from '../lib/format.ts';
import { loadSupportConversations, selfIdAtom } from '../state/moderation.ts';
import { onlineAtom } from '../state/network.ts';
import '../components/moderation/moderation.css';

/** /moderador/conversas: the moderator's own conversations with users (support), most recent first. */
export default function ModeratorConversations() {
  return (
    <RequireModerator>
      <SupportConversations />
    </RequireModerator>
  );
}

function SupportConversations() {
  const { t } = useLingui();
  const selfId = useAtomValue(selfIdAtom);
  const online = useAtomValue(onlineAtom);
  const [list, setList] = useState<Conversation[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    void loadSupportConversations().then((result) => {
      if (!current) return;
      if (result.ok) {
        setList(result.data);
        setProblem(null);
      } else {
        // A list that failed to load is not an empty one: the problem says why nothing shows.
        setProblem(result.message);
      }
    });
    return () => {
      current = false;
    };
  }, [online]);

  return (
    <section className="page" aria-labelledby="mod-conversations-title">
      <div className="page-head">
        <h1 className="page-title" id="mod-conversations-title">
          <Trans>Conversas de apoio</Trans>
        </h1>
      </div>
      <p className="muted">
        <Trans>As tuas conversas com os usuarios. As mensagens de outras pessoas só se vêem através de uma denúncia.</Trans>
      </p>
      {problem && <p className="notice">{translateServerMessage(problem)}</p>}
      {list === null ? (
        !problem && (
          <p className="muted" aria-live="polite">
            <Trans>A carregar…</Trans>
          </p>
        )
      ) : list.length === 0 ? (
        <p className="notice">
          <Trans>Ainda não tens conversas.</Trans>
        </p>
      ) : (
        <ul className="mod-conversations" aria-label={t`Conversas de apoio`}>
          {list.map((conversa) => {
            const other = conversa.primeiroUsuario.id === selfId ? conversa.segundoUsuario : conversa.primeiroUsuario;
            return (
              <li key={conversa.id}>
                <Link className="mod-conversation" href={`/moderador/conversas/${other.nomeUsuario}`}>
                  <strong>
                    {other.nome} <span className="muted">@{other.nomeUsuario}</span>
                  </strong>
                  <span>{translateServerMessage(conversa.lastMessage.message)}</span>
                  {conversa.lastMessageAt && <span className="muted">{messageTime(conversa.lastMessageAt)}</span>}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
