import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../hono-env.ts';
import type { Config } from '../config.ts';
import { publicUrl } from '../lib/http.ts';

// Response headers of docs/security.md "Script injection and framing": a strict Content-Security-Policy on every
// HTML page (inline code only by hash of our own trusted templates), no framing except the payment page inside the
// app itself, HSTS when the public URL is https, and no-store on everything that carries personal data.

/**
 * The sports widget loader (src/components/events/LiveWidget.tsx, SPEC §7): its script comes from this host, and
 * it fetches its data, styles, fonts and images from Sportradar's hosts. A test keeps this in step with the app.
 */
export const WIDGET_SCRIPT_ORIGIN = 'https://widgets.sir.sportradar.com';
const WIDGET_ASSET_ORIGINS = 'https://*.sportradar.com';

/** A host[:port] safe to write into a policy (a Host header may hold `;`, which would start a new directive). */
const SAFE_HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$/;

export interface InlineHashes {
  scripts: string[];
  styles: string[];
}

const hashSource = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * CSP hash sources for the inline <script> and <style> elements of one of our own templates (never of a page that
 * holds user input: that would allow whatever was injected).
 */
export function inlineHashes(trustedHtml: string): InlineHashes {
  const scripts = [...trustedHtml.matchAll(/<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi)];
  const styles = [...trustedHtml.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)];
  return {
    scripts: scripts.map((match) => hashSource(match[1] ?? '')),
    styles: styles.map((match) => hashSource(match[1] ?? '')),
  };
}

/** Where the app's live connections go: the realtime WebSocket and, with hosted Beams, Beams's own API. */
export function liveConnectSources(config: Config, own: URL): string[] {
  const { pusher, beams } = config.realtime;
  const sources: string[] = [];
  const embedded = pusher.mode === 'embedded';
  const host = pusher.wsHost ?? (embedded ? own.hostname : null);
  const port = pusher.wsPort ?? (embedded ? own.port || null : null);
  const address = host ? `${host}${port ? `:${port}` : ''}` : null;
  if (address && SAFE_HOST.test(address)) {
    for (const scheme of pusher.useTLS ? ['wss'] : ['ws', 'wss']) sources.push(`${scheme}://${address}`);
  }
  if (beams.mode === 'hosted') sources.push(`https://${beams.instanceId}.pushnotifications.pusher.com`);
  return sources;
}

const policy = (directives: Record<string, string[]>) =>
  Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');

function paymentFrameOrigins(config: Config): string[] {
  return config.emisGpo ? [new URL(config.emisGpo.url).origin] : [];
}

/** The app shell (index.html and every client route): our own code, the realtime and push hosts, the widget. */
export function appShellPolicy(c: Context<AppEnv>, inline: InlineHashes = { scripts: [], styles: [] }): string {
  const own = publicUrl(c);
  return policy({
    'default-src': ["'self'"],
    'script-src': ["'self'", ...inline.scripts, WIDGET_SCRIPT_ORIGIN],
    'style-src': ["'self'", ...inline.styles, WIDGET_ASSET_ORIGINS],
    // Photos and chat images are data: URLs; previews of picked files are blob: URLs.
    'img-src': ["'self'", 'data:', 'blob:', WIDGET_ASSET_ORIGINS],
    'font-src': ["'self'", WIDGET_ASSET_ORIGINS],
    'connect-src': ["'self'", ...liveConnectSources(c.get('config'), own), WIDGET_ASSET_ORIGINS],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    // The simulated EMIS page opens in a frame of the app's own origin; with EMIS GPO, that frame moves on to GPO's
    // payment frame (its origin and no other).
    'frame-src': ["'self'", ...paymentFrameOrigins(c.get('config'))],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  });
}

/** The payment page: its own inline style and script by hash, forms to us, framed only by the app itself. */
export function paymentPagePolicy(inline: InlineHashes): string {
  return policy({
    'default-src': ["'none'"],
    'script-src': inline.scripts.length > 0 ? inline.scripts : ["'none'"],
    'style-src': inline.styles.length > 0 ? inline.styles : ["'none'"],
    'img-src': ["'self'", 'data:'],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
  });
}

/** Any other response: nothing may run or load from it, nor frame it (a JSON body opened as a page stays inert). */
const INERT_POLICY = policy({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] });

/** Calls whose answers are about a signed-in person (or let one in): never kept by the browser or a proxy. */
const PERSONAL_PREFIXES = [
  '/api/client/common/',
  '/api/client/apostador/',
  '/api/client/moderador/',
  '/api/client/public/pagamentos/',
  '/api/auth/',
  '/api/beams/',
  '/pagamentos/',
];

const HSTS = 'max-age=31536000';

/** The response's headers, made writable first when they are not (Auth.js answers some redirects with Response.redirect). */
function writableHeaders(c: Context<AppEnv>): Headers {
  try {
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
  } catch {
    // Hono's header() rebuilds a finalized response around the same body.
    c.header('X-Content-Type-Options', 'nosniff');
  }
  return c.res.headers;
}

export const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const path = c.req.path;
  const headers = writableHeaders(c);
  headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  if (!headers.has('X-Frame-Options')) headers.set('X-Frame-Options', 'DENY');
  // A 304 keeps the policy of the stored 200: one sent here would replace it (and its inline hashes) in the cache.
  if (!headers.has('Content-Security-Policy') && c.res.status !== 304) {
    const html = (headers.get('content-type') ?? '').includes('text/html');
    if (html) headers.set('Content-Security-Policy', appShellPolicy(c));
    else if (path.startsWith('/api/')) headers.set('Content-Security-Policy', INERT_POLICY);
  }
  if (PERSONAL_PREFIXES.some((prefix) => path.startsWith(prefix))) headers.set('Cache-Control', 'no-store');
  if (publicUrl(c).protocol === 'https:') headers.set('Strict-Transport-Security', HSTS);
};
