import { useCallback, useRef, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Link, useParams } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { REFRESH_LISTS_MS, REFRESH_LIVE_MS } from '../../contract/limits.ts';
import { pullMessagesAtom, sendMessageAtom } from '../state/community.ts';
import { refreshRoomAtom, roomAtom, roomMetaAtom, type RoomLookup } from '../state/rooms.ts';
import { sessionUserAtom } from '../state/session.ts';
import { onlineAtom } from '../state/network.ts';
import { showToastAtom } from '../state/toasts.ts';
import { PENDING } from '../state/live-atom.ts';
import { translateServerMessage } from '../i18n/server-message.ts';
import { useRefreshWhileVisible } from '../components/use-refresh-while-visible.ts';
import { MessageList } from '../components/chat/MessageList.tsx';
import { Composer, type ComposedMessage } from '../components/chat/Composer.tsx';
import { useChatMessages } from '../components/chat/use-chat-messages.ts';
import { RoomChatHead } from '../components/rooms/RoomChatHead.tsx';
import { RoomUnopened } from '../components/rooms/RoomUnopened.tsx';
import { RoomDrawer, type RoomTab } from '../components/rooms/RoomDrawer.tsx';
import '../components/chat/chat.css';
import '../components/rooms/rooms.css';

/**
 * /dashboard/comunidade/salas/{salaId} ({salaId}: a room id or an event id): the room's chat with its match's status,
 * and the room drawer (Evento, Ficha). Opens offline once seen; messages written offline wait in the outbox.
 */
export default function RoomChat() {
  const params = useParams<{ salaId: string }>();
  const salaId = decodeURIComponent(params.salaId ?? '');
  // Another room starts afresh: its own lookup, page of messages and drawer.
  return <RoomScreen key={salaId} salaId={salaId} />;
}

function RoomScreen({ salaId }: { salaId: string }) {
  const room = useAtomValue(roomAtom(salaId));
  const known = room === PENDING ? null : room;
  const roomId = known?.id ?? '';
  const meta = useAtomValue(roomMetaAtom(roomId));
  const user = useAtomValue(sessionUserAtom);
  const online = useAtomValue(onlineAtom);
  const refreshRoom = useSetAtom(refreshRoomAtom);
  const pull = useSetAtom(pullMessagesAtom);
  const send = useSetAtom(sendMessageAtom);
  const showToast = useSetAtom(showToastAtom);
  const [lookup, setLookup] = useState<RoomLookup | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [tab, setTab] = useState<RoomTab>('evento');
  const detailsButton = useRef<HTMLButtonElement>(null);
  const { t } = useLingui();

  // The room and its match (live minute and score) every 60 s while shown; at once when back online.
  useRefreshWhileVisible(online && !!salaId, REFRESH_LIVE_MS, salaId, (isCurrent, first) =>
    void refreshRoom({ salaId, force: !first }).then((result) => {
      if (isCurrent()) setLookup(result);
    }),
  );
  // Rooms have no members: someone who has not posted gets no live signal, so the newest messages are pulled on
  // opening, on reconnecting and every 30 s while the room is shown.
  useRefreshWhileVisible(online && !!roomId, REFRESH_LISTS_MS, roomId, () => void pull({ chatType: 'sala', chatId: roomId }));
  const chat = useChatMessages(`sala:${roomId}`, roomId ? { chatType: 'sala', chatId: roomId } : null, online);

  const closeDrawer = useCallback(() => {
    setDrawerOpen(false);
    detailsButton.current?.focus();
  }, []);

  const onSend = async ({ mensagem, imagens }: ComposedMessage) => {
    if (!roomId) return false;
    const result = await send({ target: { chatType: 'sala', chatId: roomId }, mensagem, imagens });
    if (!result.ok) showToast({ kind: 'error', text: translateServerMessage(result.message) });
    return result.ok;
  };

  const back = (
    <Link href="/dashboard/comunidade/salas" className="icon-button" aria-label={t`Voltar às salas`}>
      ←
    </Link>
  );
  if (!known) return <RoomUnopened back={back} pending={room === PENDING} lookup={lookup} online={online} />;

  const metaValue = meta === PENDING ? null : meta;
  return (
    <section className="chat-page">
      <RoomChatHead room={known} back={back} drawerOpen={drawerOpen} onDetails={() => setDrawerOpen(true)} detailsRef={detailsButton} />
      {user && <MessageList messages={chat.messages} selfId={user.id} showSenders onReachTop={chat.loadOlder} hasOlder={chat.hasOlder} />}
      {!chat.pending && chat.messages.length === 0 && (
        <p className="muted empty-chat">
          <Trans>Ainda não há mensagens nesta sala. Sê o primeiro a escrever!</Trans>
        </p>
      )}
      <Composer onSend={onSend} disabled={!user} />
      {drawerOpen && (
        <RoomDrawer
          room={known}
          tab={tab}
          onTab={setTab}
          onClose={closeDrawer}
          refreshedAt={metaValue?.refreshedAt ?? 0}
          error={metaValue?.error ?? null}
        />
      )}
    </section>
  );
}
