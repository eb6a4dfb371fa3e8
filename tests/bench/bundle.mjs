// Static figures of a build (DESIGN §10): gzip size of any built file, of the service worker script, of what its
// precache manifest downloads on the first visit, and of what it keeps once idle so that every screen opens offline.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** gzip size (level 9, as a server pre-compressing would) of the built file at URL path `path`, or null when none. */
export function gzipSizer(distDir) {
  const cache = new Map();
  return (path) => {
    const clean = decodeURIComponent(path.split('?')[0]).replace(/^\/+/, '');
    if (cache.has(clean)) return cache.get(clean);
    const file = join(distDir, clean);
    const size = clean && existsSync(file) && statSync(file).isFile() ? gzipSync(readFileSync(file), { level: 9 }).length : null;
    cache.set(clean, size);
    return size;
  };
}

/** The service worker script and its precache manifest (the URLs injected into sw.js by workbox). */
export function serviceWorkerFigures(distDir) {
  const gz = gzipSizer(distDir);
  const source = readFileSync(join(distDir, 'sw.js'), 'utf8');
  const urls = new Set();
  // Entries marked lazy are not precached: the worker caches them when first used or, once idle, from the offline
  // packs (scripts/offline-packs.ts); a lazy file in no pack (not an icon) is fetched on its own then.
  const packs = new Set();
  const unpacked = new Set();
  for (const entry of source.matchAll(/\{[^{}]*["']?url["']?\s*:\s*["'][^"']+["'][^{}]*\}/g)) {
    const match = /["']?url["']?\s*:\s*["']([^"']+)["']/.exec(entry[0]);
    if (!match) continue;
    if (/["']?pack["']?\s*:\s*\d/.test(entry[0])) packs.add(match[1]);
    else if (/["']?lazy["']?\s*:\s*(true|!0)/.test(entry[0])) {
      if (!/["']?in["']?\s*:\s*\d/.test(entry[0]) && !match[1].startsWith('icons/')) unpacked.add(match[1]);
    } else urls.add(match[1]);
  }
  const warm = [...packs, ...unpacked].map((url) => gz(url) ?? 0);
  const entries = [...urls].map((url) => ({ url, gzip: gz(url) ?? 0 }));
  // Other scripts the worker imports at start (workbox-*.js next to sw.js, when not bundled in).
  const imported = [...source.matchAll(/importScripts\(([^)]*)\)/g)].flatMap((match) => [...match[1].matchAll(/["']([^"']+)["']/g)].map((m) => m[1]));
  const script = gz('sw.js') + imported.reduce((sum, url) => sum + (gz(url) ?? 0), 0);
  return {
    script,
    precache: entries.reduce((sum, entry) => sum + entry.gzip, 0),
    precacheEntries: entries.length,
    precacheJs: entries.filter((entry) => entry.url.endsWith('.js')).reduce((sum, entry) => sum + entry.gzip, 0),
    /** What the idle warm-up downloads on a first visit that opened no other screen: the packs, and any file in none. */
    warm: warm.reduce((sum, size) => sum + size, 0),
    warmRequests: warm.length,
    packs: packs.size,
  };
}
