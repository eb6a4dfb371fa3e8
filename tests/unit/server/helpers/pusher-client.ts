import Pusher, { type Channel, type ChannelAuthorizationHandler } from 'pusher-js';
import WebSocket from 'ws';
import { ClientConfigResponseSchema } from '../../../../contract/schemas/realtime.ts';
import type { CookieJar } from './http.ts';
import type { LiveServer } from './live-server.ts';

// Real pusher-js (its Node build: faye-websocket and xmlhttprequest, bundled in dist/node/pusher.js) against the
// live server, configured from GET /api/client/public/config as the app configures it.

// A browser sends the session cookie with pusher-js's same-origin XHR by itself. The Node XMLHttpRequest refuses
// a Cookie header unless its header check is off, so every XHR pusher-js makes gets it turned off.
type NodeXhr = { setDisableHeaderCheck?(on: boolean): void };
const runtime = Pusher.Runtime as unknown as { createXHR(): NodeXhr };
const originalCreateXhr = runtime.createXHR;
runtime.createXHR = function createXhrWithCookies(this: unknown) {
  const xhr = originalCreateXhr.call(this);
  xhr.setDisableHeaderCheck?.(true);
  return xhr;
};

export interface ClientOptions {
  /** Session cookies sent to the authorization endpoint, as a browser would. */
  jar?: CookieJar;
  /** Replaces the authorization request (tests that sign channel data themselves). */
  customHandler?: ChannelAuthorizationHandler;
  /** pusher-js's userAuthentication endpoint (a path of the live server), for pusher.signin(). */
  userAuthEndpoint?: string;
}

export async function connectPusher(server: LiveServer, options: ClientOptions = {}): Promise<Pusher> {
  const config = ClientConfigResponseSchema.parse(await (await fetch(`${server.url}/api/client/public/config`)).json()).pusher;
  const pusher = new Pusher(config.key, {
    cluster: config.cluster,
    // Empty host and null ports mean "the page's own": here the live server's.
    wsHost: config.wsHost || '127.0.0.1',
    wsPort: config.wsPort ?? server.port,
    wssPort: config.wssPort ?? server.port,
    forceTLS: config.forceTLS,
    enabledTransports: config.enabledTransports,
    channelAuthorization: options.customHandler
      ? { endpoint: '', transport: 'ajax', customHandler: options.customHandler }
      : {
          endpoint: `${server.url}${config.authEndpoint}`,
          transport: 'ajax',
          headers: options.jar ? { cookie: options.jar.header() } : {},
        },
    ...(options.userAuthEndpoint
      ? { userAuthentication: { endpoint: `${server.url}${options.userAuthEndpoint}`, transport: 'ajax' as const, headers: options.jar ? { cookie: options.jar.header() } : {} } }
      : {}),
  });
  await new Promise<void>((resolve, reject) => {
    pusher.connection.bind('connected', () => resolve());
    pusher.connection.bind('failed', () => reject(new Error('pusher-js could not connect')));
    pusher.connection.bind('unavailable', () => reject(new Error('pusher-js: connection unavailable')));
  });
  return pusher;
}

/** Subscribes and resolves on pusher:subscription_succeeded (with its data), rejects on subscription_error. */
export function subscribe(pusher: Pusher, name: string): Promise<{ channel: Channel; data: unknown }> {
  return new Promise((resolve, reject) => {
    const channel = pusher.subscribe(name);
    channel.bind('pusher:subscription_succeeded', (data: unknown) => resolve({ channel, data }));
    channel.bind('pusher:subscription_error', (error: unknown) => reject(Object.assign(new Error('subscription_error'), { detail: error })));
  });
}

/** Every event of one name a channel receives, in order. */
export function record<T = unknown>(channel: Channel, event: string): T[] {
  const seen: T[] = [];
  channel.bind(event, (data: T) => seen.push(data));
  return seen;
}

export function disconnect(pusher: Pusher): Promise<void> {
  return new Promise((resolve) => {
    if (pusher.connection.state === 'disconnected') return resolve();
    pusher.connection.bind('disconnected', () => resolve());
    pusher.disconnect();
  });
}

/** A Pusher protocol frame as it travels on the wire. */
export interface Frame {
  event: string;
  channel?: string;
  data?: unknown;
  user_id?: string;
}

/**
 * A bare WebSocket client, for what pusher-js does not expose: exact frames, error and close codes. Keeps every
 * frame it receives, in order, with helpers to wait for the next matching one.
 */
export class RawClient {
  readonly frames: Frame[] = [];
  readonly ws: WebSocket;
  closed: { code: number; reason: string } | null = null;
  /** Set when the handshake was refused with an HTTP status instead of an upgrade. */
  httpStatus: number | null = null;
  private waiters: (() => void)[] = [];

  constructor(url: string, headers: Record<string, string> = {}) {
    this.ws = new WebSocket(url, { headers });
    this.ws.on('message', (raw: Buffer) => {
      this.frames.push(JSON.parse(raw.toString()) as Frame);
      this.wake();
    });
    this.ws.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
      this.wake();
    });
    this.ws.on('unexpected-response', (_request, response) => {
      this.httpStatus = response.statusCode ?? 0;
      this.closed = { code: -1, reason: `HTTP ${this.httpStatus}` };
      this.wake();
    });
    this.ws.on('error', () => {
      this.closed ??= { code: -1, reason: 'error' };
      this.wake();
    });
  }

  private wake() {
    for (const waiter of this.waiters.splice(0)) waiter();
  }

  send(frame: Frame | string): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** The first frame after index `from` that matches; waits for it. */
  async next(match: (frame: Frame) => boolean, from = 0): Promise<Frame> {
    for (;;) {
      const found = this.frames.slice(from).find(match);
      if (found) return found;
      if (this.closed) throw new Error(`closed (${this.closed.code} ${this.closed.reason}) before a matching frame`);
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  /** Waits for the close and answers its code and reason. */
  async closing(): Promise<{ code: number; reason: string }> {
    while (!this.closed) await new Promise<void>((resolve) => this.waiters.push(resolve));
    return this.closed;
  }

  async closeCode(): Promise<number> {
    return (await this.closing()).code;
  }

  /** Ping, then wait for its pong: every frame the server sent before the pong has arrived. */
  async settle(): Promise<void> {
    const from = this.frames.length;
    this.send({ event: 'pusher:ping', data: {} });
    await this.next((frame) => frame.event === 'pusher:pong', from);
  }

  async socketId(): Promise<string> {
    const established = await this.next((frame) => frame.event === 'pusher:connection_established');
    return (JSON.parse(established.data as string) as { socket_id: string }).socket_id;
  }
}

/** The path pusher-js opens for this server's app key. */
export function appPath(server: LiveServer): string {
  return `/app/${server.config.realtime.pusher.key}?protocol=7&client=js&version=8.6.0&flash=false`;
}
