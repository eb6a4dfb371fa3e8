import type { Server } from 'node:http';
import Pusher from 'pusher';
import { ChannelsResponseSchema } from '../../contract/schemas/realtime.ts';
import type { Config } from '../config.ts';
import { createHub, type Hub } from './hub.ts';
import type { PusherConfig } from './realtime-config.ts';
import { MAX_EVENT_DATA_BYTES } from './ws-connection.ts';
import { attachRealtimeSockets, type RealtimeSockets } from './ws-server.ts';

/**
 * Realtime as the rest of the server sees it (DESIGN §5): the official `pusher` SDK for triggers and channel
 * state, aimed at this server's embedded Pusher-protocol server or at hosted Pusher by configuration alone.
 */
export interface Realtime {
  readonly config: PusherConfig;
  /** The embedded server's state; null when an external Pusher server is configured. */
  readonly hub: Hub | null;
  sdk(): Pusher;
  /**
   * Sends an event to channels (at most 100, as the HTTP API takes): the embedded server publishes it in this
   * process, with no HTTP request to itself; an external or hosted server gets it through the SDK.
   */
  trigger(channels: readonly string[], event: string, data: unknown): Promise<void>;
  /**
   * Closes every live connection of the user (their sessions ended): in this process when the realtime server is
   * embedded, through the HTTP API (the SDK's terminateUserConnections) when it is another process or hosted Pusher.
   */
  terminateUserConnections(userId: string): Promise<void>;
  /** Embedded: the port this server listens on, where the SDK sends its triggers (known once listening). */
  useLocalPort(port: number): void;
  /** Embedded: serves WebSockets at /app/{key} on the app's HTTP server; null for an external server. */
  attach(server: Server): RealtimeSockets | null;
  /** Users with at least one connection subscribed to their presence-{userId} channel. */
  onlineUserIds(): Promise<string[]>;
  close(): void;
}

export interface RealtimeOptions {
  /** Seconds; see ws-server. Tests shorten it. */
  activityTimeout?: number;
}

/** How long an external server's presence list is reused: hosted Pusher rate-limits its HTTP API. */
const PRESENCE_CACHE_MS = 10_000;
const SDK_TIMEOUT_MS = 5_000;

function loopbackHost(host: string): string {
  if (host === '' || host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

function createSdk(pusher: PusherConfig, localHost: string, localPort: number): Pusher {
  const base = { appId: pusher.appId, key: pusher.key, secret: pusher.secret, timeout: SDK_TIMEOUT_MS };
  if (pusher.mode === 'embedded') {
    return new Pusher({ ...base, host: localHost, port: String(localPort), useTLS: false });
  }
  if (pusher.host) {
    return new Pusher({ ...base, host: pusher.host, ...(pusher.port ? { port: String(pusher.port) } : {}), useTLS: pusher.useTLS });
  }
  return new Pusher({ ...base, cluster: pusher.cluster, useTLS: pusher.useTLS });
}

/** presence-{userId} → userId, for the user channels of SPEC §7 (other presence channels are not users' own). */
function userIdOf(channel: string): string | null {
  return channel.startsWith('presence-') && channel.length > 'presence-'.length ? channel.slice('presence-'.length) : null;
}

export function createRealtime(config: Config, options: RealtimeOptions = {}): Realtime {
  const pusherConfig = config.realtime.pusher;
  const hub = pusherConfig.mode === 'embedded' ? createHub() : null;
  const localHost = loopbackHost(config.host);
  let localPort = config.port;
  let sdk: Pusher | null = null;
  let sockets: RealtimeSockets | null = null;
  let cached: { at: number; ids: Promise<string[]> } | null = null;

  const fromHub = (state: Hub) =>
    state.channelNames('presence-').flatMap((channel) => {
      const id = userIdOf(channel);
      // Counted only when the member really is that user (the authorization endpoint signs nothing else).
      return id && state.userIds(channel).includes(id) ? [id] : [];
    });

  const fromApi = async (): Promise<string[]> => {
    const response = await realtime.sdk().get({ path: '/channels', params: { filter_by_prefix: 'presence-' } });
    const body = ChannelsResponseSchema.parse(await response.json());
    return Object.keys(body.channels).flatMap((channel) => userIdOf(channel) ?? []);
  };

  const realtime: Realtime = {
    config: pusherConfig,
    hub,
    sdk() {
      sdk ??= createSdk(pusherConfig, localHost, localPort);
      return sdk;
    },
    async trigger(channels, event, data) {
      if (!hub) {
        await realtime.sdk().trigger([...channels], event, data);
        return;
      }
      // What the SDK would post and the HTTP API would publish: the data as a JSON string, refused over 10 KB.
      const encoded = typeof data === 'string' ? data : JSON.stringify(data ?? null);
      if (Buffer.byteLength(encoded) > MAX_EVENT_DATA_BYTES) throw new Error('Event data over 10 KB');
      hub.publish(channels, event, encoded);
    },
    async terminateUserConnections(userId) {
      if (hub) {
        hub.terminateUser(userId);
        return;
      }
      await realtime.sdk().terminateUserConnections(userId);
    },
    useLocalPort(port) {
      if (port === localPort) return;
      localPort = port;
      sdk = null;
    },
    attach(server) {
      if (!hub) return null;
      sockets?.close();
      sockets = attachRealtimeSockets(server, {
        hub,
        key: pusherConfig.key,
        secret: pusherConfig.secret,
        maxConnectionsPerAddress: pusherConfig.maxConnectionsPerAddress,
        trustProxy: config.trustProxy,
        maintenance: config.maintenance,
        ...(options.activityTimeout ? { activityTimeout: options.activityTimeout } : {}),
      });
      return sockets;
    },
    async onlineUserIds() {
      if (hub) return fromHub(hub);
      const now = Date.now();
      if (!cached || now - cached.at > PRESENCE_CACHE_MS) {
        const ids = fromApi();
        cached = { at: now, ids };
        // A failed read is not kept: the next call asks again.
        ids.catch(() => {
          if (cached?.ids === ids) cached = null;
        });
      }
      return cached.ids;
    },
    close() {
      sockets?.close();
      sockets = null;
    },
  };
  return realtime;
}
