import { expect, test } from '@playwright/test';
import * as playwright from '@playwright/test';
import { DEMO, PHONE, PT_ORIGIN, apiUser, signIn, unreadBadge, unreadOnServer, waitForServiceWorker } from './support/helpers.ts';
import { setPhoneOffline, workerEvents } from './support/offline.ts';

test.use({ viewport: PHONE });

/** A Beams push as our server sends it: what the phone shows, and the signal the app stores. */
function pushOf(sinal: unknown, text: string) {
  return {
    notification: { title: 'Joana Silva', body: text, deep_link: '/dashboard/comunidade/conversas/joana', hide_notification_if_site_has_focus: false },
    data: { sinal, pusher: { instanceId: 'embedded', publishId: `pub-${Date.now()}`, hasDisplayableContent: true, hasData: true } },
  };
}

function messageSignal(text: string, chatId: string) {
  return {
    mensagem: {
      id: `push-${Date.now()}`,
      chatType: 'conversa',
      chatId,
      sender: { id: 'someone', nome: 'Joana Silva', nomeUsuario: 'joana', fotografia: null },
      mensagem: text,
      imagens: [],
      createdAt: new Date().toISOString(),
    },
  };
}

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

  const worker = await workerEvents(context, PT_ORIGIN);
  // What the service worker says, kept for the report should the push not show (CI's test-results are not kept).
  const workerLog: string[] = [];
  const listen = (sw: playwright.Worker) => sw.on('console', (message) => workerLog.push(`${message.type()}: ${message.text()}`));
  context.serviceWorkers().forEach(listen);
  context.on('serviceworker', listen);

  const text = `Por push ${Date.now()}`;
  const sinal = messageSignal(text, 'conversa-push');
  await setPhoneOffline(context, true);
  await worker.deliverPush(pushOf(sinal, text));

  // Shown as a notification by the Beams service-worker code…
  await expect
    .poll(() => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => n.body)))
    .toContain(text)
    .catch((error: unknown) => {
      throw new Error(`${String(error)}\nThe service worker said: ${JSON.stringify(workerLog)}`, { cause: error });
    });
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

test('a push that comes while the app is closed is on the phone, offline, when the app opens', async ({ page, context }) => {
  await context.grantPermissions(['notifications'], { origin: PT_ORIGIN });
  await signIn(page);
  await waitForServiceWorker(page);
  const worker = await workerEvents(context, PT_ORIGIN);
  const before = await unreadBadge(page);
  // No page of the app is left open: the worker alone receives the push.
  await page.close();
  await setPhoneOffline(context, true);
  const text = `Com a app fechada ${Date.now()}`;
  await worker.deliverPush(pushOf(messageSignal(text, 'conversa-fechada'), text));

  const again = await context.newPage();
  await again.goto(`${PT_ORIGIN}/dashboard`);
  // The signal the worker kept is folded into the store by the app itself: one more unread, and the message is in
  // the conversation list with no network.
  await expect.poll(() => unreadBadge(again)).toBe(before + 1);
  await again.goto(`${PT_ORIGIN}/dashboard/comunidade/conversas`);
  await expect(again.getByText(text)).toBeVisible();
  await setPhoneOffline(context, false);
});
