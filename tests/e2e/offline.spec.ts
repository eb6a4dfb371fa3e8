import { expect, test, type Page } from '@playwright/test';
import { PHONE, PT_ORIGIN, signIn, waitForServiceWorker } from './support/helpers.ts';
import { setPhoneOffline } from './support/offline.ts';

test.use({ viewport: PHONE });

/** The first upcoming match's home team. The list is virtualised: its rows are in the page once it is scrolled to. */
async function firstUpcoming(page: Page) {
  const heading = page.getByRole('heading', { name: 'Próximos jogos' });
  const team = page.locator('.event-row .event-team').first();
  // What is above it may still be growing: scroll to it again until its rows are there.
  await expect
    .poll(async () => {
      await heading.scrollIntoViewIfNeeded();
      return team.count();
    })
    .toBeGreaterThan(0);
  return team;
}

test('after one visit, /explorar reloads offline with the app and the cached events', async ({ page, context }) => {
  await signIn(page);
  const firstEvent = await firstUpcoming(page);
  await expect(firstEvent).toBeVisible();
  const home = await firstEvent.textContent();
  await waitForServiceWorker(page);

  await setPhoneOffline(context, true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Explorar' })).toBeVisible();
  await expect(page.getByText('Sem ligação. Estás a ver o que este telemóvel guardou.')).toBeVisible();
  await expect(await firstUpcoming(page)).toHaveText(home ?? '');
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
