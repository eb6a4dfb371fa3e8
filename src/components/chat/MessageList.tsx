import { memo, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Virtualizer, type VirtualizerHandle } from 'virtua';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ChatMessage } from '../../state/community.ts';
import { dayHeading, localDay, messageTime } from '../../lib/format.ts';
import { useNow } from '../use-now.ts';
import { SaverImage } from '../SaverImage.tsx';
import { SharedSlipCard } from '../share/SharedSlipCard.tsx';
import { MessageState } from './MessageState.tsx';
import { ReportButton, ReportDialog } from '../moderation/ReportButton.tsx';

export interface MessageListProps {
  messages: ChatMessage[];
  selfId: string;
  /** Group and room chats name the sender above each message from someone else. */
  showSenders?: boolean;
  /**
   * Asks for older messages (more from the store, then from the server); called when the reader nears the top or
   * presses "Mensagens anteriores". Resolves once the server has answered, to false when that failed.
   */
  onReachTop?: () => Promise<boolean> | void;
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
  /** Above the first message of a day: the day's name ("Hoje", "Ontem", "sábado, 28 de novembro"). */
  day?: string;
  /** The same function for every row and render (it does not take part in sameRow). */
  onReport: (messageId: string) => void;
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
    before.day === after.day &&
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

const MessageRow = memo(function MessageRow({ message, own, showSender, day, onReport }: RowProps) {
  const bubble = (
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
        {!own && !message.id.startsWith('local:') && (
          <ReportButton tipo="mensagem" id={message.id} className="mod-report-button" onOpen={() => onReport(message.id)} />
        )}
      </span>
    </div>
  );
  if (!day) return bubble;
  return (
    <>
      <p className="message-day">
        <span>{day}</span>
      </p>
      {bubble}
    </>
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
  // The last ask for older messages: how many rows were shown then, and whether it is still running or failed.
  const asked = useRef<{ count: number; running: boolean; failed: boolean } | null>(null);
  // Set once the view has been put at the newest message: a scroll before that is not the reader's.
  const ready = useRef(false);
  const previous = useRef<{ first?: string; last?: string; count: number }>({ count: 0 });
  // The message being reported: its dialog lives here, not in its row, which virtua drops once out of view.
  const [reporting, setReporting] = useState<string | null>(null);
  const wasReporting = useRef(false);
  const onReport = useCallback((messageId: string) => setReporting(messageId), []);
  // Closed: focus goes back to the message's button (useModal), or to the messages when virtua dropped its row.
  useEffect(() => {
    if (reporting === null && document.activeElement === document.body && wasReporting.current) scroller.current?.focus();
    wasReporting.current = reporting !== null;
  }, [reporting]);
  const { t, i18n } = useLingui();
  // Today and yesterday move at midnight: asked again every minute.
  const now = useNow(60_000);
  const today = localDay(now);
  const yesterday = localDay(new Date(now).setDate(new Date(now).getDate() - 1));
  const dayName = (day: string) => (day === today ? t`Hoje` : day === yesterday ? t`Ontem` : dayHeading(day, i18n.locale));

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

  // One ask at a time for the rows shown: more rows (from the store or the server) let the reader ask again at
  // once, and so does the ask's end (a page of messages the phone already had adds no row, and must not leave the
  // list waiting for one). After a failed ask only the button asks again, not every scroll near the top.
  const askOlder = (from: 'scroll' | 'button') => {
    if (!onReachTop || !hasOlder) return;
    const last = asked.current;
    if (last && last.count === messages.length && (last.running || (from === 'scroll' && last.failed))) return;
    const ask = { count: messages.length, running: true, failed: false };
    asked.current = ask;
    void Promise.resolve(onReachTop()).then(
      (ok) => Object.assign(ask, { running: false, failed: ok === false }),
      () => Object.assign(ask, { running: false, failed: true }),
    );
  };

  const onScroll = (offset: number) => {
    const list = handle.current;
    if (!list) return;
    atBottom.current = offset + list.viewportSize >= list.scrollSize - AT_BOTTOM_PX;
    if (ready.current && offset < REACH_TOP_PX && list.scrollSize > list.viewportSize) askOlder('scroll');
  };

  return (
    <div className="message-list-wrap">
      {hasOlder && onReachTop && (
        <button type="button" className="button button-small button-secondary load-older" onClick={() => askOlder('button')}>
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
          {(message, index) => {
            // A day's first message is led by the day's name; the oldest one shown only once nothing older may come.
            const day = localDay(message.createdAt);
            const previousDay = index > 0 ? localDay(messages[index - 1]?.createdAt ?? '') : hasOlder ? day : '';
            return (
              <MessageRow
                key={message.id}
                message={message}
                own={message.senderId === selfId}
                showSender={!!showSenders}
                day={day && day !== previousDay ? dayName(day) : undefined}
                onReport={onReport}
              />
            );
          }}
        </Virtualizer>
      </div>
      {reporting && <ReportDialog tipo="mensagem" id={reporting} onClose={() => setReporting(null)} />}
    </div>
  );
}
