/// <reference lib="webworker" />
// A tap opens the screen the push concerns; first, so it handles taps before the Beams code below (sw/push-click.ts).
import './push-click.ts';
// The Beams service-worker source from the npm package (DESIGN §5): it shows pushes.
import '@pusher/push-notifications-web/src/service-worker.js';
import { DB_NAME } from '../src/db/db-name.ts';
import { openRawStore, readRow } from '../src/db/raw-store.ts';
import type { PushConfigRecord } from '../src/db/types.ts';
import { WORKER_MESSAGE } from '../src/sync/worker-messages.ts';
import { keepPushForPage } from './push-inbox.ts';
import { notificationLink } from '../contract/notification-kinds.ts';
import { linkableSignal } from './signal-shape.ts';
import { inHostLanguage } from './push-words.ts';
import { brandForHost } from '../contract/brands.ts';
import { tellPages } from './tell-pages.ts';

interface BeamsPayload {
  notification?: { deep_link?: string } & Record<string, unknown>;
  data?: Record<string, unknown>;
}

interface BeamsWorker {
  endpointOverride: string | null;
  onNotificationReceived:
    | ((input: { payload: BeamsPayload; pushEvent: ExtendableEvent; handleNotification: (payload: BeamsPayload) => Promise<void> }) => void)
    | null;
}

declare const self: ServiceWorkerGlobalScope & { PusherPushNotifications: BeamsWorker };

/** Where pushes come from and whose phone this is, read from the store; keeps the push's signal for the page. */
async function beforeShowing(sinal: unknown): Promise<void> {
  const store = await openRawStore(DB_NAME, ['kv']);
  if (!store) return;
  try {
    const config = (await readRow(store, 'kv', 'pushConfig')) as Partial<PushConfigRecord> | undefined;
    if (config?.key === 'pushConfig') self.PusherPushNotifications.endpointOverride = config.endpointOverride ?? null;
    if (await keepPushForPage(store, sinal)) await tellPages(WORKER_MESSAGE.pushStored);
  } finally {
    store.close();
  }
}

/**
 * Every push also lands in the phone's store before it is shown (DESIGN §3), so tapping it opens the right screen
 * with its content even with no connection.
 */
export function registerPushHandling(): void {
  self.PusherPushNotifications.onNotificationReceived = ({ payload, pushEvent, handleNotification }) => {
    pushEvent.waitUntil(
      (async () => {
        await beforeShowing(payload.data?.sinal).catch((error: unknown) => console.warn('[push] not kept for the app', error));
        const notificacao = linkableSignal(payload.data?.sinal);
        // Its tap opens what it concerns (sw/push-click.ts); a server that did not say is worked out from the signal.
        const link = notificacao ? notificationLink(notificacao) : null;
        const shown = link && payload.notification && (!payload.notification.deep_link || payload.notification.deep_link === '/dashboard/notifications')
          ? { ...payload, notification: { ...payload.notification, deep_link: link } }
          : payload;
        await handleNotification(inHostLanguage(shown, brandForHost(self.location.host).locale));
      })(),
    );
  };
}
