/// <reference lib="webworker" />
import { notificationLink } from '../contract/notification-kinds.ts';
import { linkableSignal } from './signal-shape.ts';

declare const self: ServiceWorkerGlobalScope;

// A tap on a push: open the screen it concerns in the app's window if one is open (it navigates there and
// comes to the front), else in a new one. Offline too: the shell is precached and the screen reads the store the push
// was written to. Registered before the Beams service-worker code (sw/push.ts imports this first), whose own handler
// would open a second window every time (it compares a full URL with the relative deep link); it then stops there.

interface BeamsNotificationData {
  pusher?: { customerPayload?: { notification?: { deep_link?: string }; data?: { sinal?: unknown } } };
}

/** Where a shown push leads: its deep link, else what its signal concerns, else the notifications page. */
export function pushTarget(data: unknown): string {
  const payload = (data as BeamsNotificationData | null)?.pusher?.customerPayload;
  const link = payload?.notification?.deep_link;
  if (link) return link;
  const notificacao = linkableSignal(payload?.data?.sinal);
  return (notificacao && notificationLink(notificacao)) || '/dashboard/notifications';
}

async function open(target: string): Promise<void> {
  const url = new URL(target, self.registration.scope);
  // Only this app's own screens: a deep link elsewhere is not followed.
  if (url.origin !== self.location.origin) return;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const same = windows.find((client) => client.url === url.href);
  if (same) {
    await same.focus().catch(() => undefined);
    return;
  }
  for (const client of windows) {
    if (new URL(client.url).origin !== url.origin) continue;
    // Only a window this worker controls can be navigated; another is left alone and a new one opens.
    const moved = await client.navigate(url.href).catch(() => null);
    if (moved) {
      await moved.focus().catch(() => undefined);
      return;
    }
  }
  await self.clients.openWindow(url.href);
}

self.addEventListener('notificationclick', (event) => {
  const data = event.notification.data as BeamsNotificationData | null;
  if (data?.pusher === undefined) return;
  event.stopImmediatePropagation();
  event.notification.close();
  event.waitUntil(open(pushTarget(data)));
});
