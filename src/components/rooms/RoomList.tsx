import { useEffect, useRef } from 'react';
import { WindowVirtualizer } from 'virtua';
import type { Room } from '../../../contract/schemas/rooms.ts';
import { RoomItem } from './RoomItem.tsx';

/**
 * The rooms, virtualised over the page's own scrolling (virtua), so a long list keeps only the rows in view in the
 * DOM. `onEndReached` asks for the next page once the end of the list comes into view.
 */
export function RoomList({ rooms, selfId, onEndReached }: { rooms: Room[]; selfId: string | null; onEndReached?: () => void }) {
  const end = useRef<HTMLDivElement>(null);
  const reached = useRef(onEndReached);
  useEffect(() => {
    reached.current = onEndReached;
  }, [onEndReached]);
  useEffect(() => {
    const sentinel = end.current;
    if (!sentinel) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) reached.current?.();
    }, { rootMargin: '400px 0px' });
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [rooms.length]);
  return (
    <div className="room-list">
      <WindowVirtualizer as="ul" item="li" data={rooms}>
        {(room) => <RoomItem key={room.id} room={room} selfId={selfId} />}
      </WindowVirtualizer>
      <div ref={end} className="room-list-end" aria-hidden="true" />
    </div>
  );
}
