import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import type { CounterName } from '../../../contract/schemas/signals.ts';
import { countersAtom, resetCounterAtom } from '../../state/community.ts';
import { COUNTER_RESET_DELAY_MS } from '../../../contract/limits.ts';

/**
 * The unread counters a menu entry shows, and their reset about 2 s after the entry is clicked (SPEC §4). Shared by
 * the left menu, the bottom menu and the community tabs; a reset still waiting when the menu goes away still runs.
 */
export function useCounters() {
  const counters = useAtomValue(countersAtom);
  const reset = useSetAtom(resetCounterAtom);
  const latest = useRef(counters);
  useEffect(() => {
    latest.current = counters;
  }, [counters]);
  const countOf = (names: readonly CounterName[]) => names.reduce((sum, name) => sum + (counters.get(name) ?? 0), 0);
  const clearLater = (names: readonly CounterName[]) => {
    if (!names.some((name) => (counters.get(name) ?? 0) > 0)) return;
    setTimeout(() => {
      // Only what is still unread by then: a counter the toast or the chat already cleared is left alone.
      for (const name of names) if ((latest.current.get(name) ?? 0) > 0) void reset(name);
    }, COUNTER_RESET_DELAY_MS);
  };
  return { countOf, clearLater };
}
