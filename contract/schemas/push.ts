import { z } from 'zod';
import { lazySchema } from '../lazy-schema.ts';
import { SinalSchema } from './signals.ts';

// Push (DESIGN §5, protocols §3): the Beams token endpoint, the Beams-compatible device API the Beams web
// SDK calls through `endpointOverride`, and the web payload the service worker receives in both modes.

/** GET /api/auth/beams/?user_id= — the Beams SDK's TokenProvider reads `token`. */
export const BeamsTokenQuerySchema = lazySchema(() => z.object({ user_id: z.string().min(1).max(164) }));
export const BeamsTokenResponseSchema = lazySchema(() => z.object({ status: z.string(), message: z.string(), token: z.string() }));

/** What `pushManager.subscribe()` gives, as JSON; the SDK sends it base64-encoded as the device `token`. */
export const WebPushSubscriptionSchema = lazySchema(() => z.object({
  /** Push services are https; anything else would let a client make the server post to internal addresses. */
  endpoint: z.url({ protocol: /^https$/ }).max(2000),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
}));
export type WebPushSubscription = z.infer<typeof WebPushSubscriptionSchema>;

export const DeviceMetadataSchema = lazySchema(() => z.object({ sdkVersion: z.string().max(50).optional() }).loose());

/** POST {base}/device_api/v1/instances/{id}/devices/web */
export const RegisterDeviceRequestSchema = lazySchema(() => z.object({
  token: z.string().min(1).max(4000),
  metadata: DeviceMetadataSchema.optional(),
}));
export const RegisterDeviceResponseSchema = lazySchema(() => z.object({ id: z.string() }));

export const VapidKeyResponseSchema = lazySchema(() => z.object({ vapidPublicKey: z.string() }));

/** Interest names as the Beams SDK validates them. */
export const InterestSchema = lazySchema(() => z.string().regex(/^[A-Za-z0-9_\-=@,.;]{1,164}$/));
export const InterestsSchema = lazySchema(() => z.object({ interests: z.array(InterestSchema).max(5000) }));
/** GET …/devices/web/{id}/interests: the device's interests, as Beams answers. */
export const DeviceInterestsResponseSchema = lazySchema(() => z.object({ interests: z.array(z.string()), responseMetadata: z.object({}) }));

/** Errors of the device API carry Beams' {error, description} as well as the envelope, so the SDK reports them. */
export const BeamsErrorSchema = lazySchema(() => z.object({ status: z.string(), message: z.string(), error: z.string(), description: z.string() }));

/** Beams web notification (pusher.com/docs/beams/reference/publish-payloads). */
export const WebNotificationSchema = lazySchema(() => z.object({
  title: z.string(),
  body: z.string(),
  icon: z.string().optional(),
  deep_link: z.string().optional(),
  hide_notification_if_site_has_focus: z.boolean().optional(),
}));

/**
 * `web` of a Beams publish; `data.sinal` is the signal realtime carries, for notifications only: a chat message's
 * push says who wrote and that there is a message, never its text (docs/decisions.md, "Ended sessions and live
 * channels"), so it carries no signal and the app reads the message from the server when it opens.
 */
/**
 * The notification in English (added): `notification` is in Portuguese, the server's language; the service worker
 * of an English host shows this instead (sw/push-words.ts), so a push reaches a phone in the language of the host
 * its subscription was made on, whether or not a page is open.
 */
export const PushEnglishSchema = lazySchema(() => z.object({ title: z.string(), body: z.string(), icon: z.string().optional() }));

export const WebPublishSchema = lazySchema(() => z.object({
  time_to_live: z.number().int().optional(),
  notification: WebNotificationSchema,
  data: z.object({ sinal: SinalSchema.optional(), en: PushEnglishSchema.optional() }),
}));
export type WebPublish = z.infer<typeof WebPublishSchema>;

/**
 * What the service worker's push event carries (protocols §3.2): the Beams service worker only handles payloads
 * with `data.pusher`, which hosted Beams adds and the embedded service adds itself.
 */
export const PushPayloadSchema = lazySchema(() => z.object({
  notification: WebNotificationSchema,
  data: z.object({
    sinal: SinalSchema.optional(),
    pusher: z.object({
      instanceId: z.string(),
      publishId: z.string(),
      hasDisplayableContent: z.boolean(),
      hasData: z.boolean(),
    }),
  }),
}));
export type PushPayload = z.infer<typeof PushPayloadSchema>;
