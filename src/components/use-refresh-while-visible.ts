import { useEffect, type DependencyList } from 'react';

/**
 * Runs `refresh` now and then every `intervalMs` while the page is visible and `enabled` (online), restarting
 * when `deps` change. `isCurrent` tells a late answer whether its screen still wants it. The refresh intervals of
 * SPEC §9 (lists 30 s, live events 60 s) are the usual values.
 */
export function useRefreshWhileVisible(
  enabled: boolean,
  intervalMs: number,
  refresh: (isCurrent: () => boolean, first: boolean) => void,
  deps: DependencyList,
): void {
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    const isCurrent = () => current;
    refresh(isCurrent, true);
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') refresh(isCurrent, false);
    }, intervalMs);
    return () => {
      current = false;
      clearInterval(timer);
    };
    // The caller names what the refresh depends on; `refresh` itself is a new closure each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, intervalMs, ...deps]);
}
