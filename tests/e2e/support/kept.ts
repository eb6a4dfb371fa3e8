import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type BrowserContext, type Page } from '@playwright/test';

// What the service worker keeps for offline, read from the build the e2e server serves (dist/sw.js's manifest) and
// from the page's Cache Storage: the test waits for the worker to have kept every screen by polling, never by time.

const root = new URL('../../..', import.meta.url).pathname;

interface Entry {
  url: string;
  lazy?: boolean;
  pack?: number;
}

function manifest(): Entry[] {
  const source = readFileSync(join(root, 'dist/sw.js'), 'utf8');
  return [...source.matchAll(/\{[^{}]*"url":"[^"]+"[^{}]*\}/g)].map((match) => JSON.parse(match[0]) as Entry);
}

/** The lazy files the worker keeps once idle (every route's chunks, styles, catalogs, the credits; not the icons). */
export function lazyFiles(): string[] {
  return manifest()
    .filter((entry) => entry.lazy && entry.pack === undefined && !entry.url.startsWith('icons/'))
    .map((entry) => `/${entry.url}`);
}

/** The offline packs' paths. */
export function packFiles(): string[] {
  return manifest()
    .filter((entry) => entry.pack !== undefined)
    .map((entry) => `/${entry.url}`);
}

/** The paths of the lazy files not in the worker's cache yet. */
export function notKept(page: Page): Promise<string[]> {
  return page.evaluate(async (files) => {
    const cache = await caches.open('fichas-lazy');
    const kept = new Set((await cache.keys()).map((request) => new URL(request.url).pathname));
    return files.filter((file) => !kept.has(file));
  }, lazyFiles());
}

/** Waits until the worker, by itself (nothing asks it), has kept every lazy file. */
export async function waitForEveryScreenKept(page: Page): Promise<void> {
  await expect.poll(async () => (await notKept(page)).length, { message: 'the service worker keeps every screen once idle', timeout: 30_000 }).toBe(0);
}

/** Every URL path the service worker (not a page) requested from the network from now on. */
export function workerRequests(context: BrowserContext): string[] {
  const paths: string[] = [];
  context.on('request', (request) => {
    if (request.serviceWorker()) paths.push(new URL(request.url()).pathname);
  });
  return paths;
}
