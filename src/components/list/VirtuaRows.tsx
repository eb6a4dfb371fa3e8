import { Fragment, useRef, type ReactNode } from 'react';
import { WindowVirtualizer, type WindowVirtualizerHandle } from 'virtua';
import { ListBox, ListItem } from './VirtualList.tsx';

/** How many rows before the end of the list the next page is asked for. */
const AHEAD = 8;

interface Props<T> {
  items: readonly T[];
  itemKey: (item: T) => string;
  children: (item: T, index: number) => ReactNode;
  onEndReached?: () => void;
}

/**
 * The long list of VirtualList (more than its PLAIN_MAX rows), over virtua's WindowVirtualizer: a chunk of its own,
 * loaded only when a list grows that long. The box and the items are VirtualList's, inside its ListContext.
 */
export default function VirtuaRows<T>({ items, itemKey, children, onEndReached }: Props<T>) {
  const handle = useRef<WindowVirtualizerHandle>(null);
  const onScroll = () => {
    const view = handle.current;
    if (!view || !onEndReached || items.length === 0) return;
    const lastShown = view.findItemIndex(view.scrollOffset + view.viewportSize);
    if (lastShown >= items.length - AHEAD) onEndReached();
  };
  return (
    <WindowVirtualizer ref={handle} as={ListBox} item={ListItem} data={items} onScroll={onScroll} onScrollEnd={onScroll}>
      {(item, index) => <Fragment key={itemKey(item)}>{children(item, index)}</Fragment>}
    </WindowVirtualizer>
  );
}
