import { expect, test, type Page } from '@playwright/test';
import { PHONE, PT_ORIGIN, signIn, waitForServiceWorker } from './support/helpers.ts';
import { mySlips, pickHomeWin, sameEvents, upcomingEvents } from './support/betting.ts';

test.use({ viewport: PHONE });

async function setPageOffline(page: Page, offline: boolean) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
}

async function serverMessages(page: Page, text: string): Promise<number> {
  return page.evaluate(async (wanted) => {
    const open = await (await fetch('/api/client/common/conversas/com/moderador')).json();
    const list = await (await fetch(`/api/client/common/conversas/${open.conversa.id}/mensagens?size=250`)).json();
    return (list.mensagens as { mensagem: string }[]).filter((message) => message.mensagem === wanted).length;
  }, text);
}

test('a message written in an offline tab is saved on the phone, sent once on reconnect and shows in the other tab', async ({ page, context }) => {
  await signIn(page);
  const chat = `${PT_ORIGIN}/dashboard/comunidade/conversas/moderador`;
  await page.goto(chat);
  await expect(page.getByRole('heading', { name: /Moderador|@moderador/ })).toBeVisible();
  const other = await context.newPage();
  await other.goto(chat);
  await expect(other.getByRole('textbox', { name: 'Mensagem' })).toBeVisible();

  await setPageOffline(page, true);
  const text = `Offline ${Date.now()}`;
  await page.getByRole('textbox', { name: 'Mensagem' }).fill(text);
  await page.getByRole('button', { name: 'Enviar' }).click();
  // Written on this phone at once, in both tabs (one store per origin).
  await expect(page.locator('.message.own').filter({ hasText: text })).toBeVisible();
  await expect(other.locator('.message.own').filter({ hasText: text })).toBeVisible();

  await setPageOffline(page, false);
  // Whichever tab (or the service worker) holds the outbox lock delivers it; both end up showing it as sent.
  await expect(page.locator('.message.own').filter({ hasText: text })).toHaveAttribute('data-sync', 'sent', { timeout: 20_000 });
  await expect(other.locator('.message.own').filter({ hasText: text })).toHaveAttribute('data-sync', 'sent');
  expect(await serverMessages(other, text)).toBe(1);

  // A reload of both tabs changes nothing: still one message on the server, one on screen.
  await page.reload();
  await other.reload();
  await expect(other.locator('.message').filter({ hasText: text })).toHaveCount(1);
  expect(await serverMessages(other, text)).toBe(1);
});

test('a slip made in an offline tab shows in the other tab, then reaches the server once', async ({ page, context }) => {
  await signIn(page);
  await waitForServiceWorker(page);
  const events = await upcomingEvents(page, 2, 8);
  for (const event of events) {
    await page.goto(`${PT_ORIGIN}/explorar/${event.id}`);
    await expect(page.getByRole('region', { name: 'Resultado final' })).toBeVisible();
  }
  const other = await context.newPage();
  await other.goto(`${PT_ORIGIN}/dashboard/fichas`);
  await expect(other.getByRole('heading', { name: 'As minhas fichas' })).toBeVisible();

  await setPageOffline(page, true);
  for (const event of events) await pickHomeWin(page, PT_ORIGIN, event);
  await page.getByRole('button', { name: 'Ficha: 2 selecções' }).click();
  const drawer = page.getByRole('dialog', { name: 'Ficha' });
  await drawer.getByLabel('Aceitar alterações de odds').check();
  await drawer.getByRole('button', { name: 'Bater Ficha' }).click();
  await expect(drawer.locator('.panel-count')).toHaveText('0');

  // The other tab reads the same store: the slip is there before any server has seen it.
  const card = events.reduce((cards, event) => cards.filter({ hasText: `${event.home_name} – ${event.away_name}` }), other.getByRole('article'));
  await expect(card).toHaveCount(1);

  await setPageOffline(page, false);
  await expect(card.getByText('Enviada')).toBeVisible({ timeout: 20_000 });
  expect((await mySlips(other)).filter((slip) => sameEvents(slip, events))).toHaveLength(1);
  await other.reload();
  await expect(card).toHaveCount(1);
});

test('changes waiting on the phone are counted in the header and sign-out warns first', async ({ page, context }) => {
  await signIn(page);
  await page.goto(`${PT_ORIGIN}/dashboard/comunidade/conversas/moderador`);
  await expect(page.getByRole('textbox', { name: 'Mensagem' })).toBeVisible();
  await context.setOffline(true);
  await page.getByRole('textbox', { name: 'Mensagem' }).fill(`Espera ${Date.now()}`);
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByRole('button', { name: 'Alterações por enviar' })).toHaveText('1 por enviar');
  await page.getByRole('button', { name: 'Alterações por enviar' }).click();
  await expect(page.getByText('Guardada neste telemóvel').first()).toBeVisible();
  await page.getByRole('button', { name: 'Fechar' }).click();
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Terminar sessão' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Há alterações por enviar' })).toBeVisible();
  await page.getByRole('button', { name: 'Ficar' }).click();
  await context.setOffline(false);
  await expect(page.getByRole('button', { name: 'Alterações por enviar' })).toBeHidden({ timeout: 20_000 });
});
