import { randomInt } from 'node:crypto';
import type { RawData, WebSocket } from 'ws';
import {
  CHANNEL_NAME_PATTERN,
  PusherFrameSchema,
  SignedChannelDataSchema,
  SignedUserDataSchema,
  SigninDataSchema,
  SubscribeDataSchema,
  type PusherFrame,
} from '../../contract/schemas/realtime.ts';
import { isPresence, needsAuth, type Hub, type HubSocket, type OutFrame } from './hub.ts';
import { jsonDepthWithin } from '../lib/json-depth.ts';
import { channelAuthValid, userAuthValid } from './signature.ts';

/** The channel Pusher gives a signed-in user (pusher-js subscribes to it after pusher:signin_success). */
const SERVER_TO_USER_PREFIX = '#server-to-user-';

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
/**
 * The app joins one channel per connection (presence-{userId}); pusher-js resubscribes to all of them on every
 * reconnect, so a handful is plenty and a socket cannot pile up subscriptions.
 */
export const MAX_CHANNELS_PER_CONNECTION = 10;
/** RFC 6455 §5.5: a close frame's body is at most 125 bytes, 2 of them the code; ws throws on a longer reason. */
const MAX_CLOSE_REASON_BYTES = 123;
/** Close code for an unexpected server error (RFC 6455); pusher-js reconnects after a second. */
export const INTERNAL_ERROR_CLOSE = 1011;

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

/** A close reason cut to what a close frame holds, on a character boundary. */
export function closeReason(message: string): string {
  if (Buffer.byteLength(message) <= MAX_CLOSE_REASON_BYTES) return message;
  let cut = message.slice(0, MAX_CLOSE_REASON_BYTES);
  while (Buffer.byteLength(cut) > MAX_CLOSE_REASON_BYTES) cut = cut.slice(0, -1);
  return cut;
}

/** Fatal errors: `pusher:error` then close with the same code, which is what pusher-js acts on. */
export function refuseConnection(ws: WebSocket, code: number, message: string): void {
  if (ws.readyState !== ws.OPEN) return;
  ws.send(encode({ event: 'pusher:error', data: { code, message } }));
  ws.close(code, closeReason(message));
}

/**
 * The last line of defence of one connection: an error nobody expected is logged and ends this connection only,
 * never the process that serves everyone else.
 */
export function failConnection(ws: WebSocket, which: string, error: unknown): void {
  console.error(`[realtime] ${which} closed after an unexpected error`, error);
  try {
    if (ws.readyState === ws.OPEN || ws.readyState === ws.CONNECTING) ws.close(INTERNAL_ERROR_CLOSE, 'Internal error');
  } catch {
    ws.terminate();
  }
}

export function openConnection(ws: WebSocket, settings: ConnectionSettings): LiveSocket {
  const { hub } = settings;
  const socket: LiveSocket = {
    id: makeSocketId(),
    ws,
    alive: true,
    refuse(code, message) {
      refuseConnection(ws, code, message);
      // Out of every channel now, not when the client answers the close: nothing more reaches it, and presence
      // tells the others at once.
      hub.leaveAll(socket);
    },
    send(frame) {
      if (ws.readyState !== ws.OPEN) return;
      if (ws.bufferedAmount > MAX_BUFFERED_BYTES) {
        ws.close(4100, 'Over capacity: messages are not being read');
        return;
      }
      // Called for other sockets too (fan-out): a failure here ends this socket, not the sender's.
      try {
        ws.send(encode(frame));
      } catch (error) {
        failConnection(ws, `connection ${socket.id}`, error);
      }
    },
  };
  /** Runs a handler of this connection; whatever it throws closes this connection alone. */
  const guarded =
    <A extends unknown[]>(handler: (...args: A) => void) =>
    (...args: A): void => {
      try {
        handler(...args);
      } catch (error) {
        failConnection(ws, `connection ${socket.id}`, error);
      }
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
    // pusher-js joins its user's own channel once signed in (protocols §1.3); only that user's connection may.
    if (channel.startsWith(SERVER_TO_USER_PREFIX)) {
      const user = hub.signedInUser(socket);
      if (user === undefined || channel !== `${SERVER_TO_USER_PREFIX}${user}`) {
        return subscriptionError(channel.slice(0, 200), 'AuthError', 'Sign in as this user first', 403);
      }
      return hub.subscribe(socket, channel);
    }
    if (!CHANNEL_NAME_PATTERN.test(channel)) {
      return subscriptionError(channel.slice(0, 200), 'InvalidChannel', 'Invalid channel name', 400);
    }
    // The app only uses presence-{userId}, which needs a signature from the authorization endpoint (and so a
    // session). Public channels would let any socket, signed in or not, subscribe to whatever it likes.
    if (!needsAuth(channel)) {
      return subscriptionError(channel, 'InvalidChannel', 'Only private or presence channels can be subscribed to', 403);
    }
    if (!hub.isSubscribed(socket, channel) && hub.channelCount(socket) >= MAX_CHANNELS_PER_CONNECTION) {
      return subscriptionError(channel, 'LimitReached', `At most ${MAX_CHANNELS_PER_CONNECTION} channels per connection`, 429);
    }
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

  // pusher:signin (protocols §1.3): the connection is its user's from now on, so ending the user's sessions closes it
  // (Hub.terminateUser, the HTTP API's terminate_connections). A bad signature is fatal, as on Pusher: 4009.
  const signin = (data: unknown) => {
    const parsed = SigninDataSchema.safeParse(data);
    const signed = parsed.success && userAuthValid({ key: settings.key, secret: settings.secret, socketId: socket.id, userData: parsed.data.user_data, auth: parsed.data.auth });
    let user;
    try {
      user = signed && parsed.success ? SignedUserDataSchema.safeParse(JSON.parse(parsed.data.user_data)) : null;
    } catch {
      user = null;
    }
    if (!parsed.success || !user?.success) return socket.refuse(4009, 'Invalid signin: the signature or user_data is not valid');
    hub.signIn(socket, user.data.id);
    socket.send({ event: 'pusher:signin_success', data: { user_data: parsed.data.user_data } });
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

  const onMessage = (raw: RawData, isBinary: boolean) => {
    // A connection being closed (its user's sessions ended) subscribes to nothing more, whatever is still in flight.
    if (ws.readyState !== ws.OPEN) return;
    socket.alive = true;
    if (isBinary) return error('Binary frames are not supported', null);
    const text = Array.isArray(raw) ? Buffer.concat(raw).toString() : Buffer.isBuffer(raw) ? raw.toString() : Buffer.from(raw).toString();
    // Before parsing: a value nested too deeply overflows the stack in every walk over it after JSON.parse.
    if (!jsonDepthWithin(text)) return error('Invalid message: nested too deeply', null);
    let frame: PusherFrame;
    try {
      const parsed = PusherFrameSchema.safeParse(JSON.parse(text));
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
        return signin(frame.data);
      default:
        if (frame.event.startsWith('client-')) return clientEvent(frame);
    }
  };
  ws.on('message', guarded(onMessage));
  ws.on('pong', () => {
    socket.alive = true;
  });
  const leave = () => {
    try {
      hub.leaveAll(socket);
    } catch (leaveError) {
      console.error(`[realtime] connection ${socket.id}: leaving its channels failed`, leaveError);
    }
  };
  ws.on('close', leave);
  ws.on('error', leave);

  socket.send({
    event: 'pusher:connection_established',
    data: JSON.stringify({ socket_id: socket.id, activity_timeout: settings.activityTimeout }),
  });
  return socket;
}
