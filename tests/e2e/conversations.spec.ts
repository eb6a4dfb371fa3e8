import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import * as playwright from '@playwright/test';
import { DEMO, PHONE, PT_ORIGIN, apiUser, signIn } from './support/helpers.ts';

test.use({ viewport: PHONE });

test('a chat opened from its address is marked read on the server and its unread badge leaves the list on the phone', async ({ page }) => {
  const moderator = await apiUser(playwright, { userData: 'moderador', password: 'moderador123' });
  const demo = await apiUser(playwright, DEMO);
  const unreadOnServer = async () => {
    const response = await demo.get('/api/client/common/conversas/fetch?pageNumber=1&size=50');
    expect(response.status()).toBe(200);
    const { conversas } = (await response.json()) as { conversas: { novaMensagem: boolean; primeiroUsuario: { nomeUsuario: string }; segundoUsuario: { nomeUsuario: string } }[] };
    const withModerator = conversas.find((row) => [row.primeiroUsuario.nomeUsuario, row.segundoUsuario.nomeUsuario].includes('moderador'));
    expect(withModerator).toBeDefined();
    return withModerator?.novaMensagem;
  };
  // A new message makes the conversation unread, whatever earlier tests left.
  const sent = await moderator.post(`/api/client/common/conversas/com/${DEMO.userData}/mensagens`, {
    data: { mensagem: `Por ler ${Date.now()}`, imagens: [] },
    headers: { 'Idempotency-Key': `e2e:${randomUUID()}` },
  });
  expect(sent.status()).toBe(201);
  expect(await unreadOnServer()).toBe(true);

  await signIn(page);
  await page.goto(`${PT_ORIGIN}/dashboard/comunidade/conversas`);
  const item = page.getByRole('link', { name: /Moderador/ }).first();
  await expect(item.locator('.badge.unread')).toBeVisible();

  // Opened from its address (a notification, a shared link), the chat asks the server for the conversation while it
  // marks it read. On a slow network that answer, given while the conversation was still unread, lands after the
  // mark: held here until the server has it read.
  let staleAnswers = 0;
  await page.route('**/api/client/common/conversas/com/moderador', async (route) => {
    const response = await route.fetch();
    await expect.poll(unreadOnServer).toBe(false);
    staleAnswers += 1;
    await route.fulfill({ response });
  });
  await page.goto(`${PT_ORIGIN}/dashboard/comunidade/conversas/moderador`);
  await expect(page.getByRole('textbox', { name: 'Mensagem' })).toBeVisible();
  await expect.poll(unreadOnServer).toBe(false);
  await expect.poll(() => staleAnswers).toBe(1);
  // Back in the list (still fresh, so read from the phone's store): no badge left for the chat just read.
  await page.getByRole('link', { name: 'Voltar às conversas' }).click();
  await expect(item).toBeVisible();
  await expect(item.locator('.badge.unread')).toHaveCount(0);
  await Promise.all([moderator.dispose(), demo.dispose()]);
});
