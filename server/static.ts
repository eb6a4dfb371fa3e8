import { createHash } from 'node:crypto';
import { createReadStream, type Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join, normalize, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { Context, MiddlewareHandler } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { brandForHost, type Brand } from '../contract/brands.ts';
import type { AppEnv } from './hono-env.ts';
import { injectHead, type HeadTags } from './og/meta.ts';
import { createSlipPreviews, slipImagePath, slipPageRoute } from './og/previews.ts';
import { requestHost } from './lib/http.ts';
import { appShellPolicy, inlineHashes } from './security/headers.ts';
import { landingFile } from '../contract/prerender.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
// Everything outside /assets/ keeps a stable name (index.html, sw.js, icons), so it must be revalidated.
const REVALIDATE = 'no-cache';

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Placeholders the index.html template may hold; every value is HTML-escaped. */
export function indexPlaceholders(brand: Brand): Record<string, string> {
  return {
    '%LANG%': brand.locale,
    '%BRAND_NAME%': brand.name,
    '%SHORT_NAME%': brand.shortName,
    '%DESCRIPTION%': brand.description,
    '%THEME_COLOR%': brand.colors.primary,
    '%BACKGROUND%': brand.colors.background,
    '%PRIMARY_DARK%': brand.colors.primaryDark,
    '%ACCENT%': brand.colors.accent,
    '%SURFACE%': brand.colors.surface,
    '%TEXT_COLOR%': brand.colors.text,
    '%BRAND_ICON%': brand.icon,
  };
}

/** Between these marks index.html holds the boot splash; a first visit to `/` gets the landing page there instead. */
const BOOT_SPLASH = /<!--boot-->[\s\S]*?<!--\/boot-->/;

/** The template with the prerendered landing page in place of the boot splash (scripts/prerender-landing.ts). */
export function withLanding(template: string, landing: string): string {
  return template.replace(BOOT_SPLASH, () => landing);
}

// Auth.js's session cookie, on http and https, whole or in chunks (`.0`, `.1`, …).
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?authjs\.session-token(?:\.\d+)?=/;

/** Whether the request carries a session cookie (valid or not: such a visitor is most likely signed in). */
function hasSessionCookie(c: Context): boolean {
  return SESSION_COOKIE.test(c.req.header('cookie') ?? '');
}

export function renderIndex(template: string, brand: Brand): string {
  const values = indexPlaceholders(brand);
  return template.replace(/%[A-Z_]+%/g, (token) => (token in values ? escapeHtml(values[token] ?? '') : token));
}

async function statFile(path: string): Promise<Stats | null> {
  try {
    const info = await stat(path);
    return info.isFile() ? info : null;
  } catch {
    return null;
  }
}

/** Maps a URL path into the static root; null for anything that could escape it. */
function resolveInside(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const path = normalize(join(root, decoded));
  return path === root || path.startsWith(root + sep) ? path : null;
}

const etagOf = (info: Stats) => `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;

function notModified(c: Context, etag: string): boolean {
  return (c.req.header('if-none-match') ?? '').split(',').some((tag) => tag.trim() === etag);
}

function serveFile(c: Context, path: string, info: Stats, urlPath: string): Response {
  const etag = etagOf(info);
  const headers: Record<string, string> = {
    'Content-Type': getMimeType(path) ?? 'application/octet-stream',
    'Cache-Control': urlPath.startsWith('/assets/') ? IMMUTABLE : REVALIDATE,
    ETag: etag,
  };
  if (notModified(c, etag)) return c.body(null, 304, headers);
  headers['Content-Length'] = String(info.size);
  if (c.req.method === 'HEAD') return c.body(null, 200, headers);
  const stream = Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>;
  return c.body(stream, 200, headers);
}

const NOT_BUILT =
  'Fichas: the app has not been built yet. Run `npm run build` (or `npm start`, which builds first), then reload.\n';

/** Serves the Vite build with SPA fallback; index.html is branded per host (lang, title, theme colour). */
export function createStaticHandler(staticDir: string): MiddlewareHandler<AppEnv> {
  const root = normalize(staticDir);
  const indexPath = join(root, 'index.html');
  let cached: { mtimeMs: number; template: string } | null = null;
  const landings = new Map<string, { mtimeMs: number; markup: string } | null>();
  // The public slip page's link preview (Open Graph tags) and its og:image (server/og).
  const previews = createSlipPreviews();

  async function indexTemplate(): Promise<{ template: string; info: Stats } | null> {
    const info = await statFile(indexPath);
    if (!info) return null;
    if (cached?.mtimeMs !== info.mtimeMs) cached = { mtimeMs: info.mtimeMs, template: await readFile(indexPath, 'utf8') };
    return { template: cached.template, info };
  }

  /** The brand's prerendered landing page from the build, or null (a build without it: the boot splash stays). */
  async function landingMarkup(brand: Brand): Promise<{ mtimeMs: number; markup: string } | null> {
    const path = join(root, landingFile(brand.id));
    const info = await statFile(path);
    if (!info) return null;
    const known = landings.get(brand.id);
    if (known?.mtimeMs === info.mtimeMs) return known;
    const fresh = { mtimeMs: info.mtimeMs, markup: await readFile(path, 'utf8') };
    landings.set(brand.id, fresh);
    return fresh;
  }

  /**
   * index.html for this host's brand. `landingFirst` (a visit to `/` without a session cookie): the landing page's
   * markup is in it, so a first visit shows it before any JavaScript (start-up hydrates it, src/app/start.tsx). The
   * service worker's copy (/index.html) never has it: the app renders every screen from there.
   */
  async function serveIndex(c: Context<AppEnv>, head?: () => Promise<HeadTags>, landingFirst = false): Promise<Response> {
    const index = await indexTemplate();
    if (!index) return c.text(NOT_BUILT, 503, { 'Cache-Control': 'no-store' });
    const brand = brandForHost(requestHost(c));
    const tags = head ? await head() : null;
    const landing = landingFirst ? await landingMarkup(brand) : null;
    const tagsVersion = tags ? `-${createHash('sha256').update(tags.title).update(tags.tags).digest('base64url').slice(0, 12)}` : '';
    const landingVersion = landing ? `-l${Math.floor(landing.mtimeMs).toString(16)}` : '';
    const etag = `W/"${brand.id}-${Math.floor(index.info.mtimeMs).toString(16)}${tagsVersion}${landingVersion}"`;
    const headers = { 'Cache-Control': REVALIDATE, ETag: etag, Vary: landingFirst ? 'Host, Cookie' : 'Host' };
    if (notModified(c, etag)) return c.body(null, 304, headers);
    // The built template and the brand's settings are ours: their inline boot style is allowed by its hash. The
    // preview's tags (escaped user content) are added after the hashes are taken, so nothing in them is ever allowed.
    const html = renderIndex(landing ? withLanding(index.template, landing.markup) : index.template, brand);
    const policy = appShellPolicy(c, inlineHashes(html));
    return c.html(tags ? injectHead(html, tags) : html, 200, { ...headers, 'Content-Security-Policy': policy });
  }

  return async (c, next) => {
    const method = c.req.method;
    const path = c.req.path;
    if ((method !== 'GET' && method !== 'HEAD') || path === '/api' || path.startsWith('/api/')) return next();
    if (path === '/') return serveIndex(c, undefined, !hasSessionCookie(c));
    if (path === '/index.html') return serveIndex(c);
    const imageId = slipImagePath(path);
    if (imageId !== null) return previews.image(c, imageId);
    const file = resolveInside(root, path);
    const info = file ? await statFile(file) : null;
    if (file && info) return serveFile(c, file, info, path);
    // The public slip page answers every client (link previewers do not all ask for text/html) with its tags.
    const slipPage = slipPageRoute(path);
    if (slipPage) return serveIndex(c, () => previews.head(c, slipPage));
    // A navigation to a client route (/explorar, /login, …) gets the app shell; a missing asset stays a 404.
    if ((c.req.header('accept') ?? '').includes('text/html')) return serveIndex(c);
    return next();
  };
}
