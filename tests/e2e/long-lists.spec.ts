import { expect, test, type Page } from '@playwright/test';
import { checkScreen, DESKTOP } from './support/a11y.ts';
import { EN_ORIGIN, PHONE, PT_ORIGIN, signIn } from './support/helpers.ts';

// DESIGN §10: every list is virtualised. A long list keeps a small page: rows are counted, not timed.

test.use({ viewport: PHONE });

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-lists';
const BULK = 400;
/** A phone shows about ten notifications; virtua adds a few screens' worth around them, never the whole list. */
const FEW_ROWS = 60;

/**
 * BULK read notifications written straight into the phone's store, older than the server's, as if paged in before;
 * the list's freshness is set ahead so the page shows the store as it is (no refresh that would trim it).
 */
async function storeNotifications(page: Page) {
  await page.evaluate(
    ({ count }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('fichas');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction(['notifications', 'syncMeta'], 'readwrite');
          const store = tx.objectStore('notifications');
          // An hour apart, from 40 days back: inside the 90 days and 500 rows the phone keeps (src/sync/prune.ts).
          const start = Date.now() - 40 * 86_400_000;
          for (let i = 0; i < count; i += 1) {
            const createdAt = new Date(start - i * 3_600_000).toISOString();
            const id = `bulk-${String(i).padStart(4, '0')}`;
            const data = { id, tipo: 'aviso', mensagem: `Aviso número ${i}`, pagamentoId: null, sender: null, recurso: null, lida: true, createdAt };
            store.put({ id, sortKey: `${createdAt}|${id}`, data });
          }
          tx.objectStore('syncMeta').put({ resource: 'notifications', refreshedAt: Date.now() + 3_600_000, error: null, cursor: null, noMore: true });
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        };
      }),
    { count: BULK },
  );
}

test(`${BULK} notifications on the phone keep a few dozen rows in the page, from the top to the end of the list`, async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  await page.goto(`${PT_ORIGIN}/dashboard/notifications`);
  const list = page.getByRole('list', { name: 'Notificações' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  await storeNotifications(page);
  await page.reload();

  const rows = list.getByRole('listitem');
  await expect(page.getByText('Aviso número 0', { exact: true })).toBeAttached();
  // Still a list: each row says its place in the whole of it.
  const total = Number(await rows.first().getAttribute('aria-setsize'));
  expect(total).toBeGreaterThanOrEqual(BULK);
  await expect(rows.first()).toHaveAttribute('aria-posinset', '1');
  expect(await rows.count()).toBeLessThanOrEqual(FEW_ROWS);

  // To the end: the oldest is there, and the rows stay few.
  const last = page.getByText(`Aviso número ${BULK - 1}`, { exact: true });
  await expect
    .poll(async () => {
      await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight }));
      return last.isVisible();
    })
    .toBe(true);
  expect(await rows.count()).toBeLessThanOrEqual(FEW_ROWS);
  await expect(rows.last()).toHaveAttribute('aria-posinset', String(total));

  await checkScreen(page, { name: 'notifications-long-end', lang: 'pt', dir: SHOTS });
  await page.setViewportSize(PHONE);
  await page.evaluate(() => window.scrollTo({ top: 0 }));
  await checkScreen(page, { name: 'notifications-long-top', lang: 'pt', dir: SHOTS, axe: false });
});

test('the long notifications list in English, at the phone and desktop widths', async ({ page }) => {
  await signIn(page, EN_ORIGIN);
  await page.goto(`${EN_ORIGIN}/dashboard/notifications`);
  await expect(page.locator('.notification-list li').first()).toBeVisible();
  await storeNotifications(page);
  await page.setViewportSize(DESKTOP);
  await page.reload();
  await expect(page.getByText('Aviso número 0', { exact: true })).toBeAttached();
  expect(await page.locator('.notification-list li').count()).toBeLessThanOrEqual(FEW_ROWS);
  await checkScreen(page, { name: 'notifications-long-top', lang: 'en', dir: SHOTS });
});

/** The screen scrolled to `anchor`, at each width and language: nothing wider than the screen, and a screenshot. */
async function shotAt(page: Page, name: string, lang: 'pt' | 'en', anchor: () => ReturnType<Page['locator']>, rows: string) {
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    // Virtualised: the rows are in the page once the list is scrolled to (what is above may still be growing).
    await expect
      .poll(async () => {
        await anchor().evaluate((element) => element.scrollIntoView({ block: 'start' }));
        return page.locator(rows).count();
      })
      .toBeGreaterThan(0);
    await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth), `${name} ${lang} ${viewport.width}`).toBe(false);
    await page.screenshot({ path: `${SHOTS}/${name}-${lang}-${viewport.width}.png` });
  }
}

test('the virtualised lists at 360 and 1280 px, pt and en: the matches by day, my slips, followers', async ({ page }) => {
  test.setTimeout(180_000);
  for (const [lang, origin] of [
    ['pt', PT_ORIGIN],
    ['en', EN_ORIGIN],
  ] as const) {
    await page.setViewportSize(PHONE);
    await signIn(page, origin);
    await page.goto(`${origin}/explorar`);
    await shotAt(page, 'explore-events', lang, () => page.locator('.event-days-list'), '.event-row');
    // Each day's heading is a heading, and each match keeps its link.
    await expect(page.locator('.event-days-list h3').first()).toBeVisible();

    await page.goto(`${origin}/dashboard/fichas`);
    await shotAt(page, 'my-slips', lang, () => page.locator('h1'), '.slip-card');

    await page.goto(`${origin}/demo`);
    await page.getByRole('tablist').getByRole('tab').nth(1).click();
    await shotAt(page, 'followers', lang, () => page.locator('.profile-lists'), '.profile-user');
    await page.context().clearCookies();
  }
});
