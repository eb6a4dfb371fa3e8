import { Link } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Conversation } from '../../../contract/schemas/chats.ts';
import { clockTime } from '../../lib/format.ts';
import { previewText } from './preview.ts';

/**
 * A conversation in the list: the other person, the last message's preview and time, the unread count. `bare` leaves
 * out the `<li>` for a list that makes its own items (the virtualised list of Conversations).
 */
export function ConversationItem({
  conversation,
  selfId,
  online,
  bare = false,
}: {
  conversation: Conversation;
  selfId: string;
  online: boolean;
  bare?: boolean;
}) {
  const { t } = useLingui();
  const other = conversation.primeiroUsuario.id === selfId ? conversation.segundoUsuario : conversation.primeiroUsuario;
  const own = conversation.lastSender?.id === selfId;
  const unread = conversation.lastMessage.count;
  const link = (
      <Link href={`/dashboard/comunidade/conversas/${encodeURIComponent(other.nomeUsuario)}`} className="conversation-item">
        <span className={online ? 'avatar online' : 'avatar'} aria-hidden="true">
          {other.nome.slice(0, 1).toUpperCase()}
        </span>
        <span className="conversation-text">
          <span className="conversation-name">
            {other.nome} {other.role === 'moderador' && (
              <span className="tool-badge" role="img" aria-label={t`Moderador`} title={t`Moderador`}>
                🛠
              </span>
            )}
          </span>
          <span className="conversation-preview">
            {own && <Trans>Tu:</Trans>} {previewText(conversation.lastMessage.message, own)}
          </span>
        </span>
        <span className="conversation-meta">
          {conversation.lastMessageAt && <span className="muted">{clockTime(Date.parse(conversation.lastMessageAt))}</span>}
          {conversation.novaMensagem && unread > 0 && <span className="badge unread">{unread}</span>}
        </span>
      </Link>
  );
  return bare ? link : <li>{link}</li>;
}
