import { memo, useEffect, useLayoutEffect, useRef } from 'react';
import { Virtualizer, type VirtualizerHandle } from 'virtua';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ChatMessage } from '../../state/community.ts';
import { messageTime } from '../../lib/format.ts';
import { SaverImage } from '../SaverImage.tsx';
import { SharedSlipCard } from '../share/SharedSlipCard.tsx';
import { MessageState } from './MessageState.tsx';
import { ReportButton } from '../moderation/ReportButton.tsx';

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

/** How close to the top (px) a reader must scroll for older messages to be asked for. */
const REACH_TOP_PX = 240;
/** How close to the bottom (px) still counts as reading the newest messages, so new ones keep the view there. */
const AT_BOTTOM_PX = 48;

interface RowProps {
  message: ChatMessage;
  own: boolean;
  showSender: boolean;
}

/**
 * Whether a row would draw the same: each read of the chat makes new message objects, so rows compare what they
 * show. Loading older messages (or a new one arriving) then draws only the rows that are new, not every row in view.
 */
function sameRow(before: RowProps, after: RowProps): boolean {
  const a = before.message;
  const b = after.message;
  return (
    before.own === after.own &&
    before.showSender === after.showSender &&
    a.id === b.id &&
    a.sync === b.sync &&
    a.mensagem === b.mensagem &&
    a.createdAt === b.createdAt &&
    a.senderName === b.senderName &&
    a.recurso?.id === b.recurso?.id &&
    a.imagens.length === b.imagens.length &&
    a.imagens.every((image, index) => image.url === b.imagens[index]?.url)
  );
}

const MessageRow = memo(function MessageRow({ message, own, showSender }: RowProps) {
  return (
    <div className={own ? 'message own' : 'message'} data-sync={message.sync}>
      {showSender && !own && message.senderName && <span className="message-sender">{message.senderName}</span>}
      {message.recurso && <SharedSlipCard fichaId={message.recurso.id} own={own} />}
      {message.mensagem && <p className="message-text">{message.mensagem}</p>}
      {message.imagens.map((image, index) => (
        <SaverImage key={`${index}:${image.url.slice(0, 64)}`} src={image.url} alt="" className="message-image" />
      ))}
      <span className="message-meta">
        <span className="message-time">{messageTime(message.createdAt)}</span>
        {own && <MessageState id={message.id} sync={message.sync} />}
        {!own && !message.id.startsWith('local:') && <ReportButton tipo="mensagem" id={message.id} className="mod-report-button" />}
      </span>
    </div>
  );
}, sameRow);

/**
 * A chat's messages, oldest at the top, virtualised (virtua): only the rows near the view are in the page, so a chat
 * of thousands of messages opens as fast as a short one. The view starts at the newest message and stays there as
 * new ones arrive (unless the reader has scrolled up); older ones are asked for when the reader nears the top, or
 * with the "Mensagens anteriores" button (for keyboards), and are put above without moving what is on screen.
 * Own messages show their state, WhatsApp-style (MessageState).
 */
export function MessageList({ messages, selfId, showSenders, onReachTop, hasOlder }: MessageListProps) {
  const handle = useRef<VirtualizerHandle>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const asked = useRef<number | null>(null);
  // Set once the view has been put at the newest message: a scroll before that is not the reader's.
  const ready = useRef(false);
  const previous = useRef<{ first?: string; last?: string; count: number }>({ count: 0 });
  const { t } = useLingui();

  const first = messages[0]?.id;
  const last = messages.at(-1)?.id;
  const before = previous.current;
  // Older messages put above the ones shown: virtua keeps the view where it was, measured from the end.
  const shift = before.first !== undefined && first !== before.first && last === before.last && messages.length > before.count;

  useLayoutEffect(() => {
    const list = handle.current;
    const grew = last !== before.last;
    if (list && messages.length > 0 && (before.last === undefined || (grew && (atBottom.current || messages.at(-1)?.senderId === selfId)))) {
      list.scrollToIndex(messages.length - 1, { align: 'end' });
      atBottom.current = true;
    }
    previous.current = { first, last, count: messages.length };
    if (messages.length > 0) ready.current = true;
  });

  // A new page has arrived (or nothing will): the reader may ask again.
  useEffect(() => {
    asked.current = null;
  }, [messages.length, hasOlder]);

  const askOlder = () => {
    if (!onReachTop || !hasOlder || asked.current === messages.length) return;
    asked.current = messages.length;
    onReachTop();
  };

  const onScroll = (offset: number) => {
    const list = handle.current;
    if (!list) return;
    atBottom.current = offset + list.viewportSize >= list.scrollSize - AT_BOTTOM_PX;
    if (ready.current && offset < REACH_TOP_PX && list.scrollSize > list.viewportSize) askOlder();
  };

  return (
    <div className="message-list-wrap">
      {hasOlder && onReachTop && (
        <button type="button" className="button button-small button-secondary load-older" onClick={askOlder}>
          <Trans>Mensagens anteriores</Trans>
        </button>
      )}
      <div ref={scroller} className="message-scroller" role="log" tabIndex={0} aria-label={t`Mensagens`}>
        <Virtualizer
          ref={handle}
          as="ol"
          item="li"
          data={messages}
          shift={shift}
          scrollRef={scroller}
          bufferSize={400}
          onScroll={onScroll}
        >
          {(message) => <MessageRow key={message.id} message={message} own={message.senderId === selfId} showSender={!!showSenders} />}
        </Virtualizer>
      </div>
    </div>
  );
}
