import type { Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { MSG } from '../../contract/messages.ts';
import {
  DeviceMetadataSchema,
  InterestSchema,
  InterestsSchema,
  RegisterDeviceRequestSchema,
  WebPushSubscriptionSchema,
  type WebPushSubscription,
} from '../../contract/schemas/push.ts';
import type { AppEnv } from '../app-env.ts';
import type { BeamsConfig } from '../realtime/realtime-config.ts';
import { verifyBeamsToken } from './beams-token.ts';
import { deleteDevice, findDevice, registerDevice, updateDevice } from './devices-repo.ts';

// The Beams-compatible device API (protocols §3.1, §3.4 design A) the Beams web SDK calls when the app passes
// `endpointOverride: {origin}/api/beams`. Paths and bodies are exactly the SDK's (push-notifications.js 2.1.0).
// The SDK sends no Idempotency-Key; every call here is idempotent by nature (upsert by subscription, set, delete).

export const BEAMS_OVERRIDE_PATH = '/api/beams';
const INSTANCE = `${BEAMS_OVERRIDE_PATH}/device_api/v1/instances/:instanceId`;
const DEVICE = `${INSTANCE}/devices/web/:deviceId`;

/** Beams' {error, description} next to the envelope: the SDK turns them into its error message. */
function beamsError(c: Context<AppEnv>, status: ContentfulStatusCode, error: string, message: string): Response {
  return c.json({ status: 'error', message, error, description: message }, status);
}

async function jsonBody(c: Context<AppEnv>): Promise<unknown> {
  try {
    return await c.req.json();
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

export function mountBeamsDeviceApi(app: Hono<AppEnv>, beams: BeamsConfig, vapidPublicKey: string): void {
  // Every route belongs to one instance; another id is a client configured for another server.
  app.use(`${INSTANCE}/*`, async (c, next) => {
    if (c.req.param('instanceId') !== beams.instanceId) return beamsError(c, 404, 'Not Found', 'Instance not found');
    await next();
  });

  app.get(`${INSTANCE}/web-vapid-public-key`, (c) => c.json({ vapidPublicKey }));

  app.post(`${INSTANCE}/devices/web`, async (c) => {
    const parsed = RegisterDeviceRequestSchema.safeParse(await jsonBody(c));
    if (!parsed.success) return beamsError(c, 400, 'Bad Request', MSG.invalidRequest);
    const subscription = decodeSubscription(parsed.data.token);
    if (!subscription) return beamsError(c, 400, 'Bad Request', MSG.invalidRequest);
    const id = await registerDevice(c.get('db'), subscription, parsed.data.metadata?.sdkVersion ?? null);
    return c.json({ id });
  });

  app.put(`${DEVICE}/user`, async (c) => {
    const header = c.req.header('authorization') ?? '';
    const token = /^Bearer\s+(.+)$/i.exec(header)?.[1] ?? '';
    const userId = token ? verifyBeamsToken(token, beams) : null;
    if (!userId) return beamsError(c, 401, 'Unauthorized', MSG.unauthenticated);
    const db = c.get('db');
    const user = await db.selectFrom('usuarios').select('id').where('id', '=', userId).executeTakeFirst();
    if (!user) return beamsError(c, 401, 'Unauthorized', MSG.unauthenticated);
    if (!(await updateDevice(db, c.req.param('deviceId'), { userId }))) return beamsError(c, 404, 'Not Found', MSG.notFound);
    return c.json({});
  });

  app.put(`${DEVICE}/metadata`, async (c) => {
    const parsed = DeviceMetadataSchema.safeParse(await jsonBody(c));
    if (!parsed.success) return beamsError(c, 400, 'Bad Request', MSG.invalidRequest);
    const found = await updateDevice(c.get('db'), c.req.param('deviceId'), { sdkVersion: parsed.data.sdkVersion ?? null });
    return found ? c.json({}) : beamsError(c, 404, 'Not Found', MSG.notFound);
  });

  app.get(`${DEVICE}/interests`, async (c) => {
    const device = await findDevice(c.get('db'), c.req.param('deviceId'));
    if (!device) return beamsError(c, 404, 'Not Found', MSG.notFound);
    return c.json({ interests: device.interests, responseMetadata: {} });
  });

  app.put(`${DEVICE}/interests`, async (c) => {
    const parsed = InterestsSchema.safeParse(await jsonBody(c));
    if (!parsed.success) return beamsError(c, 400, 'Bad Request', MSG.invalidRequest);
    const found = await updateDevice(c.get('db'), c.req.param('deviceId'), { interests: [...new Set(parsed.data.interests)] });
    return found ? c.json({}) : beamsError(c, 404, 'Not Found', MSG.notFound);
  });

  const changeInterest = (add: boolean) => async (c: Context<AppEnv>) => {
    const interest = InterestSchema.safeParse(c.req.param('interest'));
    if (!interest.success) return beamsError(c, 400, 'Bad Request', MSG.invalidRequest);
    const db = c.get('db');
    const device = await findDevice(db, c.req.param('deviceId') ?? '');
    if (!device) return beamsError(c, 404, 'Not Found', MSG.notFound);
    const interests = add
      ? [...new Set([...device.interests, interest.data])]
      : device.interests.filter((name) => name !== interest.data);
    await updateDevice(db, device.id, { interests });
    return c.json({});
  };
  app.post(`${DEVICE}/interests/:interest`, changeInterest(true));
  app.delete(`${DEVICE}/interests/:interest`, changeInterest(false));

  app.delete(DEVICE, async (c) => {
    await deleteDevice(c.get('db'), c.req.param('deviceId'));
    return c.json({});
  });

  // The Beams service worker reports delivery and open events here, best effort; nothing is recorded.
  app.post(`${BEAMS_OVERRIDE_PATH}/reporting_api/v2/instances/:instanceId/events`, (c) => c.json({}));
}
