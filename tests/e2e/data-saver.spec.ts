import { test, expect, type Page } from '@playwright/test';
import { PHONE, PT_ORIGIN, EN_ORIGIN, signIn, waitForServiceWorker } from './support/helpers.ts';
import { setPhoneOffline } from './support/offline.ts';
import { seriousViolations, widerThanViewport } from './support/a11y.ts';

// The data saver of the settings page (docs/decisions.md "Data saver"). The message-image half ("message images wait
// for a tap") is in chat-core.spec.ts, next to the chat it needs.

test.use({ viewport: PHONE });

const saverSwitch = (page: Page) => page.getByRole('switch', { name: 'Poupar dados' });

/** The session figure as the page shows it, in bytes (kB or MB, pt formatting). */
async function sessionBytes(page: Page): Promise<number> {
  const text = (await page.getByTestId('data-session').textContent()) ?? '';
  const value = Number(text.replace(/[^\d,]/g, '').replace(',', '.'));
  return /MB/.test(text) ? value * 1_000_000 : value * 1000;
}

test('the data saver follows a slow connection until the user chooses, and the choice stays', async ({ page, context }) => {
  const cdp = await context.newCDPSession(page);
  // 3G as the browser reports it: navigator.connection.effectiveType comes from the emulated round trip and speed.
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 });
  await signIn(page);
  await page.goto(`${PT_ORIGIN}/dashboard/conta`);
  expect(await page.evaluate(() => (navigator as Navigator & { connection?: { effectiveType?: string } }).connection?.effectiveType)).toMatch(/2g|3g/);
  await expect(saverSwitch(page)).toBeChecked();
  await expect(page.getByText('Ligado porque a tua ligação é lenta ou pede poupança de dados.')).toBeVisible();
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await saverSwitch(page).uncheck();
  await page.reload();
  await expect(saverSwitch(page)).not.toBeChecked();
  await saverSwitch(page).check();
  await page.reload();
  await expect(saverSwitch(page)).toBeChecked();
  await expect(page.getByText('Ligado porque a tua ligação é lenta ou pede poupança de dados.')).toHaveCount(0);
});

test('settings shows the data used this session and month; what the service worker serves offline costs nothing', async ({ page, context }) => {
  await signIn(page);
  await waitForServiceWorker(page);
  await page.goto(`${PT_ORIGIN}/dashboard/conta`);
  await expect(saverSwitch(page)).toBeVisible();
  await expect.poll(() => sessionBytes(page)).toBeGreaterThan(0);
  const month = (await page.getByTestId('data-month').textContent()) ?? '';
  expect(month).toMatch(/kB|MB/);

  // Offline, the app's screens come from the service worker: moving between them receives nothing from the network.
  await page.waitForLoadState('networkidle');
  await setPhoneOffline(context, true);
  const before = await sessionBytes(page);
  await page.getByRole('link', { name: 'Perguntas frequentes' }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await page.goBack();
  await expect(saverSwitch(page)).toBeVisible();
  expect(await sessionBytes(page)).toBe(before);
  await setPhoneOffline(context, false);

  for (const origin of [PT_ORIGIN, EN_ORIGIN]) {
    if (origin === EN_ORIGIN) await signIn(page, EN_ORIGIN);
    await page.goto(`${origin}/dashboard/conta`);
    await expect(page.locator('#settings-data')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`data-saver-${origin === PT_ORIGIN ? 'pt' : 'en'}.png`), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    expect(await widerThanViewport(page)).toBe(false);
  }
});
