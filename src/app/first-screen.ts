// When the app's first screen is on screen: what start-up defers until then (the service worker's registration and
// its precache download, which on 3G would compete with the screen's own chunks) waits for this.

/** Should the first screen never come (a chunk that does not load), what waits for it goes ahead after this. */
const FIRST_SCREEN_AT_LATEST_MS = 5000;

let mark: () => void = () => {};

/** Settles once the first screen is painted (app/start.tsx, app/App.tsx), or after FIRST_SCREEN_AT_LATEST_MS. */
export const firstScreen = new Promise<void>((resolve) => {
  mark = resolve;
  setTimeout(resolve, FIRST_SCREEN_AT_LATEST_MS);
});

export function markFirstScreen(): void {
  mark();
}
