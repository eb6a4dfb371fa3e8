import { expect, test, type Page } from '@playwright/test';
import { EN_ORIGIN, PHONE, PT_ORIGIN, waitForServiceWorker } from './support/helpers.ts';
import { checkScreen } from './support/a11y.ts';

const PT_QUESTIONS = [
  'O que é uma ficha?',
  'Como funciona o período experimental?',
  'Quanto custa a subscrição?',
  'Como pago com a EMIS?',
  'Paguei por transferência. Como envio o comprovativo?',
  'Como uso um código de subscrição?',
  'Posso usar a aplicação sem internet?',
  'O que quer dizer «Guardada neste telemóvel»?',
  'O que faz a poupança de dados?',
  'Como funcionam os grupos?',
  'Porque tenho de pagar para entrar num grupo privado?',
  'O que fica guardado no meu telemóvel?',
  'O que fica guardado no servidor?',
  'O que acontece quando termino a sessão?',
  'Posso terminar a sessão nos outros dispositivos?',
];



/** The credits region of one licence, named by its heading ("MIT (114 pacotes)"). */
const licence = (page: Page, name: string) => page.getByRole('region', { name: new RegExp(`^${name} \\(`) });

test('signed out, /faq answers the product questions in Portuguese; a question opens its answer', async ({ page }) => {
  await page.goto(`${PT_ORIGIN}/faq`);
  await expect(page.getByRole('heading', { level: 1, name: 'Perguntas frequentes' })).toBeVisible();
  await expect(page).toHaveURL(`${PT_ORIGIN}/faq`);
  for (const question of PT_QUESTIONS) await expect(page.getByText(question, { exact: true })).toBeVisible();
  for (const section of ['Fichas', 'Subscrição', 'Sem internet', 'Grupos', 'Privacidade']) {
    await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
  }

  const prices = page.getByRole('group').filter({ hasText: 'Quanto custa a subscrição?' });
  await expect(prices.getByText('Mensal: 3.800 Kz')).toBeHidden();
  await page.getByText('Quanto custa a subscrição?').click();
  await expect(prices.getByText('Mensal: 3.800 Kz')).toBeVisible();
  await expect(prices.getByText('Trimestral: 11.000 Kz')).toBeVisible();
  await expect(prices.getByText('Anual: 42.000 Kz')).toBeVisible();

  await page.getByText('Paguei por transferência. Como envio o comprovativo?').click();
  await expect(page.getByText(/adiciona até 2 imagens do comprovativo .* em até 30 minutos/)).toBeVisible();
  await page.getByText('Como funcionam os grupos?').click();
  await expect(page.getByText(/no máximo 30 pessoas/)).toBeVisible();
});

test('signed out, en.localhost shows the FAQ in English', async ({ page }) => {
  await page.goto(`${EN_ORIGIN}/faq`);
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
  await expect(page.getByText('What is a slip?', { exact: true })).toBeVisible();
  await expect(page.getByText('What does “Saved on this phone” mean?', { exact: true })).toBeVisible();
  await page.getByText('How much does the subscription cost?').click();
  await expect(page.getByText('Quarterly: 11.000 Kz')).toBeVisible();
  await expect(page.getByText('O que é uma ficha?')).toHaveCount(0);
});

test('signed out, /cliline lists the shipped open-source packages grouped by licence, with a count', async ({ page }) => {
  await page.goto(`${PT_ORIGIN}/cliline`);
  await expect(page.getByRole('heading', { level: 1, name: 'Créditos' })).toBeVisible();
  await expect(page.getByText(/^\d+ pacotes de software livre$/)).toBeVisible();
  const react = licence(page, 'MIT').getByRole('link', { name: 'react', exact: true });
  await expect(react).toBeVisible();
  // Links leave the app in a new tab that cannot reach back into it.
  await expect(react).toHaveAttribute('href', /^https:\/\//);
  await expect(react).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(licence(page, 'MIT').getByRole('link', { name: 'hono', exact: true })).toBeVisible();
  await expect(licence(page, 'Apache-2.0').getByRole('link', { name: 'dexie', exact: true })).toBeVisible();
  // The service worker's workbox is shipped too; development tools are not.
  await expect(licence(page, 'MIT').getByRole('link', { name: 'workbox-precaching', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'vitest', exact: true })).toHaveCount(0);

  await page.goto(`${EN_ORIGIN}/cliline`);
  await expect(page.getByRole('heading', { level: 1, name: 'Credits' })).toBeVisible();
  await expect(page.getByText(/^\d+ open-source packages$/)).toBeVisible();
  await expect(page.getByRole('region', { name: /^MIT \(\d+ packages\)$/ }).getByRole('link', { name: 'react', exact: true })).toBeVisible();
});

test('after one visit, /faq and /cliline open offline', async ({ page, context }) => {
  await page.goto(`${PT_ORIGIN}/faq`);
  await expect(page.getByText('O que é uma ficha?')).toBeVisible();
  await waitForServiceWorker(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Perguntas frequentes' })).toBeVisible();
  await page.getByText('Posso usar a aplicação sem internet?').click();
  await expect(page.getByText(/os ecrãs abrem sem internet/)).toBeVisible();
  // The credits were never opened online: their route and their data come from the service worker's precache.
  await page.goto(`${PT_ORIGIN}/cliline`);
  await expect(page.getByRole('heading', { level: 1, name: 'Créditos' })).toBeVisible();
  await expect(licence(page, 'Apache-2.0').getByRole('link', { name: 'dexie', exact: true })).toBeVisible();
  await context.setOffline(false);
});

test('both pages at 360 and 1280 px, pt and en, fit the screen, pass axe and are captured', async ({ page }) => {
  test.slow();
  const dir = test.info().outputPath();
  for (const [lang, origin] of [
    ['pt', PT_ORIGIN],
    ['en', EN_ORIGIN],
  ] as const) {
    // One page per language, checked at both widths by resizing it.
    await page.setViewportSize(PHONE);
    await page.goto(`${origin}/faq`);
    await expect(page.locator('.faq-item')).toHaveCount(PT_QUESTIONS.length);
    // Every answer open, so the checks cover them too.
    for (const summary of await page.locator('.faq-question').all()) await summary.click();
    await expect(page.locator('.faq-item[open]')).toHaveCount(PT_QUESTIONS.length);
    await page.evaluate(() => window.scrollTo(0, 0));
    await checkScreen(page, { name: 'faq', lang, dir, fullPage: true });

    await page.goto(`${origin}/cliline`);
    await expect(page.locator('.credits-group').first()).toBeVisible();
    await checkScreen(page, { name: 'cliline', lang, dir, fullPage: true });
  }
});
