import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import * as playwright from '@playwright/test';
import { DEMO, PHONE, PT_ORIGIN, apiUser, signIn, unreadBadge, unreadOnServer } from './support/helpers.ts';

test.use({ viewport: PHONE });

/** pusher-js loads after the first paint; its channel authorization means it is connected and subscribing. */
async function waitForRealtime(page: Page) {
  await expect
    .poll(() => page.evaluate(() => (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).some((entry) => entry.name.includes('/api/auth/pusher'))))
    .toBe(true);
}

test('a message from another user arrives live through the Pusher channel and adds exactly one to the unread badge', async ({ page }) => {
  const demo = await apiUser(playwright, DEMO);
  const moderator = await apiUser(playwright, { userData: 'moderador', password: 'moderador123' });
  const send = async (text: string) => {
    const sent = await moderator.post(`/api/client/common/conversas/com/${DEMO.userData}/mensagens`, {
      data: { mensagem: text, imagens: [] },
      headers: { 'Idempotency-Key': `e2e:${randomUUID()}` },
    });
    expect(sent.status()).toBe(201);
  };

  await signIn(page);
  await waitForRealtime(page);
  // The badge starts from what the server counts (the seed leaves some unread): the exact number, not mere presence.
  const before = await unreadOnServer(demo);
  await expect.poll(() => unreadBadge(page)).toBe(before);

  await send(`Ao vivo ${Date.now()}`);
  expect(await unreadOnServer(demo)).toBe(before + 1);
  // No reload, no polling: the signal bumps the phone's counter and the header follows.
  await expect.poll(() => unreadBadge(page)).toBe(before + 1);

  // In the open chat, the next message shows as it arrives.
  await page.goto(`${PT_ORIGIN}/dashboard/comunidade/conversas/moderador`);
  await expect(page.getByRole('textbox', { name: 'Mensagem' })).toBeVisible();
  await waitForRealtime(page);
  const text = `Ao vivo no chat ${Date.now()}`;
  await send(text);
  await expect(page.locator('.message').filter({ hasText: text })).toBeVisible();
  await Promise.all([demo.dispose(), moderator.dispose()]);
});
