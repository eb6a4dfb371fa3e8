import type { Agent } from 'node:https';
import webpush from 'web-push';
import type { Sinal } from '../../contract/schemas/signals.ts';
import type { Db } from '../db/create-db.ts';
import { newId } from '../lib/ids.ts';
import type { VapidConfig } from '../realtime/realtime-config.ts';
import { deleteDevice, devicesOfUsers, type Device } from './devices-repo.ts';
import { PUSH_TTL_S, pushPayloadOf, webPublishOf } from './payload.ts';

// Embedded push (DESIGN §5): web-push with this server's VAPID keys to every device of each user, in the Beams
// payload shape so the Beams service worker shows it. Subscriptions the push service says are gone are deleted.

export interface PushDelivery {
  send(userIds: readonly string[], sinal: Sinal): Promise<void>;
}

/** Devices sent to at once: a burst to a big group should not open hundreds of sockets. */
const CONCURRENCY = 8;
const REQUEST_TIMEOUT_MS = 10_000;

export interface WebPushOptions {
  db: Db;
  instanceId: string;
  vapid: VapidConfig;
  /** Tests pass one that trusts their stand-in push service's certificate. */
  agent?: Agent;
}

function isGone(error: unknown): boolean {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return status === 404 || status === 410;
}

export function createWebPushDelivery({ db, instanceId, vapid, agent }: WebPushOptions): PushDelivery {
  const sendTo = async (device: Device, body: string) => {
    try {
      await webpush.sendNotification({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, body, {
        TTL: PUSH_TTL_S,
        urgency: 'high',
        timeout: REQUEST_TIMEOUT_MS,
        ...(agent ? { agent } : {}),
        vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
      });
    } catch (error) {
      if (isGone(error)) {
        await deleteDevice(db, device.id);
        return;
      }
      const status = (error as { statusCode?: unknown } | null)?.statusCode;
      console.error(`[push] delivery to device ${device.id} failed${status ? ` (${String(status)})` : ''}`, (error as Error).message);
    }
  };

  return {
    async send(userIds, sinal) {
      const devices = await devicesOfUsers(db, [...new Set(userIds)]);
      if (devices.length === 0) return;
      const body = JSON.stringify(pushPayloadOf(webPublishOf(sinal), { instanceId, publishId: `pubid-${newId()}` }));
      let next = 0;
      const worker = async () => {
        while (next < devices.length) {
          const device = devices[next++];
          if (device) await sendTo(device, body);
        }
      };
      await Promise.all(Array.from({ length: Math.min(CONCURRENCY, devices.length) }, worker));
    },
  };
}
