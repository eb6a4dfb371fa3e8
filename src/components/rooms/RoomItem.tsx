import { Link } from 'wouter';
import { Trans } from '@lingui/react/macro';
import type { Room } from '../../../contract/schemas/rooms.ts';
import { messageTime } from '../../lib/format.ts';
import { previewText } from '../chat/preview.ts';
import { RoomStatusLine } from './RoomStatusLine.tsx';

/** A room in the list: its match, the match's status, the last message and when it came. Links by event id (SPEC §2). */
export function RoomItem({ room, selfId }: { room: Room; selfId: string | null }) {
  const own = !!room.lastSender && room.lastSender.id === selfId;
  return (
    <Link href={`/dashboard/comunidade/salas/${encodeURIComponent(room.eventId)}`} className="room-item">
      <span className="room-text">
        <span className="room-name">{room.nome}</span>
        <RoomStatusLine event={room.evento} />
        <span className="room-preview">
          {room.lastMessage ? (
            <>
              {own ? <Trans>Tu:</Trans> : room.lastSender ? `${room.lastSender.nome}:` : null} {previewText(room.lastMessage, own)}
            </>
          ) : (
            <Trans>Ainda sem mensagens</Trans>
          )}
        </span>
      </span>
      {room.lastMessageAt && (
        <time className="room-time muted" dateTime={room.lastMessageAt}>
          {messageTime(room.lastMessageAt)}
        </time>
      )}
    </Link>
  );
}
