import { expect, test } from '@playwright/test';
import * as playwright from '@playwright/test';
import { DEMO, PHONE, PT_ORIGIN, apiUser, signIn, unreadBadge, unreadOnServer, waitForServiceWorker } from './support/helpers.ts';
import { setPhoneOffline, workerEvents } from './support/offline.ts';

test.use({ viewport: PHONE });

/** A Beams push as our server sends it: what the phone shows, and the signal the app stores (notifications only). */
function pushOf(notification: { title: string; body: string; deep_link: string }, sinal?: unknown) {
  return {
    notification: { ...notification, hide_notification_if_site_has_focus: false },
    data: { ...(sinal === undefined ? {} : { sinal }), pusher: { instanceId: 'embedded', publishId: `pub-${Date.now()}`, hasDisplayableContent: true, hasData: sinal !== undefined } },
  };
}

/** A notification signal (someone followed the user): pushes carry these whole, so they reach the store offline. */
function notificationSignal(text: string) {
  return {
    notificacao: {
      id: `push-${Date.now()}`,
      tipo: 'seguir',
      mensagem: text,
      pagamentoId: null,
      sender: { id: 'someone', nome: 'Joana Silva', nomeUsuario: 'joana', fotografia: null },
      counter: 'newNotification',
      createdAt: new Date().toISOString(),
    },
  };
}

/**
 * The badge once it shows what the server counts (the seed leaves some unread): the exact number, not mere presence.
 * Read straight after sign-in it can be the empty badge of counters not arrived yet, whose arrival would then look
 * like a push folded in.
 */
async function settledBadge(page: playwright.Page): Promise<number> {
  const demo = await apiUser(playwright, DEMO);
  const before = await unreadOnServer(demo);
  await demo.dispose();
  await expect.poll(() => unreadBadge(page)).toBe(before);
  return before;
}

const notificationPush = (text: string, sinal: unknown) => pushOf({ title: 'Joana Silva', body: text, deep_link: '/dashboard/notifications' }, sinal);

// A real push subscription needs the browser vendor's push service, which a test run cannot count on reaching, so the
// push is handed to the service worker through the DevTools protocol, as the browser's push service would.
test('a push delivered to the service worker is shown and written to the phone’s store, even offline', async ({ page, context }) => {
  await context.grantPermissions(['notifications'], { origin: PT_ORIGIN });
  await signIn(page);
  await waitForServiceWorker(page);
  const before = await settledBadge(page);

  const worker = await workerEvents(context, PT_ORIGIN);
  // What the service worker says, kept for the report should the push not show (CI's test-results are not kept).
  const workerLog: string[] = [];
  const listen = (sw: playwright.Worker) => sw.on('console', (message) => workerLog.push(`${message.type()}: ${message.text()}`));
  context.serviceWorkers().forEach(listen);
  context.on('serviceworker', listen);

  const text = `Por push ${Date.now()}`;
  const sinal = notificationSignal(text);
  await setPhoneOffline(context, true);
  await worker.deliverPush(notificationPush(text, sinal));

  // Shown as a notification by the Beams service-worker code…
  await expect
    .poll(() => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => n.body)))
    .toContain(text)
    .catch((error: unknown) => {
      throw new Error(`${String(error)}\nThe service worker said: ${JSON.stringify(workerLog)}`, { cause: error });
    });
  // …and written to the store first: the unread counter went up by exactly one and the notification is there with
  // no network.
  await expect.poll(() => unreadBadge(page)).toBe(before + 1);
  const stored = await page.evaluate(
    (id) =>
      new Promise<string | null>((resolve) => {
        const open = indexedDB.open('fichas');
        open.onsuccess = () => {
          const get = open.result.transaction('notifications').objectStore('notifications').get(id);
          get.onsuccess = () => resolve((get.result as { data?: { mensagem?: string } } | undefined)?.data?.mensagem ?? null);
        };
      }),
    sinal.notificacao.id,
  );
  expect(stored).toBe(text);
  await setPhoneOffline(context, false);
});

// docs/decisions.md, "Ended sessions and live channels": a chat message's push says who wrote and that there is a
// message, never its text (it can reach a phone whose session has ended since, and shows on a locked screen).
test('a chat message\'s push shows its sender and "Nova mensagem", and the phone keeps nothing of it', async ({ page, context }) => {
  await context.grantPermissions(['notifications'], { origin: PT_ORIGIN });
  await signIn(page);
  await waitForServiceWorker(page);
  const before = await settledBadge(page);
  const worker = await workerEvents(context, PT_ORIGIN);
  await worker.deliverPush(pushOf({ title: 'Joana Silva', body: 'Nova mensagem', deep_link: '/dashboard/comunidade/conversas/joana' }));
  await expect
    .poll(() => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => `${n.title}: ${n.body}`)))
    .toContain('Joana Silva: Nova mensagem');
  // Nothing was folded in (the worker keeps a push's signal before it shows it): the counters come from the server.
  expect(await unreadBadge(page)).toBe(before);
});

test('a push that comes while the app is closed is on the phone, offline, when the app opens', async ({ page, context }) => {
  await context.grantPermissions(['notifications'], { origin: PT_ORIGIN });
  await signIn(page);
  await waitForServiceWorker(page);
  const worker = await workerEvents(context, PT_ORIGIN);
  const before = await settledBadge(page);
  // No page of the app is left open: the worker alone receives the push.
  await page.close();
  await setPhoneOffline(context, true);
  const text = `Com a app fechada ${Date.now()}`;
  await worker.deliverPush(notificationPush(text, notificationSignal(text)));

  const again = await context.newPage();
  await again.goto(`${PT_ORIGIN}/dashboard`);
  // The signal the worker kept is folded into the store by the app itself: one more unread, with no network.
  await expect.poll(() => unreadBadge(again)).toBe(before + 1);
  await setPhoneOffline(context, false);
});
