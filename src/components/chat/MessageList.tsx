import { Trans } from '@lingui/react/macro';
import type { ChatMessage } from '../../state/community.ts';
import type { SyncState } from '../../state/outbox.ts';
import { messageTime } from '../../lib/format.ts';
import { SaverImage } from '../SaverImage.tsx';
import { SharedSlipCard } from '../share/SharedSlipCard.tsx';

function SyncLabel({ state }: { state: SyncState }) {
  if (state === 'sent') return null;
  if (state === 'sending') return <Trans>A enviar...</Trans>;
  if (state === 'rejected') return <Trans>Recusada</Trans>;
  if (state === 'paused') return <Trans>À espera que voltes a entrar</Trans>;
  return <Trans>Guardada neste telemóvel</Trans>;
}

export interface MessageListProps {
  messages: ChatMessage[];
  selfId: string;
  /** Group and room chats name the sender above each message from someone else. */
  showSenders?: boolean;
  /** Asks for older messages (more from the store, then from the server); called when the reader reaches the top. */
  onReachTop?: () => void;
  /** Whether older messages may exist. */
  hasOlder?: boolean;
}

/** A chat's messages, oldest at the top; own messages show their outbox state until the server has them. */
export function MessageList({ messages, selfId, showSenders }: MessageListProps) {
  return (
    <ol className="message-list" aria-live="polite">
      {messages.map((message) => {
        const own = message.senderId === selfId;
        const state = message.sync;
        return (
          <li key={message.id} className={own ? 'message own' : 'message'} data-sync={state}>
            {showSenders && !own && message.senderName && <span className="message-sender">{message.senderName}</span>}
            {message.recurso && (
              <SharedSlipCard fichaId={message.recurso.id} own={own} />
            )}
            {message.mensagem && <p className="message-text">{message.mensagem}</p>}
            {message.imagens.map((image) => (
              <SaverImage key={image.url} src={image.url} alt="" className="message-image" />
            ))}
            <span className="message-meta">
              {messageTime(message.createdAt)}
              {own && state !== 'sent' && (
                <span className={`message-state ${state}`}>
                  {' · '}
                  <SyncLabel state={state} />
                </span>
              )}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
