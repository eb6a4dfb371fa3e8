import type { Room } from '../../../contract/schemas/rooms.ts';
import { VirtualList } from '../list/VirtualList.tsx';
import { RoomItem } from './RoomItem.tsx';

/**
 * The rooms, virtualised over the page's own scrolling (VirtualList), so a long list keeps only the rows in view in
 * the DOM. `onEndReached` asks for the next page as the reader nears the end of the list.
 */
export function RoomList({ rooms, selfId, onEndReached }: { rooms: Room[]; selfId: string | null; onEndReached?: () => void }) {
  return (
    <div className="room-list">
      <VirtualList items={rooms} itemKey={(room) => room.id} onEndReached={onEndReached}>
        {(room) => <RoomItem room={room} selfId={selfId} />}
      </VirtualList>
    </div>
  );
}
