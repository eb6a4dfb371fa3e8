/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { registerShellRoutes } from './precache.ts';
import type { ShellEntry } from './manifest.ts';
import { registerBackgroundSync } from './background-sync.ts';
import { registerPushHandling } from './push.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | ShellEntry)[] };

// A new version waits (no automatic skipWaiting): the app says 'Nova versão disponível' and it takes over when the
// user taps Actualizar (SKIP_WAITING, from workbox-window in src/app/register-sw.ts) or once no tab of the old version
// is left, so an open tab never loses the chunks it still needs. The first install has no old version: it takes the
// open page at once, so the chunks that page loads from then on are kept for offline use.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
clientsClaim();

registerShellRoutes(self.__WB_MANIFEST);
registerBackgroundSync();
registerPushHandling();
