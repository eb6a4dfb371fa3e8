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
