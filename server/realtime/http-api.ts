import type { Context, Hono } from 'hono';
import { bodyLimit } from '../lib/body-limit.ts';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import {
  BatchTriggerRequestSchema,
  BatchTriggerResponseSchema,
  CHANNEL_NAME_PATTERN,
  ChannelInfoSchema,
  ChannelsResponseSchema,
  ChannelUsersResponseSchema,
  PusherHttpErrorSchema,
  TriggerRequestSchema,
  TriggerResponseSchema,
} from '../../contract/schemas/realtime.ts';
import { EmptyResponseSchema } from '../../contract/envelope.ts';
import type { AppEnv } from '../hono-env.ts';
import { reply } from '../lib/answer.ts';
import { isPresence, type Hub } from './hub.ts';
import { jsonDepthWithin } from '../lib/json-depth.ts';
import { MAX_EVENT_DATA_BYTES } from './ws-connection.ts';
import { requestSignatureProblem } from './signature.ts';

// The Pusher HTTP API of the embedded server (protocols §2): what the `pusher` SDK calls to trigger events, read
// channel state and end a user's connections, every request signed with auth_version 1.0.

export interface HttpApiSettings {
  hub: Hub;
  appId: string;
  key: string;
  secret: string;
}

/** A user id as the app's presence channels and pusher:signin carry it (the SDK sends it in the path unencoded). */
const USER_ID_PATTERN = /^[A-Za-z0-9_\-=@,.;]{1,200}$/;

/** Pusher's batch limit is 10 events of 10 KB; the rest is room for names and channels. */
const MAX_BODY_BYTES = 256 * 1024;

type Handler = (c: Context<AppEnv>, body: unknown) => Response | Promise<Response>;

const fail = (c: Context<AppEnv>, status: ContentfulStatusCode, error: string) => reply(c, PusherHttpErrorSchema, { error }, status);

function eventData(data: unknown): string {
  // The SDK always sends a string; other clients may send JSON, which pusher-js decodes the same way.
  return typeof data === 'string' ? data : JSON.stringify(data ?? null);
}

function channelAttributes(hub: Hub, channel: string, info: string | undefined): Record<string, number> | null {
  const wanted = new Set((info ?? '').split(',').map((part) => part.trim()).filter(Boolean));
  if (wanted.size === 0) return null;
  const state = hub.channelInfo(channel);
  const attributes: Record<string, number> = {};
  if (wanted.has('user_count') && isPresence(channel)) attributes.user_count = state.userCount ?? 0;
  if (wanted.has('subscription_count')) attributes.subscription_count = state.subscriptionCount;
  return attributes;
}

export function mountPusherHttpApi(app: Hono<AppEnv>, settings: HttpApiSettings): void {
  const { hub } = settings;

  /** Checks app id and signature (401 on failure), then hands the parsed JSON body to the handler. */
  const signed =
    (handler: Handler) =>
    async (c: Context<AppEnv>): Promise<Response> => {
      if (c.req.param('appId') !== settings.appId) return fail(c, 404, `Unknown app id ${c.req.param('appId') ?? ''}`);
      const bytes = c.req.method === 'GET' ? null : new Uint8Array(await c.req.arrayBuffer());
      const url = new URL(c.req.url);
      const problem = requestSignatureProblem(
        { method: c.req.method, path: url.pathname, query: url.searchParams, body: bytes },
        settings,
      );
      if (problem) return fail(c, 401, problem);
      let body: unknown = null;
      if (bytes && bytes.length > 0) {
        const text = new TextDecoder().decode(bytes);
        // Before parsing: event data nested too deeply overflows the stack when it is encoded for the sockets.
        if (!jsonDepthWithin(text)) return fail(c, 400, 'Invalid JSON body: nested too deeply');
        try {
          body = JSON.parse(text);
        } catch {
          return fail(c, 400, 'Invalid JSON body');
        }
      }
      return handler(c, body);
    };

  app.use('/apps/*', bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => reply(c, PusherHttpErrorSchema, { error: 'Request too large' }, 413) }));

  app.post(
    '/apps/:appId/events',
    signed((c, body) => {
      const parsed = TriggerRequestSchema.safeParse(body);
      if (!parsed.success) return fail(c, 400, `Invalid event: ${parsed.error.issues[0]?.message ?? 'bad body'}`);
      const event = parsed.data;
      const data = eventData(event.data);
      if (Buffer.byteLength(data) > MAX_EVENT_DATA_BYTES) return fail(c, 413, 'Event data over 10 KB');
      const channels = event.channels ?? (event.channel ? [event.channel] : []);
      hub.publish(channels, event.name, data, event.socket_id);
      const info: Record<string, Record<string, number>> = {};
      for (const channel of channels) {
        const attributes = channelAttributes(hub, channel, event.info);
        if (attributes) info[channel] = attributes;
      }
      return reply(c, TriggerResponseSchema, event.info ? { channels: info } : {});
    }),
  );

  app.post(
    '/apps/:appId/batch_events',
    signed((c, body) => {
      const parsed = BatchTriggerRequestSchema.safeParse(body);
      if (!parsed.success) return fail(c, 400, `Invalid batch: ${parsed.error.issues[0]?.message ?? 'bad body'}`);
      const events = parsed.data.batch.map((event) => ({ ...event, encoded: eventData(event.data) }));
      if (events.some((event) => Buffer.byteLength(event.encoded) > MAX_EVENT_DATA_BYTES)) {
        return fail(c, 413, 'Event data over 10 KB');
      }
      // Validated as a whole first, so a bad batch publishes nothing.
      for (const event of events) hub.publish([event.channel], event.name, event.encoded, event.socket_id);
      const wantsInfo = events.some((event) => event.info);
      return reply(
        c,
        BatchTriggerResponseSchema,
        wantsInfo ? { batch: events.map((event) => channelAttributes(hub, event.channel, event.info) ?? {}) } : {},
      );
    }),
  );

  app.get(
    '/apps/:appId/channels',
    signed((c) => {
      const prefix = c.req.query('filter_by_prefix') ?? '';
      const info = c.req.query('info');
      if (info?.includes('user_count') && prefix !== 'presence-') {
        return fail(c, 400, 'info=user_count needs filter_by_prefix=presence-');
      }
      const channels: Record<string, Record<string, number>> = {};
      for (const name of hub.channelNames(prefix)) channels[name] = channelAttributes(hub, name, info) ?? {};
      return reply(c, ChannelsResponseSchema, { channels });
    }),
  );

  app.get(
    '/apps/:appId/channels/:channel',
    signed((c) => {
      const channel = c.req.param('channel') ?? '';
      if (!CHANNEL_NAME_PATTERN.test(channel)) return fail(c, 400, 'Invalid channel name');
      const info = c.req.query('info');
      if (info?.includes('user_count') && !isPresence(channel)) return fail(c, 400, 'user_count is only for presence channels');
      return reply(c, ChannelInfoSchema, { occupied: hub.channelInfo(channel).occupied, ...channelAttributes(hub, channel, info) });
    }),
  );

  // The SDK's terminateUserConnections(userId), called when a user's sessions end (server/auth/session-end.ts):
  // every connection of that user is closed with 4009, in this process, whichever app process asked.
  app.post(
    '/apps/:appId/users/:userId/terminate_connections',
    signed((c) => {
      const userId = c.req.param('userId') ?? '';
      if (!USER_ID_PATTERN.test(userId)) return fail(c, 400, 'Invalid user id');
      hub.terminateUser(userId);
      return reply(c, EmptyResponseSchema, {});
    }),
  );

  app.get(
    '/apps/:appId/channels/:channel/users',
    signed((c) => {
      const channel = c.req.param('channel') ?? '';
      if (!CHANNEL_NAME_PATTERN.test(channel)) return fail(c, 400, 'Invalid channel name');
      if (!isPresence(channel)) return fail(c, 400, 'Users are only listed for presence channels');
      return reply(c, ChannelUsersResponseSchema, { users: hub.userIds(channel).map((id) => ({ id })) });
    }),
  );
}
