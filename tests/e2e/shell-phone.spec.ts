import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { EN_ORIGIN, PHONE, PT_ORIGIN, signIn } from './support/helpers.ts';
import { pickHomeWin, upcomingEvents, type ApiEvent } from './support/betting.ts';
import { newPerson, type Person } from './support/people.ts';
import { seriousViolations, widerThanViewport } from './support/a11y.ts';

// The shell on a phone and Explore's lists (DESIGN §11: nothing wider than 360 px). Each test is one long flow on a
// shared server.
test.describe.configure({ timeout: 120_000 });

const SHOTS = process.env.SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** `count` published slips of `person`, each the home win of `event` at its current odds. */
async function slipsOf(person: Person, event: ApiEvent, count: number) {
  const detail = (await (await person.api.get(`/api/client/public/eventos/${event.id}`)).json()) as {
    evento: { mercados: { type: string; choices: { choice: string; odds: number }[] }[] };
  };
  const odds = detail.evento.mercados.find((market) => market.type === 'ft_result')?.choices.find((choice) => choice.choice === 'home')?.odds ?? 0;
  const create = async (i: number) => {
    const created = await person.api.post('/api/client/apostador/fichas/criarFicha', {
      data: { ficha: [{ event_id: event.id, event_selection: { type: 'ft_result', choice: 'home', odds } }], valor: 100 + i, oddsChange: true },
      headers: { 'Idempotency-Key': `e2e:${randomUUID()}` },
    });
    expect(created.status()).toBe(201);
  };
  for (let i = 0; i < count; i += 5) await Promise.all([0, 1, 2, 3, 4].filter((j) => i + j < count).map((j) => create(i + j)));
}


/** The bottom menu's labels the screen shows cut ("Comunida…"): their text is wider than their box. */
function cutLabels(page: Page): Promise<string[]> {
  return page
    .locator('.bottom-menu .bottom-label')
    .evaluateAll((labels) => labels.filter((label) => label.scrollWidth > label.clientWidth + 0.5).map((label) => label.textContent ?? ''));
}

test('on a 360 px phone: the slip drawer fits and Escape closes it, bottom-menu labels apart with badges, three toasts at most and clear of the header, a form error once', async ({
  page,
  browser,
}) => {
  const [viewer, friend] = await Promise.all([newPerson('97'), newPerson('97')]);
  const sent = await friend.api.post(`/api/client/common/conversas/com/${viewer.user.nomeUsuario}/mensagens`, {
    data: { mensagem: 'Olá! Vês o jogo hoje?', imagens: [] },
    headers: { 'Idempotency-Key': `e2e:${randomUUID()}` },
  });
  expect(sent.status()).toBe(201);

  await page.setViewportSize(PHONE);
  // A form error shows once: under the form, not also as a toast.
  await page.goto(`${PT_ORIGIN}/login`);
  await page.locator('#field-userData').fill(viewer.login.userData);
  await page.locator('#field-password').fill('errada12345');
  await page.locator('form button[type=submit]').click();
  await expect(page.locator('form [role=alert]')).toHaveText('Não foi possivel iniciar sessão');
  await expect(page.getByText('Não foi possivel iniciar sessão')).toHaveCount(1);
  await expect(page.locator('.toast')).toHaveCount(0);

  await signIn(page, PT_ORIGIN, viewer.login);
  const bottom = page.getByRole('navigation', { name: 'Menu inferior' });
  await expect(bottom.getByRole('link', { name: /Comunidade/ })).toContainText('1');
  // Each label sits inside its own entry: none runs into the next.
  const boxes = await bottom.locator('.bottom-link').evaluateAll((links) =>
    links.map((link) => {
      const label = link.querySelector('.bottom-label') ?? link;
      const outer = link.getBoundingClientRect();
      const inner = label.getBoundingClientRect();
      return { left: outer.left, right: outer.right, labelLeft: inner.left, labelRight: inner.right };
    }),
  );
  for (const box of boxes) {
    expect(box.labelLeft).toBeGreaterThanOrEqual(box.left - 0.5);
    expect(box.labelRight).toBeLessThanOrEqual(box.right + 0.5);
  }
  // Every label whole ("Comunidade", not "Comunida…"), the current one too (here Explorar; below, on the en host,
  // Comunidade).
  expect(await cutLabels(page), 'bottom-menu labels cut').toEqual([]);
  const badge = bottom.locator('.bottom-count').first();
  const badgeBox = await badge.boundingBox();
  expect(badgeBox?.width ?? 0).toBeGreaterThanOrEqual(16);

  // The slip drawer with long selections: nothing wider than the screen; its controls on screen; Escape closes it.
  for (const event of await upcomingEvents(page, 3)) await pickHomeWin(page, PT_ORIGIN, event);

  // Another choice on a match already in the slip, five times: five toasts, three on screen, none over the header.
  const draw = page.getByRole('region', { name: 'Resultado final' }).getByRole('button', { name: /^Empate/ });
  for (let i = 0; i < 5; i += 1) await draw.click();
  await expect(page.locator('.toast')).toHaveCount(3);
  const header = await page.locator('.header').boundingBox();
  for (const toast of await page.locator('.toast').all()) {
    const box = await toast.boundingBox();
    expect(box?.y ?? 0).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0));
  }
  await shot(page, 'toasts-360-pt');
  for (const close of await page.locator('.toast').getByRole('button', { name: 'Fechar' }).all()) await close.click();

  await page.goto(`${PT_ORIGIN}/explorar`);
  await page.getByRole('button', { name: /^Ficha: 3 selecções/ }).click();
  const drawer = page.getByRole('dialog', { name: 'Ficha' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Fechar' })).toBeFocused();
  expect(await widerThanViewport(page)).toBe(false);
  for (const control of [drawer.getByRole('button', { name: 'Fechar' }), drawer.getByRole('button', { name: 'Bater Ficha' }), drawer.getByRole('tab', { name: 'Semana' }).or(drawer.getByRole('button', { name: 'Semana' }))]) {
    const box = await control.first().boundingBox();
    expect(box).not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
  }
  const removals = await drawer.locator('.slip-selection button').evaluateAll((buttons) => buttons.map((button) => button.getBoundingClientRect().right));
  expect(removals.length).toBeGreaterThan(0);
  for (const right of removals) expect(right).toBeLessThanOrEqual(PHONE.width);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'drawer-360-pt');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // The same shell at 851 px (side menu): an icon with a badge keeps its size; then en at 360 px.
  await page.setViewportSize({ width: 851, height: 800 });
  const community = page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: /Comunidade/ });
  await expect(community).toContainText('1');
  expect((await community.locator('svg').boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(20);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'explore-851-pt');

  const context = await browser.newContext({ viewport: PHONE });
  const en = await context.newPage();
  await signIn(en, EN_ORIGIN, viewer.login);
  for (const path of ['/dashboard/comunidade/grupos', '/explorar']) {
    await en.goto(`${EN_ORIGIN}${path}`);
    expect(await cutLabels(en), `en ${path}: bottom-menu labels cut`).toEqual([]);
  }
  // An empty slip's button says only what it is: no count to show.
  await en.getByRole('button', { name: 'Slip', exact: true }).click();
  expect(await widerThanViewport(en)).toBe(false);
  expect(await seriousViolations(en)).toEqual([]);
  await shot(en, 'drawer-360-en');
  await en.keyboard.press('Escape');
  await expect(en.getByRole('dialog')).toBeHidden();
  await context.close();
});

test('Explore loads more as the reader scrolls, and searchTag narrows the list from the URL as from the search box', async ({ page }) => {
  const author = await newPerson('97');
  const [event] = await upcomingEvents(page, 1);
  if (!event) throw new Error('no upcoming event');
  await slipsOf(author, event, 55);
  const reader = await newPerson('97');

  await page.setViewportSize(PHONE);
  await signIn(page, PT_ORIGIN, reader.login);
  // From the URL: only the author's slips, 50 of them on the first page, the rest as the reader scrolls.
  await page.goto(`${PT_ORIGIN}/explorar?pageComponent=fichas&fichaCategoria=novasfichas&searchTag=${author.user.nomeUsuario}`);
  await expect(page).toHaveURL(new RegExp(`/explorar\\?searchTag=${author.user.nomeUsuario}$`));
  // (By id until the catalogs carry the box's label 'Pesquisar'.)
  const search = page.locator('#explore-search');
  await expect(search).toHaveValue(author.user.nomeUsuario);
  const cards = page.locator('.slip-cards > *');
  await expect(cards).toHaveCount(50);
  await page.locator('.list-end').scrollIntoViewIfNeeded();
  await expect(cards).toHaveCount(55);
  expect(await widerThanViewport(page)).toBe(false);
  await shot(page, 'explore-search-360-pt');

  // From the search box: nothing matches, then everyone again (the list now holds more than a page).
  await search.fill('nenhuma-equipa-assim');
  await expect(page).toHaveURL(/searchTag=nenhuma-equipa-assim$/);
  await expect(page.getByText('Nada encontrado com estes filtros.')).toBeVisible();
  await search.fill('');
  await expect(page).toHaveURL(/\/explorar$/);
  await expect.poll(() => cards.count()).toBeGreaterThan(55);
  expect(await seriousViolations(page)).toEqual([]);
});
