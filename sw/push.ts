/// <reference lib="webworker" />
// The Beams service-worker source from the npm package (DESIGN §5): it shows pushes and opens their deep links.
import '@pusher/push-notifications-web/src/service-worker.js';
import { db } from '../src/db/instance.ts';
import { readSessionRecord } from '../src/db/session.ts';
import { applySignal } from '../src/sync/realtime/apply-signal.ts';

interface BeamsWorker {
  endpointOverride: string | null;
  onNotificationReceived:
    | ((input: { payload: { data?: Record<string, unknown> }; pushEvent: ExtendableEvent; handleNotification: (payload: unknown) => Promise<void> }) => void)
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
        if (selfId && payload.data?.sinal) await applySignal(db, { sinal: payload.data.sinal }, selfId).catch(() => false);
        await handleNotification(payload);
      })(),
    );
  };
}
