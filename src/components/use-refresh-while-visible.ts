import { useEffect, useEffectEvent } from 'react';
import { useAtomValue } from 'jotai';
import { dataSaverAtom } from '../state/data-saver.ts';

/**
 * Runs `refresh` now and then every `intervalMs` while the page is visible and `enabled` (online), and at once again
 * whenever `restartKey` changes (what the screen refreshes: an id, a filter, a settlement count). `refresh` is an
 * effect event: it always sees the latest render, so it needs no dependency list. `isCurrent` tells a late answer
 * whether its screen still wants it. The refresh intervals of SPEC §9 (lists 30 s, live events 60 s) are the usual
 * values; with the data saver on they double.
 */
export function useRefreshWhileVisible(
  enabled: boolean,
  intervalMs: number,
  restartKey: string,
  refresh: (isCurrent: () => boolean, first: boolean) => void,
): void {
  const onRefresh = useEffectEvent(refresh);
  const every = useAtomValue(dataSaverAtom) ? intervalMs * 2 : intervalMs;
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    const isCurrent = () => current;
    onRefresh(isCurrent, true);
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') onRefresh(isCurrent, false);
    }, every);
    return () => {
      current = false;
      clearInterval(timer);
    };
  }, [enabled, every, restartKey]);
}
