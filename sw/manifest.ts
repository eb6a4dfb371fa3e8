import type { PrecacheEntry } from 'workbox-precaching';

/**
 * A precache entry as the build writes it (scripts/offline-packs.ts): `lazy` marks what the first visit does not
 * download, `in` the offline pack that holds a lazy file, and `pack` an offline pack itself.
 */
export interface ShellEntry extends PrecacheEntry {
  lazy?: boolean;
  in?: number;
  pack?: number;
}

export interface LazyEntry {
  /** Absolute URL. */
  url: string;
  /** null for a hashed file (its name changes with its content), else the build's hash of its content. */
  revision: string | null;
  /** The offline pack that holds it, if one does. */
  pack?: number;
}

export interface PackEntry {
  /** Absolute URL. */
  url: string;
  index: number;
}

/**
 * The build's manifest in three: the shell, precached at install (index.html, what it loads at once, the favicon);
 * everything else (other routes' chunks, icons, the credits), cached when first used or when the phone is idle; and
 * the offline packs that carry the lazy files in a few requests.
 */
export function splitManifest(manifest: (string | ShellEntry)[], base: string): { shell: PrecacheEntry[]; lazy: LazyEntry[]; packs: PackEntry[] } {
  const shell: PrecacheEntry[] = [];
  const lazy: LazyEntry[] = [];
  const packs: PackEntry[] = [];
  for (const entry of manifest) {
    if (typeof entry === 'string') {
      shell.push({ url: entry, revision: null });
      continue;
    }
    const { lazy: isLazy, in: pack, pack: ownIndex, ...rest } = entry;
    const url = new URL(entry.url, base).href;
    if (typeof ownIndex === 'number') packs.push({ url, index: ownIndex });
    else if (isLazy) lazy.push({ url, revision: entry.revision ?? null, ...(typeof pack === 'number' ? { pack } : {}) });
    else shell.push(rest);
  }
  return { shell, lazy, packs };
}

/** The same-origin URLs among those a page has loaded that belong to the lazy part (what to keep from a first visit). */
export function loadedLazyUrls(urls: unknown, lazy: ReadonlySet<string>): string[] {
  if (!Array.isArray(urls)) return [];
  return [...new Set(urls.filter((url): url is string => typeof url === 'string').map((url) => url.split('#')[0] ?? url))].filter((url) =>
    lazy.has(url),
  );
}

/** The files of an offline pack as the build writes them: [path, content type, text]; null for anything else. */
export function packFiles(body: unknown): { path: string; type: string; text: string }[] | null {
  const files = (body as { files?: unknown } | null)?.files;
  if (!Array.isArray(files)) return null;
  const out: { path: string; type: string; text: string }[] = [];
  for (const file of files) {
    if (!Array.isArray(file) || file.length !== 3 || !file.every((part) => typeof part === 'string')) return null;
    const [path, type, text] = file as [string, string, string];
    out.push({ path, type, text });
  }
  return out;
}
