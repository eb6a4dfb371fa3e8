import { expect, test } from '@playwright/test';
import * as playwright from '@playwright/test';
import { DEMO, PHONE, PT_ORIGIN, apiUser, signIn, unreadBadge, unreadOnServer, waitForServiceWorker } from './support/helpers.ts';
import { setPhoneOffline } from './support/offline.ts';

test.use({ viewport: PHONE });

// Real push subscriptions never resolve on these machines (DESIGN §8), so the push is handed to the service worker
// through the DevTools protocol, as the browser's push service would.
test('a push delivered to the service worker is shown and written to the phone’s store, even offline', async ({ page, context }) => {
  await context.grantPermissions(['notifications'], { origin: PT_ORIGIN });
  await signIn(page);
  await waitForServiceWorker(page);
  // The badge starts from what the server counts (the seed leaves some unread): the exact number, not mere presence.
  const demo = await apiUser(playwright, DEMO);
  const before = await unreadOnServer(demo);
  await demo.dispose();
  await expect.poll(() => unreadBadge(page)).toBe(before);

  const cdp = await context.newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event: { registrations: { registrationId: string; scopeURL: string }[] }) => {
    registrations.push(...event.registrations);
  });
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrations.find((registration) => registration.scopeURL.startsWith(PT_ORIGIN))?.registrationId).toBeTruthy();
  const registrationId = registrations.find((registration) => registration.scopeURL.startsWith(PT_ORIGIN))?.registrationId ?? '';

  const text = `Por push ${Date.now()}`;
  const sinal = {
    mensagem: {
      id: `push-${Date.now()}`,
      chatType: 'conversa',
      chatId: 'conversa-push',
      sender: { id: 'someone', nome: 'Joana Silva', nomeUsuario: 'joana', fotografia: null },
      mensagem: text,
      imagens: [],
      createdAt: new Date().toISOString(),
    },
  };
  const payload = {
    notification: { title: 'Joana Silva', body: text, deep_link: '/dashboard/comunidade/conversas/joana', hide_notification_if_site_has_focus: false },
    data: { sinal, pusher: { instanceId: 'embedded', publishId: 'pub-1', hasDisplayableContent: true, hasData: true } },
  };
  await setPhoneOffline(context, true);
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: PT_ORIGIN, registrationId, data: JSON.stringify(payload) });

  // Shown as a notification by the Beams service-worker code…
  await expect
    .poll(() => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => n.body)))
    .toContain(text);
  // …and written to the store first: the unread counter went up by exactly one and the message is there with no
  // network.
  await expect.poll(() => unreadBadge(page)).toBe(before + 1);
  const stored = await page.evaluate(
    (id) =>
      new Promise<string | null>((resolve) => {
        const open = indexedDB.open('fichas');
        open.onsuccess = () => {
          const get = open.result.transaction('messages').objectStore('messages').get(id);
          get.onsuccess = () => resolve((get.result as { mensagem?: string } | undefined)?.mensagem ?? null);
        };
      }),
    sinal.mensagem.id,
  );
  expect(stored).toBe(text);
  await setPhoneOffline(context, false);
});
