/// <reference lib="webworker" />
import '../contract/zod-config.ts';
import { clientsClaim } from 'workbox-core';
import type { PrecacheEntry } from 'workbox-precaching';
import { registerShellRoutes } from './precache.ts';
import { registerBackgroundSync } from './background-sync.ts';
import { registerPushHandling } from './push.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

// A new version takes over at once: the shell is versioned by its precache manifest and the app keeps its data in
// IndexedDB, so nothing is lost when an open tab switches to the new worker.
void self.skipWaiting();
clientsClaim();

registerShellRoutes(self.__WB_MANIFEST);
registerBackgroundSync();
registerPushHandling();
