import { z } from 'zod';
import { lazySchema } from '../lazy-schema.ts';

// Realtime (SPEC §7 "Realtime and push", DESIGN §5, protocols §1–§2): the Pusher Channels protocol 7
// spoken by the embedded server, the channel authorization endpoint and the client's connection settings.

/** pusher-js and the `pusher` SDK both insist on this form (protocols §1.2). */
export const SOCKET_ID_PATTERN = /^\d+\.\d+$/;
/** Channel names the `pusher` SDK accepts (protocols §1.3). */
export const CHANNEL_NAME_PATTERN = /^[A-Za-z0-9_\-=@,.;]{1,200}$/;
export const NOVO_SINAL_EVENT = 'novoSinal';

/** Each user's own channel (SPEC §7): only that user may join it. */
export function userChannel(userId: string): string {
  return `presence-${userId}`;
}

export const SocketIdSchema = lazySchema(() => z.string().regex(SOCKET_ID_PATTERN));
export const ChannelNameSchema = lazySchema(() => z.string().regex(CHANNEL_NAME_PATTERN));

/** POST /api/auth/pusher/ — what pusher-js posts (form-encoded). */
export const PusherAuthRequestSchema = lazySchema(() => z.object({ socket_id: SocketIdSchema, channel_name: ChannelNameSchema }));
export type PusherAuthRequest = z.infer<typeof PusherAuthRequestSchema>;

/** POST /api/auth/pusher/user-auth (form or JSON), sent by pusher-js's signin(): the socket to sign in. */
export const PusherUserAuthRequestSchema = lazySchema(() => z.object({ socket_id: SocketIdSchema }));

/** Its answer, as pusher-js expects it: the signature over `socket_id::user::user_data`, and user_data itself. */
export const PusherUserAuthResponseSchema = lazySchema(() => z.object({ auth: z.string(), user_data: z.string() }));

/** user_info of a member of presence-{userId}. */
export const PresenceUserInfoSchema = lazySchema(() => z.object({
  nome: z.string(),
  nomeUsuario: z.string(),
  /** An https address of the photo; null when the user has none or it is stored inline (too big for presence). */
  fotografia: z.string().nullable(),
}));
export type PresenceUserInfo = z.infer<typeof PresenceUserInfoSchema>;

export const PresenceChannelDataSchema = lazySchema(() => z.object({ user_id: z.string(), user_info: PresenceUserInfoSchema }));

/** The exact reply pusher-js expects: `channel_data` is a JSON string signed as is (protocols §1.5). */
export const PusherAuthResponseSchema = lazySchema(() => z.object({ auth: z.string().regex(/^[^:]+:[0-9a-f]{64}$/), channel_data: z.string() }));
export type PusherAuthResponse = z.infer<typeof PusherAuthResponseSchema>;

export const OnlineUserSchema = lazySchema(() => z.object({ id: z.string(), nome: z.string(), nomeUsuario: z.string() }));
export type OnlineUser = z.infer<typeof OnlineUserSchema>;

/** GET /api/auth/pusher/mostrarUsuariosOnline. */
export const OnlineUsersResponseSchema = lazySchema(() => z.object({
  status: z.string(),
  message: z.string(),
  usuarios: z.array(OnlineUserSchema),
}));
export type OnlineUsersResponse = z.infer<typeof OnlineUsersResponseSchema>;

/** Settings for `new Pusher(key, …)`; empty wsHost and null ports mean the page's own host and port. */
export const PusherClientConfigSchema = lazySchema(() => z.object({
  key: z.string(),
  cluster: z.string(),
  wsHost: z.string(),
  wsPort: z.number().int().nullable(),
  wssPort: z.number().int().nullable(),
  forceTLS: z.boolean(),
  enabledTransports: z.array(z.enum(['ws', 'wss'])),
  authEndpoint: z.string(),
  /** pusher-js's userAuthentication endpoint: a connection signed in as its user can be ended with the user's sessions. */
  userAuthEndpoint: z.string(),
}));
export type PusherClientConfig = z.infer<typeof PusherClientConfigSchema>;

/** Settings for the Beams web SDK; endpointOverride is null when hosted Beams is configured. */
export const BeamsClientConfigSchema = lazySchema(() => z.object({
  instanceId: z.string(),
  endpointOverride: z.string().nullable(),
  tokenUrl: z.string(),
}));
export type BeamsClientConfig = z.infer<typeof BeamsClientConfigSchema>;

/** GET /api/client/public/config. */
export const ClientConfigResponseSchema = lazySchema(() => z.object({
  status: z.string(),
  message: z.string(),
  pusher: PusherClientConfigSchema,
  beams: BeamsClientConfigSchema,
  /** The embedded push service's VAPID key; null with hosted Beams (the SDK asks Beams). */
  vapidPublicKey: z.string().nullable(),
}));
export type ClientConfigResponse = z.infer<typeof ClientConfigResponseSchema>;

// ---- Pusher Channels wire protocol (WebSocket frames, protocols §1.2–§1.3) ----

export const PusherFrameSchema = lazySchema(() => z.object({
  event: z.string().min(1).max(200),
  channel: z.string().optional(),
  data: z.unknown().optional(),
}));
export type PusherFrame = z.infer<typeof PusherFrameSchema>;

export const SubscribeDataSchema = lazySchema(() => z.object({
  channel: z.string(),
  auth: z.string().optional(),
  channel_data: z.string().optional(),
}));

/** pusher:signin's data (protocols §1.3): the signature and the user_data it covers, whose `id` names the user. */
export const SigninDataSchema = lazySchema(() => z.object({ auth: z.string().max(200), user_data: z.string().max(2000) }));
export const SignedUserDataSchema = lazySchema(() => z.object({ id: z.string().min(1).max(128) }));

/** channel_data a presence subscriber signed; user_id may be a number in other apps, it is kept as a string. */
export const SignedChannelDataSchema = lazySchema(() => z.object({
  user_id: z.union([z.string().min(1).max(128), z.number()]).transform(String),
  user_info: z.unknown().optional(),
}));

// ---- Pusher HTTP API (what the `pusher` SDK sends, protocols §2) ----

export const TriggerRequestSchema = lazySchema(() => z
  .object({
    name: z.string().min(1).max(200),
    data: z.unknown(),
    channels: z.array(ChannelNameSchema).min(1).max(100).optional(),
    channel: ChannelNameSchema.optional(),
    socket_id: SocketIdSchema.optional(),
    info: z.string().optional(),
  })
  .refine((body) => body.channels !== undefined || body.channel !== undefined, { message: 'channels required' }));
export type TriggerRequest = z.infer<typeof TriggerRequestSchema>;

export const BatchEventSchema = lazySchema(() => z.object({
  name: z.string().min(1).max(200),
  data: z.unknown(),
  channel: ChannelNameSchema,
  socket_id: SocketIdSchema.optional(),
  info: z.string().optional(),
}));
export const BatchTriggerRequestSchema = lazySchema(() => z.object({ batch: z.array(BatchEventSchema).min(1).max(10) }));

export const ChannelInfoSchema = lazySchema(() => z.object({
  occupied: z.boolean().optional(),
  user_count: z.number().int().optional(),
  subscription_count: z.number().int().optional(),
}));
export const ChannelsResponseSchema = lazySchema(() => z.object({ channels: z.record(z.string(), ChannelInfoSchema) }));
export const ChannelUsersResponseSchema = lazySchema(() => z.object({ users: z.array(z.object({ id: z.string() })) }));
/** POST /apps/{id}/events: the channels' attributes asked for with `info`, or nothing. */
export const TriggerResponseSchema = lazySchema(() => z.object({ channels: z.record(z.string(), ChannelInfoSchema).optional() }));
/** POST /apps/{id}/batch_events: each event's channel attributes, in order, when any event asked with `info`. */
export const BatchTriggerResponseSchema = lazySchema(() => z.object({ batch: z.array(ChannelInfoSchema).optional() }));
/** GET / of the standalone realtime server (npm run realtime): alive, and how many channels it serves now. */
export const RealtimeStatusResponseSchema = lazySchema(() => z.object({ status: z.string(), message: z.string(), channels: z.number().int() }));
/** A refused HTTP API request: Pusher's `{error}`, which the `pusher` SDK reports. */
export const PusherHttpErrorSchema = lazySchema(() => z.object({ error: z.string() }));
