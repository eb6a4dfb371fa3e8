import { useCallback, useMemo, useRef, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Link, useParams } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { REFRESH_LISTS_MS, REFRESH_LIVE_MS } from '../../contract/limits.ts';
import { messagesAtom, pullMessagesAtom, sendMessageAtom } from '../state/community.ts';
import { refreshRoomAtom, roomAtom, roomHasOlderOnServerAtom, roomMetaAtom, type RoomLookup } from '../state/rooms.ts';
import { sessionUserAtom } from '../state/session.ts';
import { onlineAtom } from '../state/network.ts';
import { showToastAtom } from '../state/toasts.ts';
import { PENDING } from '../state/live-atom.ts';
import { translateServerMessage } from '../i18n/server-message.ts';
import { useRefreshWhileVisible } from '../components/use-refresh-while-visible.ts';
import { MessageList } from '../components/chat/MessageList.tsx';
import { Composer, type ComposedMessage } from '../components/chat/Composer.tsx';
import { RoomStatusLine } from '../components/rooms/RoomStatusLine.tsx';
import { RoomDrawer, type RoomTab } from '../components/rooms/RoomDrawer.tsx';
import '../components/chat/chat.css';
import '../components/rooms/rooms.css';

const PAGE = 50;

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
  const olderOnServer = useAtomValue(roomHasOlderOnServerAtom(roomId));
  const user = useAtomValue(sessionUserAtom);
  const online = useAtomValue(onlineAtom);
  const refreshRoom = useSetAtom(refreshRoomAtom);
  const pull = useSetAtom(pullMessagesAtom);
  const send = useSetAtom(sendMessageAtom);
  const showToast = useSetAtom(showToastAtom);
  const [lookup, setLookup] = useState<RoomLookup | null>(null);
  const [limit, setLimit] = useState(PAGE);
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

  const stored = useAtomValue(useMemo(() => messagesAtom(`sala:${roomId}`, limit), [roomId, limit]));
  const messages = stored === PENDING ? [] : stored;
  const hasOlder = stored !== PENDING && (stored.length >= limit || (online && olderOnServer === true));

  const loadOlder = useCallback(() => {
    if (!roomId) return;
    setLimit((value) => value + PAGE);
    if (online) void pull({ chatType: 'sala', chatId: roomId, older: true });
  }, [roomId, online, pull]);

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

  if (!known) {
    return (
      <section className="chat-page">
        <header className="chat-head">
          {back}
          <h1 className="chat-title">
            <Trans>Sala de jogo</Trans>
          </h1>
        </header>
        {room === PENDING ? null : lookup?.kind === 'missing' ? (
          <p className="notice" role="alert">
            <Trans>Esta sala não existe.</Trans>
          </p>
        ) : !online ? (
          <p className="notice">
            <Trans>Esta sala ainda não foi aberta neste telemóvel. Liga-te à internet para a ver.</Trans>
          </p>
        ) : lookup?.kind === 'error' ? (
          <p className="notice" role="alert">
            {translateServerMessage(lookup.message)}
          </p>
        ) : (
          <span className="spinner-small" role="status" aria-label={t`A carregar`} />
        )}
      </section>
    );
  }

  const metaValue = meta === PENDING ? null : meta;
  return (
    <section className="chat-page">
      <header className="chat-head room-head">
        {back}
        <div className="room-head-text">
          <h1 className="chat-title">{known.nome}</h1>
          <RoomStatusLine event={known.evento} />
        </div>
        <button
          ref={detailsButton}
          type="button"
          className="button button-small button-secondary room-details"
          aria-haspopup="dialog"
          aria-expanded={drawerOpen}
          onClick={() => setDrawerOpen(true)}
        >
          <Trans>Detalhes da sala</Trans>
        </button>
      </header>
      {user && <MessageList messages={messages} selfId={user.id} showSenders onReachTop={loadOlder} hasOlder={hasOlder} />}
      {stored !== PENDING && messages.length === 0 && (
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
