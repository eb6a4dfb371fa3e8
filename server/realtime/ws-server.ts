import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Hub } from './hub.ts';
import { openConnection, refuseConnection, type LiveSocket } from './ws-connection.ts';

// WebSocket side of the embedded Pusher server, on the app's own HTTP server and port (DESIGN §5): pusher-js
// connects to ws[s]://{host}/app/{key}?protocol=7&… (protocols §1.1).

export interface WebSocketSettings {
  hub: Hub;
  key: string;
  secret: string;
  /** Seconds; pusher-js pings after this much silence, and the server drops sockets silent for twice as long. */
  activityTimeout?: number;
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

export function attachRealtimeSockets(server: Server, settings: WebSocketSettings): RealtimeSockets {
  const activityTimeout = settings.activityTimeout ?? 120;
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES, clientTracking: false });
  const sockets = new Set<LiveSocket>();

  const onConnection = (ws: WebSocket, request: IncomingMessage) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const key = decodeURIComponent(APP_PATH.exec(url.pathname)?.[1] ?? '');
    const protocol = url.searchParams.get('protocol');
    if (key !== settings.key) return refuseConnection(ws, 4001, `App key ${key} does not exist`);
    if (protocol !== null) {
      const version = Number(protocol);
      if (!Number.isInteger(version)) return refuseConnection(ws, 4006, 'Invalid version string format');
      if (!SUPPORTED_PROTOCOLS.has(version)) return refuseConnection(ws, 4007, `Unsupported protocol version ${protocol}`);
    }
    const socket = openConnection(ws, { hub: settings.hub, key: settings.key, secret: settings.secret, activityTimeout });
    sockets.add(socket);
    ws.on('close', () => sockets.delete(socket));
  };

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (!APP_PATH.test(path) || request.headers.upgrade?.toLowerCase() !== 'websocket') {
      // Another upgrade listener may own this path; when there is none, refuse it plainly.
      if (server.listenerCount('upgrade') === 1) {
        socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      }
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => onConnection(ws, request));
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
      socket.ws.ping();
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
