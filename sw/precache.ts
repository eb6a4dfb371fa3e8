/// <reference lib="webworker" />
import { addPlugins, cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import type { WorkboxPlugin } from 'workbox-core/types.js';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { loadedLazyUrls, packFiles, splitManifest, type LazyEntry, type PackEntry, type ShellEntry } from './manifest.ts';
import { withoutCodeCache } from './script-response.ts';

declare const self: ServiceWorkerGlobalScope;

/** Route chunks, icons and the credits, kept once used or fetched when the phone is idle. */
const LAZY_CACHE = 'fichas-lazy';

/** Scripts leave the caches as the worker's own responses (sw/script-response.ts). */
const scriptsWithoutCodeCache: WorkboxPlugin = {
  cachedResponseWillBeUsed: ({ cachedResponse }) => Promise.resolve(withoutCodeCache(cachedResponse) ?? null),
};

/**
 * The shell: the first visit precaches only index.html and what it loads at once (the first-visit budget, DESIGN §10);
 * every other built file is cached the first time a page uses it, or when a page says it is idle (WARM) from the
 * offline packs, a few files fetched side by side that hold every lazy file (scripts/offline-packs.ts), so every
 * screen opens offline once the phone has been idle online. Every navigation outside /api is
 * answered with the precached index.html (the server rewrote it for this origin's brand when it was fetched).
 *
 * Old files go only when a new version activates, which happens once no tab of the old one is open or after
 * Actualizar (every tab then reloads): until then an open tab's chunks are still served.
 */
export function registerShellRoutes(manifest: (string | ShellEntry)[]): void {
  const { shell, lazy, packs } = splitManifest(manifest, self.location.href);
  const lazyByUrl = new Map(lazy.map((entry) => [entry.url, entry]));

  addPlugins([scriptsWithoutCodeCache]);
  precacheAndRoute(shell);
  cleanupOutdatedCaches();
  registerRoute(
    new NavigationRoute(createHandlerBoundToURL('/index.html'), {
      // /pagamentos/ is the payment page the app opens in a frame: the server's page, never the app shell.
      denylist: [/^\/api\//, /^\/pagamentos\//, /^\/sw\.js$/, /^\/manifest\.webmanifest$/],
    }),
  );
  // A hashed file never changes under its name: the cached copy is the file. The few unhashed ones (icons, credits)
  // are served from the cache and refreshed behind.
  const hashed = new CacheFirst({ cacheName: LAZY_CACHE, plugins: [scriptsWithoutCodeCache] });
  const unhashed = new StaleWhileRevalidate({ cacheName: LAZY_CACHE });
  registerRoute(({ url, request }) => request.method === 'GET' && lazyByUrl.get(url.href)?.revision === null, hashed);
  registerRoute(({ url, request }) => request.method === 'GET' && typeof lazyByUrl.get(url.href)?.revision === 'string', unhashed);
  // The web manifest is written per host by the server, so it is not in the build; keep the last copy.
  registerRoute(({ url }) => url.pathname === '/manifest.webmanifest', new StaleWhileRevalidate({ cacheName: 'manifest' }));

  self.addEventListener('activate', (event) => event.waitUntil(pruneLazy(new Set(lazyByUrl.keys()))));
  self.addEventListener('message', (event) => {
    const data = event.data as { type?: unknown; urls?: unknown } | null;
    if (data?.type === 'CACHE_LOADED') event.waitUntil(keep(loadedLazyUrls(data.urls, new Set(lazyByUrl.keys()))));
    if (data?.type === 'WARM') {
      const reply = event.ports[0];
      event.waitUntil(
        warm(lazy, packs).then(
          (missing) => reply?.postMessage({ warmed: missing === 0, missing }),
          () => reply?.postMessage({ warmed: false }),
        ),
      );
    }
  });
}

/**
 * Files a page loaded before this worker controlled it (the first visit): stored from the browser's HTTP cache,
 * so at no cost on the network.
 */
async function keep(urls: string[]): Promise<void> {
  const cache = await caches.open(LAZY_CACHE);
  for (const url of urls) {
    if (await cache.match(url)) continue;
    await cache.add(url).catch(() => undefined);
  }
}

let warming: Promise<number> | null = null;

/** Lazy files not in a pack are fetched this many at a time (none today: every text file is in one). */
const SIDE_BY_SIDE = 4;

/**
 * Keeps every lazy file not cached yet (not the icons: each host uses its own brand's, cached when a page shows it):
 * the packs that hold one are fetched side by side and unpacked into the cache; what no pack brought (a pack that
 * failed, a file in none) is fetched on its own. Resolves with how many files could not be kept.
 */
function warm(lazy: LazyEntry[], packs: PackEntry[]): Promise<number> {
  warming ??= (async () => {
    const cache = await caches.open(LAZY_CACHE);
    const wanted = lazy.filter((entry) => !new URL(entry.url).pathname.startsWith('/icons/'));
    const cached = await Promise.all(wanted.map((entry) => cache.match(entry.url).then(Boolean)));
    const missing = new Map(wanted.filter((_, index) => !cached[index]).map((entry) => [entry.url, entry]));
    const needed = packs.filter((pack) => [...missing.values()].some((entry) => entry.pack === pack.index));
    await Promise.all(needed.map((pack) => unpack(cache, pack, missing)));
    const rest = [...missing.values()];
    let failed = 0;
    for (let start = 0; start < rest.length; start += SIDE_BY_SIDE) {
      const added = await Promise.all(rest.slice(start, start + SIDE_BY_SIDE).map((entry) => cache.add(entry.url).then(() => true, () => false)));
      failed += added.filter((ok) => !ok).length;
    }
    return failed;
  })().finally(() => {
    warming = null;
  });
  return warming;
}

/** Stores the files of one pack that are still missing (and takes them off `missing`); a pack that fails stores none. */
async function unpack(cache: Cache, pack: PackEntry, missing: Map<string, LazyEntry>): Promise<void> {
  const files = await fetch(pack.url)
    .then((response) => (response.ok ? response.json() : null))
    .then(packFiles, () => null);
  if (!files) return;
  await Promise.all(
    files.map(async ({ path, type, text }) => {
      const url = new URL(path, self.location.href).href;
      if (!missing.has(url)) return;
      await cache.put(url, new Response(text, { headers: { 'Content-Type': type } }));
      missing.delete(url);
    }),
  );
}

/** On activation: what the version now in charge does not list goes. */
async function pruneLazy(current: ReadonlySet<string>): Promise<void> {
  const cache = await caches.open(LAZY_CACHE);
  for (const request of await cache.keys()) {
    if (!current.has(request.url)) await cache.delete(request);
  }
}
