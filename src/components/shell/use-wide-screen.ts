import { useSyncExternalStore } from 'react';

// The shell's phone layout starts at 850 px or less (app/styles.css): there the right panel is not shown.
const WIDE = '(min-width: 851px)';

function subscribe(onChange: () => void): () => void {
  const query = matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * Whether the screen is wide enough for the shell's right panel. A phone never shows it, so it does not render it:
 * its slip builder chunk stays off the phone's start-up (it loads when the slip drawer opens).
 */
export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribe, () => matchMedia(WIDE).matches);
}
