import { Agent, request as httpsRequest } from 'node:https';
import webpush, { type RequestDetails } from 'web-push';
import type { Sinal } from '../../contract/schemas/signals.ts';
import type { Db } from '../db/create-db.ts';
import { newId } from '../lib/ids.ts';
import type { VapidConfig } from '../realtime/realtime-config.ts';
import { deleteDevice, devicesOfUsers, type Device } from './devices-repo.ts';
import type { EndpointPolicy } from './endpoint-policy.ts';
import { PUSH_TTL_S, pushPayloadOf, webPublishOf } from './payload.ts';

// Embedded push (DESIGN §5): web-push with this server's VAPID keys to every device of each user, in the Beams
// payload shape so the Beams service worker shows it. Subscriptions the push service says are gone are deleted.
// Each device's endpoint is checked again before the post and reached through a lookup that refuses private
// addresses (endpoint-policy.ts); each post is bounded in time, and only its status is read, so a hostile endpoint
// can neither hold a delivery nor feed the server anything.

export interface PushDelivery {
  send(userIds: readonly string[], sinal: Sinal): Promise<void>;
}

/** Devices sent to at once: a burst to a big group should not open hundreds of sockets. */
const CONCURRENCY = 8;
/** The whole post (lookup, connection, TLS, answer), not only a silence between bytes. */
const REQUEST_TIMEOUT_MS = 10_000;
/** RFC 8291 §4: a push message is one aes128gcm record of 4096 bytes, which leaves 3993 bytes of plaintext. */
const MAX_PLAINTEXT_BYTES = 3993;

export interface WebPushOptions {
  db: Db;
  instanceId: string;
  vapid: VapidConfig;
  endpoints: EndpointPolicy;
  /** Tests: the certificate of their stand-in push service, trusted instead of the public authorities. */
  ca?: Buffer;
  /** Tests shorten it. */
  timeoutMs?: number;
}

/** Posts one push and answers the status; the body of the answer is never read, so it cannot be made to hold us. */
function post(details: RequestDetails, agent: Agent, timeoutMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpsRequest(
      details.endpoint,
      { method: details.method, headers: details.headers, agent, signal: AbortSignal.timeout(timeoutMs) },
      (response) => {
        resolve(response.statusCode ?? 0);
        response.destroy();
      },
    );
    request.on('error', reject);
    request.end(details.body ?? undefined);
  });
}

export function createWebPushDelivery({ db, instanceId, vapid, endpoints, ca, timeoutMs = REQUEST_TIMEOUT_MS }: WebPushOptions): PushDelivery {
  // No keep-alive: every post looks its host up again through the policy's lookup.
  const agent = new Agent({ lookup: endpoints.lookup, maxSockets: CONCURRENCY, ...(ca ? { ca } : {}) });

  const sendTo = async (device: Device, body: string) => {
    const verdict = await endpoints.check(device.endpoint);
    if (!verdict.ok) {
      console.error(`[push] device ${device.id} not contacted: ${verdict.reason}`);
      // An endpoint that can never be accepted (registered before these checks) is dropped for good.
      if (verdict.lasting) await deleteDevice(db, device.id);
      return;
    }
    let status: number;
    try {
      const details = webpush.generateRequestDetails({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, body, {
        TTL: PUSH_TTL_S,
        urgency: 'high',
        vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
      });
      status = await post(details, agent, timeoutMs);
    } catch (error) {
      console.error(`[push] delivery to device ${device.id} failed:`, (error as Error).message);
      return;
    }
    if (status === 404 || status === 410) {
      await deleteDevice(db, device.id);
      return;
    }
    if (status < 200 || status > 299) console.error(`[push] delivery to device ${device.id} failed (${status})`);
  };

  return {
    async send(userIds, sinal) {
      // Only devices a user tied to themself with a Beams token (which needs their session) are ever sent to.
      const devices = await devicesOfUsers(db, [...new Set(userIds)]);
      if (devices.length === 0) return;
      const body = JSON.stringify(pushPayloadOf(webPublishOf(sinal), { instanceId, publishId: `pubid-${newId()}` }));
      if (Buffer.byteLength(body) > MAX_PLAINTEXT_BYTES) {
        console.error(`[push] payload of ${Buffer.byteLength(body)} bytes is over the web push limit; not sent`);
        return;
      }
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
