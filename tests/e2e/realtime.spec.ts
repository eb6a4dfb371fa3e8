import { expect, test } from '@playwright/test';
import * as playwright from '@playwright/test';
import { DEMO, PHONE, PT_ORIGIN, apiUser, signIn } from './support/helpers.ts';

test.use({ viewport: PHONE });

test('a message from another user arrives live through the Pusher channel, with the unread badge', async ({ page }) => {
  await signIn(page);
  await page.goto(`${PT_ORIGIN}/dashboard/comunidade/conversas/moderador`);
  await expect(page.getByRole('textbox', { name: 'Mensagem' })).toBeVisible();
  // Give pusher-js time to connect and subscribe to presence-{id} (it loads after the first paint).
  await expect.poll(() => page.evaluate(() => (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).some((entry) => entry.name.includes('/api/auth/pusher')))).toBe(true);

  const moderator = await apiUser(playwright, { userData: 'moderador', password: 'moderador123' });
  const text = `Ao vivo ${Date.now()}`;
  const sent = await moderator.post(`/api/client/common/conversas/com/${DEMO.userData}/mensagens`, {
    data: { mensagem: text, imagens: [] },
    headers: { 'Idempotency-Key': `e2e:${Date.now()}` },
  });
  expect(sent.status()).toBe(201);
  // No reload, no polling: the signal writes the message into the phone's store and the chat shows it.
  await expect(page.locator('.message').filter({ hasText: text })).toBeVisible({ timeout: 10_000 });
  await page.goto(`${PT_ORIGIN}/explorar`);
  await expect(page.locator('.menu-badge')).toBeVisible();
  await moderator.dispose();
});
