import type { ReactNode, Ref } from 'react';
import { Trans } from '@lingui/react/macro';
import type { Room } from '../../../contract/schemas/rooms.ts';
import { RoomStatusLine } from './RoomStatusLine.tsx';

/** A room chat's head: back to the rooms, the room's name with its match's status, and the drawer's button. */
export function RoomChatHead({
  room,
  back,
  drawerOpen,
  onDetails,
  detailsRef,
}: {
  room: Room;
  back: ReactNode;
  drawerOpen: boolean;
  onDetails: () => void;
  detailsRef: Ref<HTMLButtonElement>;
}) {
  return (
    <header className="chat-head room-head">
      {back}
      <div className="room-head-text">
        <h1 className="chat-title">{room.nome}</h1>
        <RoomStatusLine event={room.evento} />
      </div>
      <button
        ref={detailsRef}
        type="button"
        className="button button-small button-secondary room-details"
        aria-haspopup="dialog"
        aria-expanded={drawerOpen}
        onClick={onDetails}
      >
        <Trans>Detalhes da sala</Trans>
      </button>
    </header>
  );
}
