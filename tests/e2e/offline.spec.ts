import { expect, test } from '@playwright/test';
import { PHONE, PT_ORIGIN, signIn, waitForServiceWorker } from './support/helpers.ts';
import { setPhoneOffline } from './support/offline.ts';

test.use({ viewport: PHONE });

test('after one visit, /explorar reloads offline with the app and the cached events', async ({ page, context }) => {
  await signIn(page);
  const firstEvent = page.locator('.event-row .event-team').first();
  await expect(firstEvent).toBeVisible();
  const home = await firstEvent.textContent();
  await waitForServiceWorker(page);

  await setPhoneOffline(context, true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Explorar' })).toBeVisible();
  await expect(page.getByText('Sem ligação. Estás a ver o que este telemóvel guardou.')).toBeVisible();
  await expect(page.locator('.event-row .event-team').first()).toHaveText(home ?? '');
  await expect(page.getByText(/Actualizado às \d\d:\d\d/)).toBeVisible();

  // Every other route opens offline too, signed in.
  await page.goto(`${PT_ORIGIN}/dashboard/comunidade/grupos`);
  await expect(page.getByRole('heading', { name: 'Grupos' })).toBeVisible();
  await setPhoneOffline(context, false);
});

test('sign-out while offline says Sem rede and still signs out', async ({ page, context }) => {
  await signIn(page);
  await waitForServiceWorker(page);
  await setPhoneOffline(context, true);
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Terminar sessão' }).click();
  await expect(page.getByText('Sem rede')).toBeVisible();
  await expect(page).toHaveURL(`${PT_ORIGIN}/`);
  await page.goto(`${PT_ORIGIN}/explorar`);
  await expect(page).toHaveURL(/\/login\?error=SessionRequired/);

  // Back online, the pending sign-out reaches the server: the old cookie no longer signs anyone in.
  await setPhoneOffline(context, false);
  await page.reload();
  await expect(page.locator('#field-userData')).toBeVisible();
  const session = await page.evaluate(async () => (await fetch('/api/auth/session')).json());
  expect(session).toEqual({});
});
