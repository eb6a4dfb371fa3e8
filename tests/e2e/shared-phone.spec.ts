import { expect, test, type Page } from '@playwright/test';
import { DEMO, PHONE, PT_ORIGIN, apiUser, signIn, signUpThroughApi, waitForServiceWorker } from './support/helpers.ts';
import { messagesOnServer, setPhoneOffline, waitForChatSettled } from './support/offline.ts';

test.use({ viewport: PHONE });

/** Rows of the phone's store, by table, read straight from IndexedDB. */
async function storeCounts(page: Page, tables: string[]): Promise<Record<string, number>> {
  return page.evaluate(
    (names) =>
      new Promise<Record<string, number>>((resolve, reject) => {
        const open = indexedDB.open('fichas');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction(names);
          const counts: Record<string, number> = {};
          for (const name of names) {
            const request = tx.objectStore(name).count();
            request.onsuccess = () => (counts[name] = request.result);
          }
          tx.oncomplete = () => resolve(counts);
        };
      }),
    tables,
  );
}

async function signOutFromMenu(page: Page, { confirm }: { confirm: boolean }) {
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Terminar sessão' }).click();
  if (confirm) await page.getByRole('alertdialog', { name: 'Há alterações por enviar' }).getByRole('button', { name: 'Terminar sessão' }).click();
  await expect(page).toHaveURL(`${PT_ORIGIN}/`);
}

test('a shared phone: the next person sees nothing of the first, whose unsent message waits for her and goes when she is back', async ({
  page,
  context,
  playwright,
}) => {
  const bruno = await signUpThroughApi(await playwright.request.newContext(), PT_ORIGIN);
  const demo = await apiUser(playwright, DEMO);
  const onServer = (text: string) => messagesOnServer(demo, 'moderador', text);

  // The first person reads her conversations, then writes offline and signs out with the message unsent.
  await signIn(page);
  await waitForServiceWorker(page);
  await page.goto(`${PT_ORIGIN}/dashboard/comunidade/conversas`);
  await expect(page.getByRole('link', { name: /Moderador/ }).first()).toBeVisible();
  await page.goto(`${PT_ORIGIN}/dashboard/comunidade/conversas/moderador`);
  await expect(page.getByRole('textbox', { name: 'Mensagem' })).toBeVisible();
  await waitForChatSettled(page, 'moderador');
  await setPhoneOffline(context, true);
  const text = `Da demo ${Date.now()}`;
  await page.getByRole('textbox', { name: 'Mensagem' }).fill(text);
  await page.getByRole('button', { name: 'Enviar', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Alterações por enviar' })).toHaveText('1 por enviar');
  await signOutFromMenu(page, { confirm: true });
  expect(await storeCounts(page, ['conversations', 'messages', 'counters', 'slips', 'outbox'])).toEqual({
    conversations: 0,
    messages: 0,
    counters: 0,
    slips: 0,
    outbox: 1,
  });
  await setPhoneOffline(context, false);

  // The next person: none of her conversations, not her pending change, and her message is not sent as his.
  await signIn(page, PT_ORIGIN, { userData: bruno.nomeUsuario, password: bruno.password });
  await page.goto(`${PT_ORIGIN}/dashboard/comunidade/conversas`);
  await expect(page.getByText('Ainda não tens conversas.')).toBeVisible();
  await expect(page.getByRole('link', { name: /Moderador/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Alterações por enviar' })).toBeHidden();
  expect(await onServer(text)).toBe(0);
  await setPhoneOffline(context, true);
  await page.reload();
  await expect(page.getByText('Ainda não tens conversas.')).toBeVisible();
  await expect(page.getByRole('link', { name: /Moderador/ })).toHaveCount(0);
  await setPhoneOffline(context, false);
  expect((await storeCounts(page, ['outbox'])).outbox).toBe(1);
  await signOutFromMenu(page, { confirm: false });

  // She signs in again: her message goes, once, as hers.
  await signIn(page);
  await expect.poll(() => onServer(text), { timeout: 20_000 }).toBe(1);
  await page.goto(`${PT_ORIGIN}/dashboard/comunidade/conversas/moderador`);
  await expect(page.locator('.message.own').filter({ hasText: text })).toHaveAttribute('data-sync', 'sent', { timeout: 20_000 });
});
