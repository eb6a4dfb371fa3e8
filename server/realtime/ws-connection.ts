import { randomInt } from 'node:crypto';
import type { WebSocket } from 'ws';
import {
  CHANNEL_NAME_PATTERN,
  PusherFrameSchema,
  SignedChannelDataSchema,
  SubscribeDataSchema,
  type PusherFrame,
} from '../../contract/schemas/realtime.ts';
import { isPresence, needsAuth, type Hub, type HubSocket, type OutFrame } from './hub.ts';
import { channelAuthValid } from './signature.ts';

// One Pusher protocol 7 connection (protocols §1): handshake, ping/pong, subscriptions with signature checks,
// presence, client events and the error codes pusher-js acts on (§1.4).

export interface ConnectionSettings {
  hub: Hub;
  key: string;
  secret: string;
  /** Seconds of silence after which pusher-js pings; sent in connection_established. */
  activityTimeout: number;
}

/** Pusher's documented limits for client events: 10 per second per connection, 10 KB of data. */
export const CLIENT_EVENTS_PER_SECOND = 10;
export const MAX_EVENT_DATA_BYTES = 10_240;
/** A client that reads slower than this much queued output is dropped rather than buffered without end. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

export interface LiveSocket extends HubSocket {
  readonly ws: WebSocket;
  /** Set by any frame or pong; the heartbeat drops sockets that stay silent for a whole interval. */
  alive: boolean;
}

function makeSocketId(): string {
  // Two random integers joined by a dot: the form pusher-js and the `pusher` SDK validate (^\d+\.\d+$).
  return `${randomInt(1, 2 ** 40)}.${randomInt(1, 2 ** 40)}`;
}

function encode(frame: OutFrame): string {
  return JSON.stringify(frame);
}

/** Fatal errors: `pusher:error` then close with the same code, which is what pusher-js acts on. */
export function refuseConnection(ws: WebSocket, code: number, message: string): void {
  ws.send(encode({ event: 'pusher:error', data: { code, message } }));
  ws.close(code, message);
}

export function openConnection(ws: WebSocket, settings: ConnectionSettings): LiveSocket {
  const { hub } = settings;
  const socket: LiveSocket = {
    id: makeSocketId(),
    ws,
    alive: true,
    send(frame) {
      if (ws.readyState !== ws.OPEN) return;
      if (ws.bufferedAmount > MAX_BUFFERED_BYTES) {
        ws.close(4100, 'Over capacity: messages are not being read');
        return;
      }
      ws.send(encode(frame));
    },
  };
  let windowStart = 0;
  let windowCount = 0;

  // Non-fatal: the socket stays open (a code of null, or 4301 for a refused client event).
  const error = (message: string, code: number | null) => socket.send({ event: 'pusher:error', data: { code, message } });

  const subscriptionError = (channel: string, type: string, message: string, status: number) =>
    socket.send({ event: 'pusher:subscription_error', channel, data: { type, error: message, status } });

  const subscribe = (data: unknown) => {
    const parsed = SubscribeDataSchema.safeParse(data);
    if (!parsed.success) return error('Invalid subscribe: data.channel is required', null);
    const { channel, auth, channel_data: channelData } = parsed.data;
    if (!CHANNEL_NAME_PATTERN.test(channel)) {
      return subscriptionError(channel, 'InvalidChannel', 'Invalid channel name', 400);
    }
    if (!needsAuth(channel)) return hub.subscribe(socket, channel);
    const presence = isPresence(channel);
    const signed = channelAuthValid({
      key: settings.key,
      secret: settings.secret,
      socketId: socket.id,
      channel,
      auth,
      ...(presence ? { channelData: channelData ?? '' } : {}),
    });
    if (!signed) return subscriptionError(channel, 'AuthError', `Invalid signature for ${channel}`, 401);
    if (!presence) return hub.subscribe(socket, channel);
    let member;
    try {
      member = SignedChannelDataSchema.safeParse(JSON.parse(channelData ?? ''));
    } catch {
      member = null;
    }
    if (!member?.success) return subscriptionError(channel, 'AuthError', 'channel_data needs a user_id', 400);
    hub.subscribe(socket, channel, { userId: member.data.user_id, userInfo: member.data.user_info ?? {} });
  };

  const clientEvent = (frame: PusherFrame) => {
    const channel = frame.channel;
    const reject = (why: string) => error(`Client event rejected - ${why}`, 4301);
    if (!channel || !needsAuth(channel)) return reject('only supported on private and presence channels');
    if (!hub.isSubscribed(socket, channel)) return reject(`not subscribed to ${channel}`);
    const size = Buffer.byteLength(typeof frame.data === 'string' ? frame.data : JSON.stringify(frame.data ?? null));
    if (size > MAX_EVENT_DATA_BYTES) return reject('data over 10 KB');
    const now = Date.now();
    if (now - windowStart >= 1000) {
      windowStart = now;
      windowCount = 0;
    }
    windowCount += 1;
    if (windowCount > CLIENT_EVENTS_PER_SECOND) return reject('rate limit of 10 events per second exceeded');
    hub.relay(socket, channel, frame.event, frame.data);
  };

  ws.on('message', (raw, isBinary) => {
    socket.alive = true;
    if (isBinary) return error('Binary frames are not supported', null);
    let frame: PusherFrame;
    try {
      const parsed = PusherFrameSchema.safeParse(JSON.parse(raw.toString()));
      if (!parsed.success) return error('Invalid message: expected {event, data}', null);
      frame = parsed.data;
    } catch {
      return error('Invalid JSON', null);
    }
    switch (frame.event) {
      case 'pusher:ping':
        return socket.send({ event: 'pusher:pong', data: {} });
      case 'pusher:pong':
        return;
      case 'pusher:subscribe':
        return subscribe(frame.data);
      case 'pusher:unsubscribe': {
        const parsed = SubscribeDataSchema.safeParse(frame.data);
        if (parsed.success) hub.unsubscribe(socket, parsed.data.channel);
        return;
      }
      case 'pusher:signin':
        return error('User authentication (pusher:signin) is not supported by this server', null);
      default:
        if (frame.event.startsWith('client-')) return clientEvent(frame);
    }
  });
  ws.on('pong', () => {
    socket.alive = true;
  });
  ws.on('close', () => hub.leaveAll(socket));
  ws.on('error', () => hub.leaveAll(socket));

  socket.send({
    event: 'pusher:connection_established',
    data: JSON.stringify({ socket_id: socket.id, activity_timeout: settings.activityTimeout }),
  });
  return socket;
}
