import { TIP_TEXT_MAX } from '../../../contract/limits.ts';

/**
 * What another app shared (the manifest's share_target: title, text, url as query parameters), as one text, or null
 * when nothing was shared. WhatsApp puts everything in `text`; others repeat the title at its start, or send the link
 * apart: each part once, in that order.
 */
export function sharedText(params: URLSearchParams): string | null {
  const parts: string[] = [];
  for (const name of ['title', 'text', 'url']) {
    const value = params.get(name)?.trim() ?? '';
    if (value && !parts.some((part) => part.includes(value))) parts.push(value);
  }
  return parts.length > 0 ? parts.join('\n').slice(0, TIP_TEXT_MAX) : null;
}

/**
 * The path of one of our own public slips (ShareOutside's link, /{nomeUsuario}/fichas/{fichaId}) linked in `text` on
 * this very site, or null. Only our own origin: a link elsewhere is text like any other.
 */
export function ownSlipPath(text: string, origin: string): string | null {
  for (const found of text.matchAll(/https?:\/\/[^\s<>"']+/g)) {
    let url: URL;
    try {
      url = new URL(found[0]);
    } catch {
      continue;
    }
    if (url.origin !== origin) continue;
    const path = /^\/([^/]+)\/fichas\/([^/]+)\/?$/.exec(url.pathname);
    if (path && path[1] !== 'dashboard') return `/${path[1]}/fichas/${path[2]}`;
  }
  return null;
}
