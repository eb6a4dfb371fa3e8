import { useEffect, useRef, useState } from 'react';
import { useSetAtom } from 'jotai';
import { useLingui } from '@lingui/react/macro';
import { PAGE_SIZE } from '../../../contract/limits.ts';
import type { ExploreRequest } from '../../lib/explore-filters.ts';
import { loadMoreExploreAtom } from '../../state/explore.ts';
import { showToastAtom } from '../../state/toasts.ts';

/** How far below the view (px) the end of the list may be when the next page is asked for. */
const AHEAD_PX = 800;

interface Paging {
  key: string;
  loading: boolean;
  /** The server sent fewer than a page: there are no more. */
  done: boolean;
  /** A page failed: paging stops for this search until the page is opened again (SPEC §4 Lists). */
  failed: boolean;
}

/**
 * Explore's lists load more as the reader scrolls (SPEC §4 Lists): when the list's end comes near the view, the next
 * page of PAGE_SIZE is asked for and added to the stored list; a failed page says so in a toast and paging stops;
 * fewer than a page means no more. Returns the ref for an element placed after the list, and whether a page is on its
 * way. `held` is how many the stored list holds (the next page follows from it).
 */
export function useLoadMore(request: ExploreRequest, held: number, online: boolean) {
  const load = useSetAtom(loadMoreExploreAtom);
  const showToast = useSetAtom(showToastAtom);
  const { t } = useLingui();
  const [paging, setPaging] = useState<Paging>({ key: request.key, loading: false, done: false, failed: false });
  const current = paging.key === request.key ? paging : { key: request.key, loading: false, done: false, failed: false };
  const [near, setNear] = useState(false);
  const end = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const node = end.current;
    if (!node) return;
    const observer = new IntersectionObserver(([entry]) => setNear(entry?.isIntersecting ?? false), { rootMargin: `0px 0px ${AHEAD_PX}px 0px` });
    observer.observe(node);
    return () => observer.disconnect();
  }, []);

  // Only whole pages ask for the next one: a short list is the whole of it.
  const more = online && held > 0 && held % PAGE_SIZE === 0 && !current.done && !current.failed;

  useEffect(() => {
    if (!near || !more || current.loading) return;
    // `near` may be stale for a moment after the list has grown: the end's place now decides. Read only here: reading
    // a box's place makes the browser lay the page out at once, and on the first render (before anything is near) that
    // layout of the whole screen ran inside this effect, before the first paint (seen in a CPU profile of a start).
    const top = end.current?.getBoundingClientRect().top ?? Infinity;
    if (top > innerHeight + AHEAD_PX) return;
    const key = request.key;
    setPaging({ ...current, loading: true });
    void load({ request, pageNumber: held / PAGE_SIZE + 1 }).then((outcome) => {
      const failed = outcome.kind === 'error';
      if (failed) showToast({ kind: 'error', text: t`Não foi possivel carregar mais resultados` });
      setPaging((now) => (now.key === key ? { key, loading: false, done: !failed && outcome.received < PAGE_SIZE, failed } : now));
    });
    // The request is a new object each render; its key and the list's length say when to look again.
  }, [near, more, current.loading, held, request.key]); // eslint-disable-line react-hooks/exhaustive-deps

  return { end, loading: current.loading };
}
