import type { Context } from 'hono';
import { brandForHost } from '../../contract/brands.ts';
import type { AppEnv } from '../hono-env.ts';
import { publicUrl } from '../lib/http.ts';
import { isId } from '../social/shared/request.ts';
import { ImageCache } from './image-cache.ts';
import { brandTags, slipTags, type HeadTags } from './meta.ts';
import { renderSlipPng } from './render-png.ts';
import { loadSlipPreview, previewVersion } from './slip-preview.ts';

// A shared slip's link preview (docs/api/betting.md "Shared outside the app (link previews)"): the public slip page's
// Open Graph tags and its og:image, served by the static handler (server/static.ts) next to the app shell.

const SLIP_PAGE = /^\/([^/]+)\/fichas\/([^/]+)\/?$/;
const SLIP_IMAGE = /^\/og\/fichas\/([^/]+)\.png$/;
/** First path segments of the app's own routes that look like /{x}/fichas/{id} but are not public slips. */
const APP_SEGMENTS = new Set(['dashboard', 'api', 'og', 'assets']);

/** Renders at once at most this many images; more wait, and past the queue's length get a 503 (CPU is shared). */
const RENDERS_AT_ONCE = 2;
const RENDER_QUEUE = 16;
/** Short: a slip hidden after it was shared must stop showing soon in caches that keep the image. */
const IMAGE_CACHE_CONTROL = 'public, max-age=300';

export interface SlipPageRoute {
  nomeUsuario: string;
  fichaId: string;
}

/** /{nomeUsuario}/fichas/{fichaId} of the app (src/app/AppRoutes.tsx PublicSlip); null for any other path. */
export function slipPageRoute(path: string): SlipPageRoute | null {
  const match = SLIP_PAGE.exec(path);
  if (!match) return null;
  let nomeUsuario: string;
  try {
    nomeUsuario = decodeURIComponent(match[1] ?? '');
  } catch {
    return null;
  }
  if (APP_SEGMENTS.has(nomeUsuario)) return null;
  return { nomeUsuario, fichaId: match[2] ?? '' };
}

export function slipImagePath(path: string): string | null {
  return SLIP_IMAGE.exec(path)?.[1] ?? null;
}

/** The origin links in a preview point at: the PUBLIC_URL origin of the request's host (else the first), or the request's. */
export function previewOrigin(c: Context<AppEnv>): string {
  const own = publicUrl(c);
  const configured = c.get('config').publicUrls;
  if (configured.length > 0) return configured.find((origin) => new URL(origin).host === own.host) ?? configured[0] ?? own.origin;
  return own.origin;
}

function notFoundImage(c: Context<AppEnv>): Response {
  return c.body(null, 404, { 'Cache-Control': 'no-store', Vary: 'Host' });
}

export interface SlipPreviews {
  /** The tags of the public slip page: the slip's content when anybody may see it, else the brand's alone. */
  head(c: Context<AppEnv>, route: SlipPageRoute): Promise<HeadTags>;
  /** GET /og/fichas/{fichaId}.png: the slip as a 1200×630 PNG; 404 for a hidden, removed or unknown slip. */
  image(c: Context<AppEnv>, fichaId: string): Promise<Response>;
}

export function createSlipPreviews(cache = new ImageCache()): SlipPreviews {
  let rendering = 0;
  const waiting: (() => void)[] = [];

  async function limited<T>(work: () => Promise<T>): Promise<T | null> {
    if (rendering >= RENDERS_AT_ONCE) {
      if (waiting.length >= RENDER_QUEUE) return null;
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
    rendering += 1;
    try {
      return await work();
    } finally {
      rendering -= 1;
      waiting.shift()?.();
    }
  }

  return {
    async head(c, route) {
      const origin = previewOrigin(c);
      const brand = brandForHost(new URL(origin).host);
      const preview = isId(route.fichaId) ? await loadSlipPreview(c.get('db'), route.fichaId, route.nomeUsuario) : null;
      if (!preview) {
        const pageUrl = `${origin}/${encodeURIComponent(route.nomeUsuario)}/fichas/${encodeURIComponent(route.fichaId)}`;
        return brandTags(brand, pageUrl, origin);
      }
      const pageUrl = `${origin}/${encodeURIComponent(preview.author)}/fichas/${preview.id}`;
      // The version in the image's address changes with what it shows: apps that keep images by address fetch anew.
      const imageUrl = `${origin}/og/fichas/${preview.id}.png?v=${previewVersion(preview, brand.id)}`;
      return slipTags(preview, brand, pageUrl, imageUrl);
    },

    async image(c, fichaId) {
      if (!isId(fichaId)) return notFoundImage(c);
      const preview = await loadSlipPreview(c.get('db'), fichaId, null);
      if (!preview) return notFoundImage(c);
      const brand = brandForHost(new URL(previewOrigin(c)).host);
      const version = previewVersion(preview, brand.id);
      const etag = `"${version}"`;
      const headers: Record<string, string> = { 'Cache-Control': IMAGE_CACHE_CONTROL, ETag: etag, Vary: 'Host' };
      if ((c.req.header('if-none-match') ?? '').split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
        return c.body(null, 304, headers);
      }
      const png = await cache.get(version, async () => {
        const drawn = await limited(() => renderSlipPng(preview, brand));
        if (!drawn) throw new BusyError();
        return drawn;
      }).catch((error: unknown) => {
        if (error instanceof BusyError) return null;
        throw error;
      });
      if (!png) return c.body(null, 503, { 'Retry-After': '5', 'Cache-Control': 'no-store' });
      headers['Content-Type'] = 'image/png';
      headers['Content-Length'] = String(png.length);
      if (c.req.method === 'HEAD') return c.body(null, 200, headers);
      return c.body(new Uint8Array(png), 200, headers);
    },
  };
}

class BusyError extends Error {}
