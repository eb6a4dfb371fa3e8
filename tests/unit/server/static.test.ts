import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser } from './helpers/http.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { landingFile } from '../../../contract/prerender.ts';

const TEMPLATE = `<!doctype html>
<html lang="%LANG%">
  <head>
    <meta name="theme-color" content="%THEME_COLOR%" />
    <meta name="description" content="%DESCRIPTION%" />
    <link rel="manifest" href="/manifest.webmanifest" />
    <link rel="apple-touch-icon" href="/icons/%BRAND_ICON%-192.png" />
    <style>html{background:%BACKGROUND%}</style>
    <title>%BRAND_NAME%</title>
    <script type="module" src="/assets/index-abc123.js"></script>
  </head>
  <body><div id="root"><!--boot--><div class="boot">%BRAND_NAME%</div><!--/boot--></div></body>
</html>
`;

// Static serving does not depend on the database engine, so it runs once, on SQLite.
describe('static app, branded index.html and web manifest', () => {
  let server: TestServer;
  let staticDir: string;

  beforeAll(async () => {
    server = await startTestServer({ name: 'sqlite', available: true }, { seed: false });
    staticDir = server.config.staticDir;
    mkdirSync(join(staticDir, 'assets'), { recursive: true });
    writeFileSync(join(staticDir, 'index.html'), TEMPLATE);
    writeFileSync(join(staticDir, 'assets', 'index-abc123.js'), 'console.log("app");\n');
    writeFileSync(join(staticDir, 'assets', 'big-def456.js'), 'export const rows = [];\n'.concat(Array.from({ length: 800 }, (_, i) => `rows.push(${i});\n`).join('')));
    writeFileSync(join(staticDir, 'sw.js'), 'self.addEventListener("fetch", () => {});\n');
    writeFileSync(join(server.config.dataDir, 'secret.txt'), 'do not serve');
    // What the build prerenders per brand (scripts/prerender-landing.ts).
    mkdirSync(join(staticDir, 'prerender'), { recursive: true });
    writeFileSync(join(staticDir, landingFile('fichas')), '<div class="landing"><h1>Fichas</h1></div>');
    writeFileSync(join(staticDir, landingFile('slipmates')), '<div class="landing"><h1>Slipmates</h1></div>');
  });
  afterAll(() => server.close());

  const page = (path: string, host = 'localhost:8080', headers: Record<string, string> = {}) =>
    browser(server.app).request(path, { host, headers: { accept: 'text/html', ...headers } });

  it('brands index.html for the Portuguese host', async () => {
    const res = await page('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    expect(html).toContain('<html lang="pt">');
    expect(html).toContain('<title>Fichas</title>');
    expect(html).toContain('<meta name="theme-color" content="#0f7b3f" />');
    expect(html).not.toMatch(/%[A-Z_]+%/);
  });

  it('brands index.html for the English host', async () => {
    const html = await (await page('/', 'en.localhost:8080')).text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<title>Slipmates</title>');
    expect(html).toContain('href="/icons/slipmates-192.png"');
    expect(html).toContain('html{background:#f3f5fa}');
    expect(html).toContain('content="Build, save and share football betting slips with the community."');
  });

  it("puts the brand's landing page in / for a visitor without a session cookie, and nowhere else", async () => {
    const first = await page('/');
    const html = await first.text();
    expect(html).toContain('<div id="root"><div class="landing"><h1>Fichas</h1></div></div>');
    expect(html).not.toContain('class="boot"');
    expect(first.headers.get('vary')).toMatch(/cookie/i);
    // Its inline style is still allowed by its hash: the landing page adds none.
    expect(first.headers.get('content-security-policy')).toContain("'sha256-");
    expect(await (await page('/', 'en.localhost:8080')).text()).toContain('<h1>Slipmates</h1>');

    // A visitor with a session (Auth.js's cookie, on http or https, whole or chunked) starts on the app's splash.
    for (const cookie of ['authjs.session-token=x', 'a=1; __Secure-authjs.session-token=x', 'authjs.session-token.0=x']) {
      const signedIn = await page('/', 'localhost:8080', { cookie });
      const body = await signedIn.text();
      expect(body).toContain('<div class="boot">Fichas</div>');
      expect(body).not.toContain('class="landing"');
      expect(signedIn.headers.get('etag')).not.toBe(first.headers.get('etag'));
    }
    // The copy the service worker keeps, and every other route, are the app shell alone.
    for (const path of ['/index.html', '/explorar', '/login']) expect(await (await page(path)).text()).not.toContain('class="landing"');
    // Revalidation keeps the two apart.
    const etag = first.headers.get('etag') ?? '';
    expect((await page('/', 'localhost:8080', { 'if-none-match': etag })).status).toBe(304);
    expect((await page('/', 'localhost:8080', { 'if-none-match': etag, cookie: 'authjs.session-token=x' })).status).toBe(200);
  });

  it('answers a navigation to a client route with the app shell (SPA fallback)', async () => {
    for (const path of ['/explorar', '/dashboard/fichas/123', '/demo/fichas/abc']) {
      const res = await page(path);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<div id="root">');
    }
  });

  it('serves hashed assets as immutable and sw.js as no-cache, with content types', async () => {
    const asset = await browser(server.app).request('/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toContain('text/javascript');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await asset.text()).toBe('console.log("app");\n');
    const sw = await browser(server.app).request('/sw.js');
    expect(sw.headers.get('cache-control')).toBe('no-cache');
  });

  it('revalidates with ETag: a matching If-None-Match gets 304', async () => {
    const first = await browser(server.app).request('/sw.js');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).not.toBe('');
    const again = await browser(server.app).request('/sw.js', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('answers 404 to a missing asset and never serves files outside the build', async () => {
    expect((await browser(server.app).request('/assets/missing.js')).status).toBe(404);
    // %2f survives URL parsing, so these reach the handler as ../ once decoded.
    for (const path of ['/..%2fsecret.txt', '/assets/..%2f..%2fsecret.txt', '/assets%2f..%2f..%2fsecret.txt']) {
      const res = await browser(server.app).request(path);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('do not serve');
    }
  });

  it('serves a web manifest per host', async () => {
    const pt = await browser(server.app).request('/manifest.webmanifest');
    expect(pt.status).toBe(200);
    expect(pt.headers.get('content-type')).toBe('application/manifest+json');
    expect(pt.headers.get('cache-control')).toBe('no-cache');
    expect(await pt.json()).toMatchObject({ name: 'Fichas', lang: 'pt', theme_color: '#0f7b3f' });

    const en = await browser(server.app).request('/manifest.webmanifest', { host: 'en.localhost:8080' });
    const manifest = (await en.json()) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      id: '/',
      name: 'Slipmates',
      short_name: 'Slipmates',
      lang: 'en',
      start_url: '/explorar',
      scope: '/',
      display: 'standalone',
      theme_color: '#1d4ed8',
      background_color: '#f3f5fa',
      // Shared text (WhatsApp's "Partilhar") opens the tip importer.
      share_target: { action: '/dashboard/fichas/importar', method: 'GET', params: { title: 'title', text: 'text', url: 'url' } },
    });
    expect(manifest.icons).toEqual([
      { src: '/icons/slipmates-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/slipmates-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/slipmates-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ]);
  });

  it('gzips text answers when the browser accepts it, and sends an answer under one packet as it is', async () => {
    const asset = '/assets/big-def456.js';
    const plain = await (await browser(server.app).request(asset)).text();
    expect(plain.length).toBeGreaterThan(1024);
    // Twice: the second comes from the kept copy of this immutable file, and must be the same bytes.
    for (let i = 0; i < 2; i += 1) {
      const res = await browser(server.app).request(asset, { headers: { 'accept-encoding': 'gzip, deflate' } });
      expect(res.headers.get('content-encoding')).toBe('gzip');
      expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(res.headers.get('etag')).toMatch(/^W\//);
      expect(res.headers.get('content-type')).toMatch(/javascript/);
      expect(Number(res.headers.get('content-length'))).toBeLessThan(plain.length);
      const body = res.body;
      if (!body) throw new Error('no body');
      const unzipped = await new Response(body.pipeThrough(new DecompressionStream('gzip'))).text();
      expect(unzipped).toBe(plain);
    }
    // Refused by q=0: sent as it is.
    const refused = await browser(server.app).request(asset, { headers: { 'accept-encoding': 'gzip;q=0' } });
    expect(refused.headers.get('content-encoding')).toBeNull();

    // The manifest is a few hundred bytes: gzip would cost more than it saves.
    const small = await browser(server.app).request('/manifest.webmanifest', { headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(small.headers.get('content-type')).toMatch(/manifest\+json/);
    expect(small.headers.get('vary')).toMatch(/accept-encoding/i);
    const text = await small.text();
    expect(Number(small.headers.get('content-length'))).toBe(new TextEncoder().encode(text).byteLength);
    expect(JSON.parse(text)).toMatchObject({ display: 'standalone' });
  });

  it('tells to build the app when there is no index.html', async () => {
    const app = server.appWith({ staticDir: join(server.config.dataDir, 'no-build-here') });
    const res = await browser(app).request('/explorar', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('npm run build');
    expect((await browser(app).request('/manifest.webmanifest')).status).toBe(200);
  });
});
