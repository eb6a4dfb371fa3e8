import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { StaleWhileRevalidate } from 'workbox-strategies';
import type { PrecacheEntry } from 'workbox-precaching';

/**
 * The shell: every built asset is precached; every navigation outside /api is answered with the precached
 * index.html (the server rewrote it for this origin's brand when it was fetched), so every route opens offline.
 */
export function registerShellRoutes(manifest: (string | PrecacheEntry)[]): void {
  precacheAndRoute(manifest);
  cleanupOutdatedCaches();
  registerRoute(
    new NavigationRoute(createHandlerBoundToURL('/index.html'), {
      // /pagamentos/ is the payment page the app opens in a frame: the server's page, never the app shell.
      denylist: [/^\/api\//, /^\/pagamentos\//, /^\/sw\.js$/, /^\/manifest\.webmanifest$/],
    }),
  );
  // The web manifest is written per host by the server, so it is not in the build; keep the last copy.
  registerRoute(({ url }) => url.pathname === '/manifest.webmanifest', new StaleWhileRevalidate({ cacheName: 'manifest' }));
}
