import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { EN_ORIGIN, PHONE, PT_ORIGIN, signIn } from './support/helpers.ts';
import { seriousViolations, widerThanViewport } from './support/a11y.ts';
import { setPhoneOffline } from './support/offline.ts';

// The install action and the push banner. The install action: the menu offers it only when the browser fires
// `beforeinstallprompt`, which a test's browser cannot be counted on to do on its own, so the page gets the browser's
// event with a prompt() that records the call and the user's answer given.

const SHOTS = '/tmp/sw-shots';
const DAY = 24 * 60 * 60_000;

test.use({ viewport: PHONE });

/** The browser offers installing; the user will answer `outcome` in its dialog. Returns whether the app took it over. */
function browserOffers(page: Page, outcome: 'accepted' | 'dismissed'): Promise<boolean> {
  return page.evaluate((answer) => {
    const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & { prompt(): Promise<void>; userChoice: Promise<{ outcome: string }> };
    const scope = window as unknown as { installPrompts?: number };
    event.prompt = async () => {
      scope.installPrompts = (scope.installPrompts ?? 0) + 1;
    };
    event.userChoice = Promise.resolve({ outcome: answer });
    dispatchEvent(event);
    return event.defaultPrevented;
  }, outcome);
}

const menu = (page: Page) => page.getByRole('dialog', { name: 'Menu' });

async function openMenu(page: Page) {
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await expect(menu(page)).toBeVisible();
}

async function closeMenu(page: Page) {
  await page.keyboard.press('Escape');
  await expect(menu(page)).toBeHidden();
}

test('Instalar aplicação shows in the menu when the browser offers it, opens its dialog, and stays away a week after a no', async ({ page }) => {
  mkdirSync(SHOTS, { recursive: true });
  await page.goto(`${PT_ORIGIN}/faq`);
  await openMenu(page);
  await expect(menu(page).getByRole('button', { name: 'Instalar aplicação' })).toHaveCount(0);
  await closeMenu(page);

  // The browser offers it: the app keeps the event (its own bar is not shown) and the menu has the action.
  expect(await browserOffers(page, 'dismissed')).toBe(true);
  await openMenu(page);
  const install = menu(page).getByRole('button', { name: 'Instalar aplicação' });
  await expect(install).toBeVisible();
  expect(await widerThanViewport(page)).toBe(false);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/install-menu-pt-360.png` });

  // Tapped: the browser's dialog opens once; the user says no, and the action goes.
  await install.click();
  await expect(menu(page)).toBeHidden();
  expect(await page.evaluate(() => (window as unknown as { installPrompts?: number }).installPrompts)).toBe(1);
  await openMenu(page);
  await expect(menu(page).getByRole('button', { name: 'Instalar aplicação' })).toHaveCount(0);
  await closeMenu(page);

  // Offered again later the same week: still not shown.
  await page.reload();
  await browserOffers(page, 'dismissed');
  await openMenu(page);
  await expect(menu(page).getByRole('button', { name: 'Instalar aplicação' })).toHaveCount(0);
  await closeMenu(page);

  // Eight days after the no, it is offered again; once the app is installed it goes.
  await page.evaluate((at) => localStorage.setItem('installDismissedAt', String(at)), Date.now() - 8 * DAY);
  await page.reload();
  await browserOffers(page, 'accepted');
  await openMenu(page);
  await expect(menu(page).getByRole('button', { name: 'Instalar aplicação' })).toBeVisible();
  await closeMenu(page);
  await page.evaluate(() => dispatchEvent(new Event('appinstalled')));
  await openMenu(page);
  await expect(menu(page).getByRole('button', { name: 'Instalar aplicação' })).toHaveCount(0);
  await closeMenu(page);

  // The en host (its catalog words it once extracted).
  await page.goto(`${EN_ORIGIN}/faq`);
  await browserOffers(page, 'dismissed');
  await page.getByRole('button', { name: /menu/i }).first().click();
  await expect(page.locator('.drawer .menu-link').last()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/install-menu-en-360.png` });
});

test('the push banner is one line on a 360 px phone, hidden offline, and says where to allow notifications once blocked', async ({ page, context }) => {
  mkdirSync(SHOTS, { recursive: true });
  await signIn(page);
  const banner = page.getByRole('region', { name: 'Notificações' });
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Activar' })).toBeVisible();
  // One line: its text is whole (not cut) on one line, and the banner is no taller than its button row.
  const text = banner.locator('.push-prompt-text');
  const fits = await text.evaluate((node) => ({ cut: node.scrollWidth > node.clientWidth, banner: node.parentElement?.getBoundingClientRect().height ?? 0 }));
  expect(fits.cut).toBe(false);
  expect(fits.banner).toBeLessThan(56);
  expect(await widerThanViewport(page)).toBe(false);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/push-banner-pt-360.png` });

  await setPhoneOffline(context, true);
  await expect(banner).toBeHidden();
  await setPhoneOffline(context, false);
  await expect(banner).toBeVisible();

  // The browser blocks notifications for this site: after Activar, the banner says where to allow them.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Browser.setPermission', { origin: PT_ORIGIN, permission: { name: 'notifications' }, setting: 'denied' });
  await banner.getByRole('button', { name: 'Activar' }).click();
  const blocked = page.getByRole('status').filter({ hasText: 'Notificações bloqueadas: permite-as no cadeado ao lado do endereço.' });
  await expect(blocked).toBeVisible();
  expect(await widerThanViewport(page)).toBe(false);
  await page.screenshot({ path: `${SHOTS}/push-banner-blocked-pt-360.png` });
  await blocked.getByRole('button', { name: 'Fechar' }).click();
  await expect(blocked).toBeHidden();

  const english = await context.newPage();
  await signIn(english, EN_ORIGIN);
  await expect(english.locator('.push-prompt')).toBeVisible();
  await expect(english.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(english.locator('.toast')).toHaveCount(0, { timeout: 15_000 });
  await english.screenshot({ path: `${SHOTS}/push-banner-en-360.png` });
});
