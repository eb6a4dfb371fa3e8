import { mkdirSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { seriousViolations, widerThanViewport } from './support/a11y.ts';
import { upcomingEvents } from './support/betting.ts';
import { EN_ORIGIN, PHONE, PT_ORIGIN, signIn } from './support/helpers.ts';
import { createSlipThroughApi, newPerson, type Person } from './support/people.ts';

// A slip shared outside the app. Partilhar offers the public slip's link (the phone's share sheet;
// without one, "Copiar ligação" and a WhatsApp link), and that link, fetched as WhatsApp fetches it, unfolds into
// Open Graph tags and a 1200×630 PNG of the slip; a hidden slip's page shows nothing of it and its image is gone.

const DESKTOP = { width: 1280, height: 900 };
const SHOTS = process.env.OG_SHOTS ?? '/tmp/og-shots';

/** The Portuguese name, or its English one on the en host once the catalogs carry it. */
const named = (pt: string, en: string) => new RegExp(`^(${pt}|${en})$`);
const OUTSIDE = named('Fora da aplicação', 'Outside the app');
const SHARE_LINK = named('Partilhar ligação', 'Share link');
const COPY_LINK = named('Copiar ligação', 'Copy link');
const LINK_FIELD = named('Ligação da ficha', 'Slip link');
const WHATSAPP = named('Enviar pelo WhatsApp', 'Send on WhatsApp');

/** A browser without the Web Share API (as desktop Chromium on Linux is), signed in as `person`. */
async function pageWithoutShareSheet(browser: Browser, person: Person, viewport: { width: number; height: number }, origin = PT_ORIGIN): Promise<Page> {
  const context = await browser.newContext({ viewport });
  await context.addInitScript(() => {
    delete (Navigator.prototype as { share?: unknown }).share;
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  const page = await context.newPage();
  await signIn(page, origin, person.login);
  return page;
}

function meta(html: string, key: string): string | undefined {
  const match = new RegExp(`<meta (?:property|name)="${key.replace(/[:.]/g, '\\$&')}" content="([^"]*)" />`).exec(html);
  return match?.[1]?.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

function pngSize(bytes: Buffer): { width: number; height: number } {
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test('Partilhar offers the public link outside the app, and the link unfolds into the slip\'s preview until it is hidden', async ({ browser, playwright }) => {
  test.slow();
  mkdirSync(SHOTS, { recursive: true });
  const ana = await newPerson('93');
  const events = await upcomingEvents(await (await browser.newContext()).newPage(), 2, 8);
  const slipId = await createSlipThroughApi(ana, events);
  const publicPath = `/${ana.user.nomeUsuario}/fichas/${slipId}`;

  // Ana opens Partilhar on her slip: without a share sheet, the link goes through "Copiar ligação" or WhatsApp.
  for (const [origin, lang] of [[PT_ORIGIN, 'pt'], [EN_ORIGIN, 'en']] as const) {
    for (const [size, viewport] of [['1280', DESKTOP], ['360', PHONE]] as const) {
      const page = await pageWithoutShareSheet(browser, ana, viewport, origin);
      await page.goto(`${origin}/dashboard/fichas/${slipId}`);
      await page.getByRole('main').getByRole('button', { name: named('Partilhar', 'Share') }).click();
      const dialog = page.getByRole('dialog', { name: named('Partilhar ficha', 'Share slip') });
      const outside = dialog.getByRole('region', { name: OUTSIDE });
      await expect(outside).toBeVisible();
      await outside.getByRole('button', { name: SHARE_LINK }).click();
      const copy = outside.getByRole('button', { name: COPY_LINK });
      await expect(copy).toBeFocused();
      const url = `${origin}${publicPath}`;
      await expect(outside.getByRole('textbox', { name: LINK_FIELD })).toHaveValue(url);
      const whatsApp = outside.getByRole('link', { name: WHATSAPP });
      const href = (await whatsApp.getAttribute('href')) ?? '';
      expect(href.startsWith('https://wa.me/?text=')).toBe(true);
      expect(decodeURIComponent(href.slice('https://wa.me/?text='.length))).toContain(url);
      expect(await whatsApp.getAttribute('rel')).toContain('noopener');
      expect(await seriousViolations(page), `share dialog ${lang} ${size}`).toEqual([]);
      expect(await widerThanViewport(page)).toBe(false);
      await page.screenshot({ path: `${SHOTS}/share-outside-${lang}-${size}.png` });
      if (lang === 'pt' && size === '1280') {
        await copy.click();
        await expect(page.getByText('Ligação copiada').first()).toBeVisible();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
      }
      await page.context().close();
    }
  }

  // The link as WhatsApp's crawler fetches it: no cookies, any Accept.
  const crawler = await playwright.request.newContext({ extraHTTPHeaders: { 'User-Agent': 'WhatsApp/2.23.20.0', Accept: '*/*' } });
  const html = await (await crawler.get(`${PT_ORIGIN}${publicPath}`)).text();
  expect(meta(html, 'og:site_name')).toBe('Fichas');
  expect(meta(html, 'og:title')).toBe(`Ficha de @${ana.user.nomeUsuario} · 2 selecções · Pendente`);
  expect(meta(html, 'og:url')).toBe(`${PT_ORIGIN}${publicPath}`);
  const description = meta(html, 'og:description') ?? '';
  expect(description).toContain('Valor 250 Kz');
  expect(description).toContain('Retorno potencial');
  for (const event of events) expect(description).toContain(`${event.home_name} – ${event.away_name}: Resultado final: Casa @ `);
  expect(meta(html, 'twitter:card')).toBe('summary_large_image');
  const imageUrl = meta(html, 'og:image') ?? '';
  expect(imageUrl.startsWith(`${PT_ORIGIN}/og/fichas/${slipId}.png?v=`)).toBe(true);
  const image = await crawler.get(imageUrl);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/png');
  const png = await image.body();
  expect(pngSize(png)).toEqual({ width: 1200, height: 630 });
  writeFileSync(`${SHOTS}/og-image-e2e.png`, png);

  // Hidden by its author: the brand alone, and the image is gone.
  const hidden = await ana.api.patch(`/api/client/apostador/fichas/${slipId}/ocultar`, { headers: { 'Idempotency-Key': `e2e:${randomUUID()}` } });
  expect(hidden.status()).toBe(200);
  const after = await (await crawler.get(`${PT_ORIGIN}${publicPath}`)).text();
  expect(meta(after, 'og:title')).toBe('Fichas');
  expect(after).not.toContain('/og/fichas/');
  // Nothing of the slip (its stake in Kz) is left in the page; the built files' hashed names may hold any letters.
  expect(after.replace(/\/assets\/[\w.-]+/g, '')).not.toContain('Kz');
  expect((await crawler.get(imageUrl)).status()).toBe(404);
  await crawler.dispose();
});
