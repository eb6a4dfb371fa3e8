import { createContext, lazy, Suspense, use, useEffect, useRef, useState, type CSSProperties, type LiHTMLAttributes, type ReactNode, type Ref } from 'react';
import type VirtuaRowsType from './VirtuaRows.tsx';
import './virtual-list.css';

// virtua (about 11 KB gzip) is loaded only for a list longer than PLAIN_MAX (VirtuaRows.tsx): the screens' first
// pages are shorter, so no first screen waits for it (DESIGN §10: JavaScript before Explore's content).
// (lazy() drops the component's type parameter: the cast gives it back.)
const VirtuaRows = lazy(() => import('./VirtuaRows.tsx')) as unknown as typeof VirtuaRowsType;

/**
 * Up to this many rows the list is plain: all in the page. virtua renders only what is near the view, and a list that
 * starts below the fold (Explore's matches under its tips) would otherwise hold no row at all until scrolled to, so
 * find-in-page and a screen reader's list of links would miss its first screens. A longer list is virtualised.
 */
const PLAIN_MAX = 100;
/** A long list's rows while virtua loads: enough to fill a phone's screen, few enough to stay a small DOM. */
const WHILE_LOADING = 30;
/**
 * Rows a plain list draws in the commit that first has them; the rest follow once that frame is on screen. A phone
 * shows fewer than this at once, and drawing fifty slip cards before the first paint cost about 100 ms of a 4x-slowed
 * start (DESIGN §10: local data on screen within 1 s).
 */
const FIRST_ROWS = 12;
/** How far below the view (px) the end of a plain list asks for the next page. */
const END_MARGIN_PX = 600;

export interface VirtualListProps<T> {
  items: readonly T[];
  /** A row's key, the same across reads of the list. */
  itemKey: (item: T) => string;
  /** What goes inside an item's `<li>`. */
  children: (item: T, index: number) => ReactNode;
  className?: string;
  'aria-label'?: string;
  /** Attributes of an item's `<li>` (a class, a name). */
  itemProps?: (item: T, index: number) => LiHTMLAttributes<HTMLLIElement>;
  /** Space between rows (px): virtua places each row itself, so a flex `gap` on the list does not apply. */
  gap?: number;
  /** Asks for the next page once the reader scrolls near the end of the list. */
  onEndReached?: () => void;
}

/** What a list's box and items share (VirtuaRows.tsx uses them as virtua's container and items). */
export interface Shared {
  className: string;
  label: string | undefined;
  style: CSSProperties | undefined;
  item: (index: number) => LiHTMLAttributes<HTMLLIElement>;
  size: number;
}

export const ListContext = createContext<Shared | null>(null);

interface BoxProps {
  style: CSSProperties;
  children: ReactNode;
  ref?: Ref<HTMLUListElement>;
}

interface ItemProps {
  style: CSSProperties;
  index: number;
  children: ReactNode;
  ref?: Ref<HTMLLIElement>;
}

export function ListBox({ style, children, ref }: BoxProps) {
  const shared = use(ListContext);
  return (
    <ul ref={ref} className={shared?.className} aria-label={shared?.label} style={{ ...shared?.style, ...style }}>
      {children}
    </ul>
  );
}

export function ListItem({ style, index, children, ref }: ItemProps) {
  const shared = use(ListContext);
  const { className, ...rest } = shared?.item(index) ?? {};
  // The gap is drawn inside the item (::before): virtua measures an item's content box, not its padding or margin.
  const classes = ['vlist-item', index > 0 ? 'vlist-gap' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <li ref={ref} style={style} className={classes} aria-setsize={shared?.size} aria-posinset={index + 1} {...rest}>
      {children}
    </li>
  );
}

/** Calls `onReached` when the end of a plain list comes within END_MARGIN_PX of the view (again after it grows). */
function EndSentinel({ onReached, count }: { onReached: () => void; count: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const latest = useRef(onReached);
  useEffect(() => {
    latest.current = onReached;
  }, [onReached]);
  useEffect(() => {
    const node = ref.current;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((seen) => seen.some((entry) => entry.isIntersecting) && latest.current(), {
      rootMargin: `0px 0px ${END_MARGIN_PX}px 0px`,
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [count]);
  return <div ref={ref} className="vlist-end" aria-hidden="true" />;
}

/** False for the first commit that has more than FIRST_ROWS rows, true from the frame after it is painted. */
function useAllRowsPainted(count: number): boolean {
  const [all, setAll] = useState(false);
  const waiting = !all && count > FIRST_ROWS;
  useEffect(() => {
    if (!waiting) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setAll(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [waiting]);
  return !waiting;
}

/** Up to `limit` rows as a plain list, with the end sentinel when the list pages in more. */
function PlainList<T>({ items, itemKey, children, onEndReached, limit }: Pick<VirtualListProps<T>, 'items' | 'itemKey' | 'children' | 'onEndReached'> & { limit: number }) {
  const all = useAllRowsPainted(items.length);
  const cap = all ? limit : Math.min(limit, FIRST_ROWS);
  const shown = items.length > cap ? items.slice(0, cap) : items;
  return (
    <>
      <ListBox style={{}}>
        {shown.map((item, index) => (
          <ListItem key={itemKey(item)} index={index} style={{}}>
            {children(item, index)}
          </ListItem>
        ))}
      </ListBox>
      {onEndReached && all && items.length > 0 && items.length <= limit && <EndSentinel onReached={onEndReached} count={items.length} />}
    </>
  );
}

/**
 * A list virtualised over the page's own scrolling (virtua's WindowVirtualizer, VirtuaRows.tsx): however long it
 * grows, only the rows near the view are in the page (up to PLAIN_MAX rows it is a plain list, and while virtua loads
 * the first WHILE_LOADING rows show). It stays a list for screen readers (`<ul>` of `<li>`, each saying its place in the
 * whole list). `onEndReached` pages in more as the reader scrolls, as the groups list does.
 */
export function VirtualList<T>({ items, itemKey, children, className, itemProps, gap, onEndReached, ...aria }: VirtualListProps<T>) {
  const shared: Shared = {
    className: ['vlist', gap ? 'vlist-spaced' : '', className ?? ''].filter(Boolean).join(' '),
    label: aria['aria-label'],
    style: gap ? ({ '--vlist-gap': `${gap}px` } as CSSProperties) : undefined,
    item: (index) => {
      const item = items[index];
      return item === undefined || !itemProps ? {} : itemProps(item, index);
    },
    size: items.length,
  };
  const plain = (limit: number) => (
    <PlainList items={items} itemKey={itemKey} onEndReached={onEndReached} limit={limit}>
      {children}
    </PlainList>
  );
  return (
    <ListContext value={shared}>
      {items.length <= PLAIN_MAX ? (
        plain(PLAIN_MAX)
      ) : (
        <Suspense fallback={plain(WHILE_LOADING)}>
          <VirtuaRows items={items} itemKey={itemKey} onEndReached={onEndReached}>
            {children}
          </VirtuaRows>
        </Suspense>
      )}
    </ListContext>
  );
}
