/// <reference lib="webworker" />
// A tap opens the screen the push concerns; first, so it handles taps before the Beams code below (sw/push-click.ts).
import './push-click.ts';
// The Beams service-worker source from the npm package (DESIGN §5): it shows pushes.
import '@pusher/push-notifications-web/src/service-worker.js';
import { db } from '../src/db/instance.ts';
import { readSessionRecord } from '../src/db/session.ts';
import { applySignal } from '../src/sync/realtime/apply-signal.ts';
import { notificationLink } from '../contract/notification-kinds.ts';
import { linkableSignal } from './signal-shape.ts';

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

/**
 * Every push also lands in the phone's store before it is shown (DESIGN §3), so tapping it opens the right screen
 * with its content even with no connection.
 */
export function registerPushHandling(): void {
  self.PusherPushNotifications.onNotificationReceived = ({ payload, pushEvent, handleNotification }) => {
    pushEvent.waitUntil(
      (async () => {
        const config = await db.kv.get('pushConfig').catch(() => undefined);
        if (config?.key === 'pushConfig') self.PusherPushNotifications.endpointOverride = config.endpointOverride;
        const record = await readSessionRecord(db).catch(() => undefined);
        const selfId = record?.session?.user.id;
        const notificacao = linkableSignal(payload.data?.sinal);
        // Stored with what it concerns; a slip event also updates the stored slip (sync/resources/slip-events.ts).
        if (selfId && payload.data?.sinal) await applySignal(db, { sinal: payload.data.sinal }, selfId).catch(() => false);
        // Its tap opens what it concerns (sw/push-click.ts); a server that did not say is worked out from the signal.
        const link = notificacao ? notificationLink(notificacao) : null;
        const shown = link && payload.notification && (!payload.notification.deep_link || payload.notification.deep_link === '/dashboard/notifications')
          ? { ...payload, notification: { ...payload.notification, deep_link: link } }
          : payload;
        await handleNotification(shown);
      })(),
    );
  };
}
