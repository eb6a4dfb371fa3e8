import { expect, test, type Page } from '@playwright/test';
import { DEMO, PHONE, PT_ORIGIN, apiUser, signIn, waitForServiceWorker } from './support/helpers.ts';
import { pickHomeWin, sameEvents, slipsOnServer, upcomingEvents } from './support/betting.ts';
import { workerEvents, messagesOnServer, setPhoneOffline, waitForChatSettled } from './support/offline.ts';

test.use({ viewport: PHONE });

const CHAT = `${PT_ORIGIN}/dashboard/comunidade/conversas/moderador`;

/** Opens the chat with the moderator with nothing of its own on the way (marking it read goes through the outbox). */
async function openChat(page: Page) {
  await page.goto(CHAT);
  await expect(page.getByRole('textbox', { name: 'Mensagem' })).toBeVisible();
  await waitForChatSettled(page, 'moderador');
}

async function write(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Mensagem' }).fill(text);
  await page.getByRole('button', { name: 'Enviar', exact: true }).click();
}

test('a message written offline shows in the other tab, waits while the phone is offline and is sent once on reconnect', async ({
  page,
  context,
  playwright,
}) => {
  const demo = await apiUser(playwright, DEMO);
  await signIn(page);
  await waitForServiceWorker(page);
  await openChat(page);
  const other = await context.newPage();
  await other.goto(CHAT);
  await expect(other.getByRole('textbox', { name: 'Mensagem' })).toBeVisible();
  const sync = await workerEvents(context, PT_ORIGIN);

  await setPhoneOffline(context, true);
  const text = `Offline ${Date.now()}`;
  await write(page, text);
  // Written on this phone at once, in both tabs (one store per origin).
  const mine = page.locator('.message.own').filter({ hasText: text });
  const theirs = other.locator('.message.own').filter({ hasText: text });
  await expect(mine).toBeVisible();
  await expect(theirs).toBeVisible();
  // Neither the tabs nor the service worker's Background Sync get it out while the phone is offline.
  await sync.triedOffline(page);
  expect(await messagesOnServer(demo, 'moderador', text)).toBe(0);
  await expect(mine).toHaveAttribute('data-sync', 'saved');
  await expect(theirs).toHaveAttribute('data-sync', 'saved');

  await setPhoneOffline(context, false);
  // Whichever tab (or the service worker) holds the outbox lock delivers it; both end up showing it as sent.
  await expect(mine).toHaveAttribute('data-sync', 'sent', { timeout: 20_000 });
  await expect(theirs).toHaveAttribute('data-sync', 'sent');
  expect(await messagesOnServer(demo, 'moderador', text)).toBe(1);

  // A reload of both tabs changes nothing: still one message on the server, one on screen.
  await page.reload();
  await other.reload();
  await expect(other.locator('.message').filter({ hasText: text })).toHaveCount(1);
  expect(await messagesOnServer(demo, 'moderador', text)).toBe(1);
  await demo.dispose();
});

test('a slip made offline shows in the other tab, waits while the phone is offline, then reaches the server once', async ({
  page,
  context,
  playwright,
}) => {
  const demo = await apiUser(playwright, DEMO);
  await signIn(page);
  await waitForServiceWorker(page);
  const events = await upcomingEvents(page, 2, 8);
  for (const event of events) {
    await page.goto(`${PT_ORIGIN}/explorar/${event.id}`);
    await expect(page.getByRole('region', { name: 'Resultado final' })).toBeVisible();
  }
  const matching = async () => (await slipsOnServer(demo)).filter((slip) => sameEvents(slip, events)).length;
  expect(await matching()).toBe(0);
  const other = await context.newPage();
  await other.goto(`${PT_ORIGIN}/dashboard/fichas`);
  await expect(other.getByRole('heading', { name: 'As minhas fichas' })).toBeVisible();
  const sync = await workerEvents(context, PT_ORIGIN);

  await setPhoneOffline(context, true);
  for (const event of events) await pickHomeWin(page, PT_ORIGIN, event);
  await page.getByRole('button', { name: 'Ficha: 2 selecções' }).click();
  const drawer = page.getByRole('dialog', { name: 'Ficha' });
  await drawer.getByLabel('Aceitar alterações de odds').check();
  await drawer.getByRole('button', { name: 'Bater Ficha' }).click();
  await expect(drawer.locator('.panel-count')).toHaveText('0');

  // The other tab reads the same store: the slip is there before any server has seen it, and stays waiting.
  const card = events.reduce((cards, event) => cards.filter({ hasText: `${event.home_name} – ${event.away_name}` }), other.getByRole('article'));
  await expect(card).toHaveCount(1);
  await sync.triedOffline(page);
  expect(await matching()).toBe(0);
  await expect(card.getByText('Guardada neste telemóvel, por enviar')).toBeVisible();

  await setPhoneOffline(context, false);
  await expect(card.getByText('Enviada')).toBeVisible({ timeout: 20_000 });
  expect(await matching()).toBe(1);
  await other.reload();
  await expect(card).toHaveCount(1);
  expect(await matching()).toBe(1);
  await demo.dispose();
});

test('changes waiting on the phone are counted in the header and sign-out warns first', async ({ page, context, playwright }) => {
  const demo = await apiUser(playwright, DEMO);
  await signIn(page);
  await openChat(page);
  await setPhoneOffline(context, true);
  const text = `Espera ${Date.now()}`;
  await write(page, text);
  await expect(page.getByRole('button', { name: 'Alterações por enviar' })).toHaveText('1 por enviar');
  await page.getByRole('button', { name: 'Alterações por enviar' }).click();
  const outbox = page.getByRole('dialog', { name: 'Alterações por enviar' });
  await expect(outbox.getByText('Guardada neste telemóvel').first()).toBeVisible();
  // A modal: Tab stays inside it, Escape closes it, the focus goes back to the button that opened it.
  for (let step = 0; step < 6; step += 1) {
    await page.keyboard.press('Tab');
    expect(await outbox.evaluate((box) => box.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(outbox).toBeHidden();
  await expect(page.getByRole('button', { name: 'Alterações por enviar' })).toBeFocused();
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Terminar sessão' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Há alterações por enviar' })).toBeVisible();
  await page.getByRole('button', { name: 'Ficar' }).click();
  await setPhoneOffline(context, false);
  await expect(page.getByRole('button', { name: 'Alterações por enviar' })).toBeHidden({ timeout: 20_000 });
  expect(await messagesOnServer(demo, 'moderador', text)).toBe(1);
  await demo.dispose();
});

test('with every page of the app closed, Background Sync delivers a message left waiting offline, exactly once', async ({
  page,
  context,
  playwright,
}) => {
  const demo = await apiUser(playwright, DEMO);
  await signIn(page);
  await waitForServiceWorker(page);
  await openChat(page);
  const sync = await workerEvents(context, PT_ORIGIN);

  await setPhoneOffline(context, true);
  const text = `Com a app fechada ${Date.now()}`;
  await write(page, text);
  await expect(page.getByRole('button', { name: 'Alterações por enviar' })).toHaveText('1 por enviar');
  await sync.triedOffline(page);
  expect(await messagesOnServer(demo, 'moderador', text)).toBe(0);

  // The app goes away: no page of its origin is left (only the blank page that holds the DevTools session), so
  // only the service worker can deliver.
  await page.close();
  expect(context.pages().map((open) => new URL(open.url()).origin)).not.toContain(PT_ORIGIN);
  await setPhoneOffline(context, false);
  // The connection is back: the browser wakes the worker (fired here in case it has not yet).
  await sync.fire();
  await expect.poll(() => messagesOnServer(demo, 'moderador', text), { timeout: 20_000 }).toBe(1);
  // Another wake-up finds nothing left to send.
  await sync.fire();

  // The app opened again shows it sent, once, and the server still holds it once.
  const again = await context.newPage();
  await again.goto(CHAT);
  await expect(again.locator('.message').filter({ hasText: text })).toHaveCount(1);
  await expect(again.locator('.message.own').filter({ hasText: text })).toHaveAttribute('data-sync', 'sent');
  await expect(again.getByRole('button', { name: 'Alterações por enviar' })).toBeHidden();
  expect(await messagesOnServer(demo, 'moderador', text)).toBe(1);
  await demo.dispose();
});
