import { useCallback, useMemo, useRef, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useLingui } from '@lingui/react/macro';
import { chatMetaAtom, messagesAtom, pullMessagesAtom, type ChatMessage } from '../../state/community.ts';
import { showToastAtom } from '../../state/toasts.ts';
import { PENDING } from '../../state/live-atom.ts';
import type { ChatType } from '../../../contract/schemas/signals.ts';

/** How many more messages each ask for older ones shows (the server's page, PAGE_SIZE). */
const PAGE = 50;

type ChatKey = Parameters<typeof messagesAtom>[0];

export interface ChatMessages {
  /** The newest messages shown, oldest first. */
  messages: ChatMessage[];
  /** The store has not answered yet (the first read of this chat). */
  pending: boolean;
  /** Older messages may exist: more on the phone than shown, or the server has not said it has no more. */
  hasOlder: boolean;
  /** Shows more from the phone and asks the server for the page before; resolves to false when that failed (said). */
  loadOlder: () => Promise<boolean>;
}

/**
 * A chat's messages as the direct, group and room chats show them: the newest page from the phone's store, growing
 * a page at a time as the reader goes back, the server asked for older pages while `server` (the chat on the
 * server, null when it cannot be read there yet) is reachable. While a bigger read of the store starts, the rows
 * shown stay, so the list neither blinks empty nor jumps back to the newest message each time.
 */
export function useChatMessages(chatKey: ChatKey, server: { chatType: ChatType; chatId: string } | null, online: boolean): ChatMessages {
  const [page, setPage] = useState({ key: chatKey, limit: PAGE });
  const limit = page.key === chatKey ? page.limit : PAGE;
  const read = useAtomValue(useMemo(() => messagesAtom(chatKey, limit), [chatKey, limit]));
  const meta = useAtomValue(useMemo(() => chatMetaAtom(chatKey), [chatKey]));
  const pull = useSetAtom(pullMessagesAtom);
  const showToast = useSetAtom(showToastAtom);
  const { t } = useLingui();

  const [held, setHeld] = useState<{ key: string; rows: ChatMessage[] } | null>(null);
  if (read !== PENDING && held?.rows !== read) setHeld({ key: chatKey, rows: read });
  const known = read !== PENDING ? read : held?.key === chatKey ? held.rows : PENDING;
  const messages = known === PENDING ? [] : known;
  const shown = useRef(0);
  shown.current = messages.length;

  const info = meta === PENDING ? undefined : meta;
  const onServer = online && !!server && info !== undefined && info.noMore !== true && !!info.cursor;
  const hasOlder = known !== PENDING && (messages.length >= limit || onServer);

  const chatType = server?.chatType;
  const chatId = server?.chatId;
  const loadOlder = useCallback(async () => {
    // A page more than what is shown now (not than asked before: asks while offline do not pile up).
    setPage({ key: chatKey, limit: shown.current + PAGE });
    if (!online || !chatType || !chatId) return true;
    const outcome = await pull({ chatType, chatId, older: true });
    if (outcome !== 'error') return true;
    showToast({ kind: 'error', text: t`Não foi possivel carregar mensagens anteriores` });
    return false;
  }, [chatKey, online, chatType, chatId, pull, showToast, t]);

  return { messages, pending: known === PENDING, hasOlder, loadOlder };
}
