import type { PrecacheEntry } from 'workbox-precaching';

/** A precache entry as the build writes it (vite.config.ts): `lazy` marks what the first visit does not download. */
export interface ShellEntry extends PrecacheEntry {
  lazy?: boolean;
}

export interface LazyEntry {
  /** Absolute URL. */
  url: string;
  /** null for a hashed file (its name changes with its content), else the build's hash of its content. */
  revision: string | null;
}

/**
 * The build's manifest in two: the shell, precached at install (index.html, what it loads at once, the favicon), and
 * everything else (other routes' chunks, icons, the credits), cached when first used or when the phone is idle.
 */
export function splitManifest(manifest: (string | ShellEntry)[], base: string): { shell: PrecacheEntry[]; lazy: LazyEntry[] } {
  const shell: PrecacheEntry[] = [];
  const lazy: LazyEntry[] = [];
  for (const entry of manifest) {
    if (typeof entry === 'string') {
      shell.push({ url: entry, revision: null });
      continue;
    }
    const { lazy: isLazy, ...rest } = entry;
    if (isLazy) lazy.push({ url: new URL(entry.url, base).href, revision: entry.revision ?? null });
    else shell.push(rest);
  }
  return { shell, lazy };
}

/** The same-origin URLs among those a page has loaded that belong to the lazy part (what to keep from a first visit). */
export function loadedLazyUrls(urls: unknown, lazy: ReadonlySet<string>): string[] {
  if (!Array.isArray(urls)) return [];
  return [...new Set(urls.filter((url): url is string => typeof url === 'string').map((url) => url.split('#')[0] ?? url))].filter((url) =>
    lazy.has(url),
  );
}
