import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { refuseUpgradeInMaintenance } from '../lib/maintenance.ts';
import { addressKey } from '../security/rate-limit-address.ts';
import type { Hub } from './hub.ts';
import { failConnection, openConnection, refuseConnection, type LiveSocket } from './ws-connection.ts';

// WebSocket side of the embedded Pusher server, on the app's own HTTP server and port (DESIGN §5): pusher-js
// connects to ws[s]://{host}/app/{key}?protocol=7&… (protocols §1.1).

export interface WebSocketSettings {
  hub: Hub;
  key: string;
  secret: string;
  /** Seconds; pusher-js pings after this much silence, and the server drops sockets silent for twice as long. */
  activityTimeout?: number;
  /** Open connections one client address may hold; 0 = no limit. */
  maxConnectionsPerAddress?: number;
  /** TRUST_PROXY: the client address is the last X-Forwarded-For entry, the one our own proxy appended. */
  trustProxy?: boolean;
  /** MAINTENANCE=on: upgrades are answered 503 like the rest of the API (pusher-js retries with its back-off). */
  maintenance?: boolean;
}

export interface RealtimeSockets {
  /** Connected sockets, for shutdown and tests. */
  readonly count: number;
  /** Closes every socket (1001 going away: pusher-js reconnects to the next server) and stops the heartbeat. */
  close(): void;
}

const APP_PATH = /^\/app\/([^/?]+)$/;
/** Pusher protocol versions pusher-js may speak; 7 is the current one. */
const SUPPORTED_PROTOCOLS = new Set([5, 6, 7]);
/** Room for a subscribe with 1 KB of presence data or a 10 KB client event, with margin. */
const MAX_FRAME_BYTES = 64 * 1024;

/** The request's path, or null when its target is not a URL at all (a raw request line can carry anything). */
function pathOf(request: IncomingMessage): string | null {
  try {
    return new URL(request.url ?? '/', 'http://localhost').pathname;
  } catch {
    return null;
  }
}

/** The app key in /app/{key}; a malformed escape (/app/%) is no key, not an exception. */
function appKeyOf(path: string): string | null {
  const raw = APP_PATH.exec(path)?.[1];
  if (raw === undefined) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

function refuseUpgrade(socket: Duplex, status: '400 Bad Request' | '404 Not Found'): void {
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/** The address a connection counts under, as the HTTP rate limits count it (an IPv6 /64 is one address). */
function clientAddress(request: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const header = request.headers['x-forwarded-for'];
    const last = (Array.isArray(header) ? header.join(',') : header)?.split(',').at(-1)?.trim();
    if (last) return addressKey(last);
  }
  return addressKey(request.socket.remoteAddress);
}

export function attachRealtimeSockets(server: Server, settings: WebSocketSettings): RealtimeSockets {
  const activityTimeout = settings.activityTimeout ?? 120;
  const maxPerAddress = settings.maxConnectionsPerAddress ?? 0;
  const trustProxy = settings.trustProxy ?? false;
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES, clientTracking: false });
  const sockets = new Set<LiveSocket>();
  const perAddress = new Map<string, number>();

  const onConnection = (ws: WebSocket, request: IncomingMessage) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const key = appKeyOf(url.pathname);
    const protocol = url.searchParams.get('protocol');
    // Refusals never echo what the client sent: a close reason holds 123 bytes, and logs read them.
    if (key !== settings.key) return refuseConnection(ws, 4001, 'App key does not exist');
    if (protocol !== null) {
      const version = Number(protocol);
      if (!Number.isInteger(version)) return refuseConnection(ws, 4006, 'Invalid version string format');
      if (!SUPPORTED_PROTOCOLS.has(version)) return refuseConnection(ws, 4007, 'Unsupported protocol version');
    }
    const address = clientAddress(request, trustProxy);
    const held = perAddress.get(address) ?? 0;
    // 4100 (over capacity): pusher-js tries again after a backoff, so a family that hit the cap gets in later.
    if (maxPerAddress > 0 && held >= maxPerAddress) return refuseConnection(ws, 4100, 'Over capacity: too many connections from this address');
    perAddress.set(address, held + 1);
    ws.on('close', () => {
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left > 0) perAddress.set(address, left);
      else perAddress.delete(address);
    });
    const socket = openConnection(ws, { hub: settings.hub, key: settings.key, secret: settings.secret, activityTimeout });
    sockets.add(socket);
    ws.on('close', () => sockets.delete(socket));
  };

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    // Node's HTTP server drops its own error listener from an upgraded socket: without one, a client that resets
    // the connection while we answer would raise an error nobody handles, which ends the process.
    socket.on('error', () => socket.destroy());
    try {
      const path = pathOf(request);
      if (path === null) return refuseUpgrade(socket, '400 Bad Request');
      if (!APP_PATH.test(path) || request.headers.upgrade?.toLowerCase() !== 'websocket') {
        // Another upgrade listener may own this path; when there is none, refuse it plainly.
        if (server.listenerCount('upgrade') === 1) refuseUpgrade(socket, '404 Not Found');
        return;
      }
      if (refuseUpgradeInMaintenance(settings.maintenance ?? false, socket)) return;
      wss.handleUpgrade(request, socket, head, (ws) => {
        try {
          onConnection(ws, request);
        } catch (error) {
          failConnection(ws, 'a new connection', error);
        }
      });
    } catch (error) {
      // One malformed upgrade must not end the process that serves everyone.
      console.error('[realtime] upgrade failed', error);
      socket.destroy();
    }
  };
  server.on('upgrade', onUpgrade);

  // A socket that answered neither a protocol ping nor sent anything for a whole interval is gone (a phone that
  // lost its network without a close); dropping it lets presence say the user left.
  const heartbeat = setInterval(() => {
    for (const socket of sockets) {
      if (!socket.alive) {
        socket.ws.terminate();
        continue;
      }
      socket.alive = false;
      try {
        socket.ws.ping();
      } catch (error) {
        failConnection(socket.ws, `connection ${socket.id}`, error);
      }
    }
  }, activityTimeout * 1000);
  heartbeat.unref();

  return {
    get count() {
      return sockets.size;
    },
    close() {
      clearInterval(heartbeat);
      server.off('upgrade', onUpgrade);
      for (const socket of sockets) socket.ws.close(1001, 'Server shutting down');
      wss.close();
    },
  };
}
