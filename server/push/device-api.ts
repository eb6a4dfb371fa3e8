import type { Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { MSG } from '../../contract/messages.ts';
import { EmptyResponseSchema } from '../../contract/envelope.ts';
import {
  BeamsErrorSchema,
  DeviceInterestsResponseSchema,
  DeviceMetadataSchema,
  InterestSchema,
  InterestsSchema,
  RegisterDeviceRequestSchema,
  RegisterDeviceResponseSchema,
  VapidKeyResponseSchema,
  WebPushSubscriptionSchema,
  type WebPushSubscription,
} from '../../contract/schemas/push.ts';
import type { AppEnv } from '../hono-env.ts';
import { reply } from '../lib/answer.ts';
import { isSessionLive } from '../auth/session-revocation.ts';
import type { BeamsConfig } from '../realtime/realtime-config.ts';
import { verifyBeamsToken } from './beams-token.ts';
import { deviceHandle, rowIdOfHandle } from './device-handle.ts';
import { bindDevice, deleteDevice, findDevice, registerDevice, updateDevice } from './devices-repo.ts';
import type { EndpointPolicy } from './endpoint-policy.ts';
import { jsonBody } from '../lib/json-depth.ts';

// The Beams-compatible device API (protocols §3.1, §3.4 design A) the Beams web SDK calls when the app passes
// `endpointOverride: {origin}/api/beams`. Paths and bodies are exactly the SDK's (push-notifications.js 2.1.0).
// The SDK sends no Idempotency-Key; every call here is idempotent by nature (upsert by subscription, set, delete).
// The device id it gets back is a handle only the registering browser knows (device-handle.ts): every call that
// names a device needs it, and a device bound to one user is never rebound to another.

export const BEAMS_OVERRIDE_PATH = '/api/beams';
const INSTANCE = `${BEAMS_OVERRIDE_PATH}/device_api/v1/instances/:instanceId`;
const DEVICE = `${INSTANCE}/devices/web/:deviceId`;

/** Beams' {error, description} next to the envelope: the SDK turns them into its error message. */
function beamsError(c: Context<AppEnv>, status: ContentfulStatusCode, error: string, message: string, detail?: string): Response {
  return reply(c, BeamsErrorSchema, { status: 'error', message, error, description: detail ? `${message}: ${detail}` : message }, status);
}

async function requestBody(c: Context<AppEnv>): Promise<unknown> {
  try {
    return await jsonBody(c);
  } catch {
    return undefined;
  }
}

/** The SDK's device token is base64(JSON.stringify(PushSubscription)). */
function decodeSubscription(token: string): WebPushSubscription | null {
  try {
    const parsed = WebPushSubscriptionSchema.safeParse(JSON.parse(Buffer.from(token, 'base64').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function mountBeamsDeviceApi(app: Hono<AppEnv>, beams: BeamsConfig, vapidPublicKey: string, endpoints: EndpointPolicy): void {
  /** The device row the path's handle names, or null for anything this server did not issue. */
  const rowOf = (c: Context<AppEnv>) => rowIdOfHandle(c.req.param('deviceId') ?? '', beams.secretKey);

  // Every route belongs to one instance; another id is a client configured for another server.
  app.use(`${INSTANCE}/*`, async (c, next) => {
    if (c.req.param('instanceId') !== beams.instanceId) return beamsError(c, 404, 'Not Found', 'Instance not found');
    await next();
  });

  app.get(`${INSTANCE}/web-vapid-public-key`, (c) => reply(c, VapidKeyResponseSchema, { vapidPublicKey }));

  app.post(`${INSTANCE}/devices/web`, async (c) => {
    const parsed = RegisterDeviceRequestSchema.safeParse(await requestBody(c));
    if (!parsed.success) return beamsError(c, 400, 'Bad Request', MSG.invalidRequest);
    const subscription = decodeSubscription(parsed.data.token);
    if (!subscription) return beamsError(c, 400, 'Bad Request', MSG.invalidRequest);
    // The server will post to this URL on every signal: only real push services, never anything internal.
    const verdict = await endpoints.check(subscription.endpoint);
    if (!verdict.ok) return beamsError(c, 400, 'Bad Request', MSG.pushEndpointRefused, verdict.reason);
    const id = await registerDevice(c.get('db'), subscription, parsed.data.metadata?.sdkVersion ?? null);
    return reply(c, RegisterDeviceResponseSchema, { id: deviceHandle(id, beams.secretKey) });
  });

  app.put(`${DEVICE}/user`, async (c) => {
    const header = c.req.header('authorization') ?? '';
    const token = /^Bearer\s+(.+)$/i.exec(header)?.[1] ?? '';
    const verified = token ? verifyBeamsToken(token, beams) : null;
    // Only under the session the token was issued under, and only while it is live: a token kept from a session
    // that ended (sign-out, a password change, "sign out of every device") binds nothing. A user who no longer
    // exists has no live session either.
    const db = c.get('db');
    if (!verified?.session || !(await isSessionLive(db, verified.userId, verified.session))) {
      return beamsError(c, 401, 'Unauthorized', MSG.unauthenticated);
    }
    const { userId, session } = verified;
    const rowId = rowOf(c);
    const bound = rowId ? await bindDevice(db, rowId, userId, session) : 'missing';
    if (bound === 'missing') return beamsError(c, 404, 'Not Found', MSG.notFound);
    if (bound === 'taken') return beamsError(c, 409, 'Conflict', MSG.pushDeviceTaken);
    return reply(c, EmptyResponseSchema, {});
  });

  app.put(`${DEVICE}/metadata`, async (c) => {
    const parsed = DeviceMetadataSchema.safeParse(await requestBody(c));
    if (!parsed.success) return beamsError(c, 400, 'Bad Request', MSG.invalidRequest);
    const rowId = rowOf(c);
    const found = rowId !== null && (await updateDevice(c.get('db'), rowId, { sdkVersion: parsed.data.sdkVersion ?? null }));
    return found ? reply(c, EmptyResponseSchema, {}) : beamsError(c, 404, 'Not Found', MSG.notFound);
  });

  app.get(`${DEVICE}/interests`, async (c) => {
    const rowId = rowOf(c);
    const device = rowId ? await findDevice(c.get('db'), rowId) : null;
    if (!device) return beamsError(c, 404, 'Not Found', MSG.notFound);
    return reply(c, DeviceInterestsResponseSchema, { interests: device.interests, responseMetadata: {} });
  });

  app.put(`${DEVICE}/interests`, async (c) => {
    const parsed = InterestsSchema.safeParse(await requestBody(c));
    if (!parsed.success) return beamsError(c, 400, 'Bad Request', MSG.invalidRequest);
    const rowId = rowOf(c);
    const found = rowId !== null && (await updateDevice(c.get('db'), rowId, { interests: [...new Set(parsed.data.interests)] }));
    return found ? reply(c, EmptyResponseSchema, {}) : beamsError(c, 404, 'Not Found', MSG.notFound);
  });

  const changeInterest = (add: boolean) => async (c: Context<AppEnv>) => {
    const interest = InterestSchema.safeParse(c.req.param('interest'));
    if (!interest.success) return beamsError(c, 400, 'Bad Request', MSG.invalidRequest);
    const db = c.get('db');
    const rowId = rowOf(c);
    const device = rowId ? await findDevice(db, rowId) : null;
    if (!device) return beamsError(c, 404, 'Not Found', MSG.notFound);
    const interests = add
      ? [...new Set([...device.interests, interest.data])]
      : device.interests.filter((name) => name !== interest.data);
    await updateDevice(db, device.id, { interests });
    return reply(c, EmptyResponseSchema, {});
  };
  app.post(`${DEVICE}/interests/:interest`, changeInterest(true));
  app.delete(`${DEVICE}/interests/:interest`, changeInterest(false));

  // Idempotent like Beams: a device already gone, or an id that names none, is answered 200 so the SDK's stop()
  // can clear its state; only the handle deletes anything.
  app.delete(DEVICE, async (c) => {
    const rowId = rowOf(c);
    if (rowId) await deleteDevice(c.get('db'), rowId);
    return reply(c, EmptyResponseSchema, {});
  });

  // The Beams service worker reports delivery and open events here, best effort; nothing is recorded.
  app.post(`${BEAMS_OVERRIDE_PATH}/reporting_api/v2/instances/:instanceId/events`, (c) => reply(c, EmptyResponseSchema, {}));
}
