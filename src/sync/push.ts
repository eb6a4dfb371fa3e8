import type { AppDb } from '../db/app-db.ts';
import { fetchClientConfig } from '../api/realtime.ts';

export type PushOutcome = 'registered' | 'unsupported' | 'denied' | 'unavailable';

/**
 * Registers this device for the signed-in user's pushes with the Beams SDK (DESIGN §5): hosted Beams, or our
 * server's Beams-compatible API through endpointOverride. SPEC §4 Push: if the device is registered to another user,
 * that registration is stopped first. Asks for notification permission only when `ask` is true (a user's tap).
 */
export async function registerPush(db: AppDb, userId: string, options: { ask: boolean }): Promise<PushOutcome> {
  if (typeof Notification === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in self)) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  if (Notification.permission !== 'granted' && !options.ask) return 'unavailable';
  const config = await fetchClientConfig();
  if (config.kind !== 'ok') return 'unavailable';
  const beams = config.data.beams;
  // The service worker reads this to report to the same endpoint (sw/push.ts).
  await db.kv.put({ key: 'pushConfig', instanceId: beams.instanceId, endpointOverride: beams.endpointOverride });
  const { Client, TokenProvider } = await import('@pusher/push-notifications-web');
  const client = new Client({
    instanceId: beams.instanceId,
    serviceWorkerRegistration: await navigator.serviceWorker.ready,
    ...(beams.endpointOverride ? { endpointOverride: beams.endpointOverride } : {}),
  });
  try {
    await client.start();
    const registered = await client.getUserId().catch(() => null);
    if (registered && registered !== userId) {
      await client.stop();
      await client.start();
    }
    await client.setUserId(userId, new TokenProvider({ url: beams.tokenUrl }));
    return 'registered';
  } catch {
    return (Notification.permission as NotificationPermission) === 'denied' ? 'denied' : 'unavailable';
  }
}

/** On sign-out this device stops receiving the previous user's pushes. */
export async function unregisterPush(db: AppDb): Promise<void> {
  const stored = await db.kv.get('pushConfig');
  if (stored?.key !== 'pushConfig' || !('serviceWorker' in navigator)) return;
  const { Client } = await import('@pusher/push-notifications-web');
  const client = new Client({
    instanceId: stored.instanceId,
    serviceWorkerRegistration: await navigator.serviceWorker.ready,
    ...(stored.endpointOverride ? { endpointOverride: stored.endpointOverride } : {}),
  });
  await client.stop().catch(() => undefined);
}
