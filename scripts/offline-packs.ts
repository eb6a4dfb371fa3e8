import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { getMimeType } from 'hono/utils/mime';

// The service worker's manifest (sw/manifest.ts reads it): the first visit precaches only the shell (DESIGN §10: <= 150
// KB gzip): index.html, what it loads at once, the update prompt (an old tab must show it when its other chunks are
// gone), the chunks these import, and the favicon. Every other file is marked lazy: the worker caches it when first
// used, or from the offline packs once the phone is idle (sw/precache.ts). A pack is one JSON file holding many lazy
// files' text, so keeping every screen for offline takes a few requests made side by side instead of one per file.

/** How many packs the lazy files are shared out into: fetched in parallel, each a few dozen KB gzip. */
export const PACKS = 4;

interface Entry {
  url: string;
  revision: string | null;
  size: number;
}

/** What the build writes into the worker: shell files as they are, lazy ones marked, with the pack that holds them. */
export interface OutEntry {
  url: string;
  revision: string | null;
  size: number;
  lazy?: true;
  /** A lazy file: the index of the pack it is in. A pack: `pack` is its own index. */
  in?: number;
  pack?: number;
}

/** The files index.html loads, the update prompt, and every chunk these import (statically), transitively. */
async function shellFiles(outDir: string, entries: Entry[]): Promise<Set<string>> {
  const html = await readFile(join(outDir, 'index.html'), 'utf8');
  const shell = new Set([...html.matchAll(/(?:src|href)="\/([^"?#]+)"/g)].map((match) => match[1] ?? ''));
  shell.add('index.html').add('favicon.svg');
  for (const entry of entries) if (/^assets\/UpdatePrompt-[\w-]+\.(js|css)$/.test(entry.url)) shell.add(entry.url);
  const pending = [...shell].filter((url) => url.endsWith('.js'));
  for (let url = pending.pop(); url !== undefined; url = pending.pop()) {
    const code = await readFile(join(outDir, url), 'utf8').catch(() => '');
    for (const [, file] of code.matchAll(/(?:from|import)\s*"\.\/([\w.-]+\.js)"/g)) {
      const imported = `assets/${file}`;
      if (!shell.has(imported)) pending.push(imported);
      shell.add(imported);
    }
  }
  return shell;
}

/** Text files go into packs; the icons (each host keeps only its own brand's, when shown) and binaries do not. */
const packable = (url: string) => !url.startsWith('icons/') && /\.(js|css|json|svg)$/.test(url);

/** Shares the files out into at most `count` packs of about equal size (largest first into the lightest pack). */
export function sharePacks<T extends { url: string; size: number }>(files: T[], count: number): T[][] {
  const packs: { size: number; files: T[] }[] = Array.from({ length: Math.min(count, files.length) }, () => ({ size: 0, files: [] }));
  const bySize = [...files].sort((a, b) => b.size - a.size || a.url.localeCompare(b.url));
  for (const file of bySize) {
    const lightest = packs.reduce((best, pack) => (pack.size < best.size ? pack : best));
    lightest.files.push(file);
    lightest.size += file.size;
  }
  return packs.map((pack) => pack.files.sort((a, b) => a.url.localeCompare(b.url)));
}

/** The manifest transform (vite.config.ts): marks the lazy files and writes the packs into the build. */
export async function offlineManifest(outDir: string, entries: Entry[]): Promise<OutEntry[]> {
  const shell = await shellFiles(outDir, entries);
  const lazy = entries.filter((entry) => !shell.has(entry.url));
  const packs = sharePacks(lazy.filter((entry) => packable(entry.url)), PACKS);
  const packOf = new Map<string, number>();
  const written: OutEntry[] = [];
  for (const [index, files] of packs.entries()) {
    const bodies = await Promise.all(files.map(async (file) => [`/${file.url}`, getMimeType(file.url) ?? 'text/plain', await readFile(join(outDir, file.url), 'utf8')]));
    const text = JSON.stringify({ files: bodies });
    const url = `assets/offline-pack-${index}-${createHash('sha256').update(text).digest('hex').slice(0, 10)}.json`;
    await writeFile(join(outDir, url), text);
    for (const file of files) packOf.set(file.url, index);
    written.push({ url, revision: null, size: Buffer.byteLength(text), lazy: true, pack: index });
  }
  const marked = entries.map((entry): OutEntry => {
    if (shell.has(entry.url)) return entry;
    const pack = packOf.get(entry.url);
    return pack === undefined ? { ...entry, lazy: true } : { ...entry, lazy: true, in: pack };
  });
  return [...marked, ...written];
}
