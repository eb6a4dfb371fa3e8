import { chromium, expect, test } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EN_ORIGIN, PT_ORIGIN, signIn, waitForServiceWorker } from './support/helpers.ts';

test('en.localhost shows the English brand', async ({ page }) => {
  await page.goto(`${EN_ORIGIN}/login`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page).toHaveTitle('Slipmates');
  await expect(page.getByRole('tab', { name: 'Sign in' })).toBeVisible();
  await page.getByRole('tab', { name: 'Sign up' }).click();
  await expect(page.getByLabel('Full name')).toBeVisible();
  await expect(page.locator('#field-numeroTelemovel')).toHaveCount(0);
  await page.getByRole('tab', { name: 'Sign in' }).click();
  await page.locator('#field-userData').fill('demo');
  await page.locator('#field-password').fill('short');
  await page.locator('form button[type=submit]').click();
  await expect(page.getByText('Check your password')).toBeVisible();
  await signIn(page, EN_ORIGIN);
  await expect(page.getByRole('heading', { name: 'Explore' })).toBeVisible();
  await expect(page.getByText('Upcoming matches')).toBeVisible();
});

for (const [label, origin, name] of [
  ['pt', PT_ORIGIN, 'Fichas'],
  ['en', EN_ORIGIN, 'Slipmates'],
] as const) {
  test(`the ${label} host is installable with no installability errors`, async () => {
    // Installability is only evaluated in a persistent profile (DESIGN §8).
    const profile = mkdtempSync(join(tmpdir(), 'fichas-profile-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    });
    try {
      const page = await context.newPage();
      await page.goto(`${origin}/`);
      await waitForServiceWorker(page);
      const manifest = await page.evaluate(async () => (await fetch('/manifest.webmanifest')).json());
      expect(manifest.name).toBe(name);
      const cdp = await context.newCDPSession(page);
      await expect
        .poll(async () => {
          const result = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
          return result.installabilityErrors.map((error) => error.errorId);
        })
        .toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
}

for (const [label, origin, name, signUp, lead] of [
  ['pt', PT_ORIGIN, 'Fichas', 'Criar conta', 'Bate fichas de futebol'],
  ['en', EN_ORIGIN, 'Slipmates', 'Sign up', 'Build football betting slips'],
] as const) {
  test(`a first visit to the ${label} host's / has the landing page in the HTML, in the brand's words and colours, and it works once the app starts`, async ({
    browser,
  }) => {
    // Without JavaScript: what the HTML alone shows on 3G before the scripts arrive.
    const bare = await browser.newContext({ javaScriptEnabled: false });
    const still = await bare.newPage();
    await still.goto(`${origin}/`);
    await expect(still.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(still.getByText(lead)).toBeVisible();
    await expect(still.getByRole('link', { name: signUp })).toHaveAttribute('href', '/login?tab=signUp');
    const colour = await still.locator('.landing').evaluate((node) => getComputedStyle(node).backgroundImage);
    const primary = await still.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--primary').trim());
    expect(primary).toBe(label === 'pt' ? '#0f7b3f' : '#1d4ed8');
    expect(colour).toContain('linear-gradient');
    await bare.close();

    // With it: the page is taken over as it is (no hydration error) and its links work inside the app.
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${origin}/`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await page.getByRole('link', { name: signUp }).click();
    await expect(page).toHaveURL(`${origin}/login?tab=signUp`);
    await expect(page.getByRole('tab', { name: signUp, selected: true })).toBeVisible();
    expect(errors.filter((text) => /hydrat|did not match|Minified React error/i.test(text))).toEqual([]);
    await context.close();
  });
}

test('a signed-in visitor opening / gets the app, not a flash of the landing page', async ({ page }) => {
  await signIn(page);
  const html = await (await page.request.get(`${PT_ORIGIN}/`, { headers: { accept: 'text/html' } })).text();
  expect(html).not.toContain('class="landing"');
  expect(html).toContain('class="boot"');
  await page.goto(`${PT_ORIGIN}/`);
  await expect(page).toHaveURL(`${PT_ORIGIN}/explorar`);
});
