import Pusher, { type Channel, type ChannelAuthorizationHandler } from 'pusher-js';
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
