import { expect, test, type Page } from '@playwright/test';
import { seriousViolations, smallTapTargets, widerThanViewport } from './support/a11y.ts';
import { mySlips, upcomingEvents } from './support/betting.ts';
import { EN_ORIGIN, PHONE, PT_ORIGIN, signIn } from './support/helpers.ts';

// Every screen that is built, on a 360 px phone, in pt and on the en host: no critical or serious axe-core
// violation (WCAG 2.1 A/AA, experimental rules included), nothing wider than the screen and no control smaller than
// a finger (44 × 44 px) (docs/architecture.md §11).

// Its tests share nothing: each may run on either worker (and its server), so the two workers share the long ones.
test.describe.configure({ mode: 'parallel' });

test.use({ viewport: PHONE });

async function check(page: Page, path: string, ready: (page: Page) => Promise<void>) {
  await page.goto(path);
  await ready(page);
  expect(await seriousViolations(page), path).toEqual([]);
  expect(await widerThanViewport(page), `${path} wider than 360 px`).toBe(false);
  expect(await smallTapTargets(page), `${path}: controls smaller than a finger`).toEqual([]);
}

const heading = (page: Page) => expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();

test('signed-out screens', async ({ page }) => {
  // Twelve scans: a timeout sized for them on a busy machine, not a speed check.
  test.setTimeout(180_000);
  for (const origin of [PT_ORIGIN, EN_ORIGIN]) {
    await check(page, `${origin}/`, async (p) => expect(p.getByRole('main')).toBeVisible());
    await check(page, `${origin}/login`, async (p) => expect(p.locator('#field-userData')).toBeVisible());
    await check(page, `${origin}/login?tab=signUp`, async (p) => expect(p.locator('form')).toBeVisible());
    await check(page, `${origin}/faq`, heading);
    await check(page, `${origin}/cliline`, heading);
    await check(page, `${origin}/pagina-que-nao-existe/xyz/abc`, heading);
  }
});

// One test per host, so that the two workers share the scans.
for (const origin of [PT_ORIGIN, EN_ORIGIN]) {
  test(`signed-in screens (${origin === PT_ORIGIN ? 'pt' : 'en'})`, async ({ page }) => {
    // Some ten scans: a timeout sized for them beside the other worker's tests, not a speed check.
    test.setTimeout(240_000);
    await signIn(page, origin);
    const [event] = await upcomingEvents(page, 1);
    const [slip] = await mySlips(page);
    expect(slip).toBeDefined();
    await check(page, `${origin}/explorar`, async (p) => expect(p.getByRole('main')).toBeVisible());
    for (const tab of ['apostas', 'fichas', 'comunidade']) {
      await check(page, `${origin}/explorar?pageComponent=${tab}`, async (p) => expect(p.getByRole('main')).toBeVisible());
    }
    await check(page, `${origin}/explorar/${event!.id}`, heading);
    await check(page, `${origin}/dashboard/fichas`, heading);
    await check(page, `${origin}/dashboard/fichas/${slip!.id}`, heading);
    // The tip importer with a matched leg and one not found, as a share from WhatsApp opens it.
    const tip = `${event!.home_name} x ${event!.away_name} 1 @1.50\nGalácticos x Estrelas Unidas 2`;
    await check(page, `${origin}/dashboard/fichas/importar?text=${encodeURIComponent(tip)}`, async (p) =>
      expect(p.getByRole('list', { name: origin === PT_ORIGIN ? 'Selecções do palpite' : "The tip's selections" }).getByRole('listitem')).toHaveCount(2),
    );
    await check(page, `${origin}/demo/fichas/${slip!.id}`, heading);
    await check(page, `${origin}/dashboard/licenca`, heading);
    await check(page, `${origin}/dashboard/conta`, heading);
  });
}

test('signed-in community and people screens', async ({ page }) => {
  // Each screen is loaded and scanned twice (pt, en): a timeout sized for some twenty scans beside the other
  // worker's tests, not a speed check.
  test.setTimeout(360_000);
  for (const origin of [PT_ORIGIN, EN_ORIGIN]) {
    await signIn(page, origin);
    await check(page, `${origin}/dashboard/comunidade/conversas`, heading);
    await check(page, `${origin}/dashboard/comunidade/conversas/moderador`, async (p) =>
      expect(p.getByRole('textbox', { name: /Mensagem|Message/ })).toBeVisible(),
    );
    await check(page, `${origin}/dashboard/comunidade/grupos`, heading);
    await check(page, `${origin}/dashboard/comunidade/grupos/criargrupo`, heading);
    await check(page, `${origin}/dashboard/comunidade/salas`, heading);
    await check(page, `${origin}/dashboard/notifications`, heading);
    await check(page, `${origin}/dashboard/recompensas/enviadas`, heading);
    await check(page, `${origin}/kiala_tips`, heading);
    await check(page, `${origin}/demo`, heading);
    await page.context().clearCookies();
  }
});
