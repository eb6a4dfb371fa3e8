import { expect, test, type Page } from '@playwright/test';
import { PHONE, PT_ORIGIN, signIn } from './support/helpers.ts';

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
