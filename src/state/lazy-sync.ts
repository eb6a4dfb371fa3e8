// The sync layer (HTTP client, response schemas, Pusher, Beams) is loaded lazily (see sync/index.ts). At start-up the
// app holds it back until its first screen is on screen (app/App.tsx), so that on a slow network it never competes
// with that screen's own chunks (DESIGN §10); everything asked of it meanwhile simply waits.

let held: Promise<void> | null = null;
let release: (() => void) | null = null;

/** Holds the sync layer back until releaseSync(); without it (tests, the service worker) it loads when first asked. */
export function holdSyncUntilScreen(): void {
  held ??= new Promise<void>((resolve) => {
    release = resolve;
  });
}

export function releaseSync(): void {
  release?.();
}

/** The sync layer, loaded after the first screen (see sync/index.ts). */
export async function loadSync() {
  if (held) await held;
  return import('../sync/index.ts');
}
