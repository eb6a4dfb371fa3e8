// The reference network "AO-3G" for the whole origin (DESIGN §10): a small TCP proxy in front of the server that
// every byte of the page, the service worker and the WebSocket goes through. One bottleneck link per direction
// (700 kbit/s down, 700 kbit/s up, shared by all connections in one FIFO queue, so the service worker's precache
// download competes with the page), each segment delivered half the round trip after it was serialised, and one
// round trip for each new connection's handshake. Chromium's own per-target throttling would give every target
// (page, service worker) a pipe of its own; this does not.
import net from 'node:net';

const SEGMENT = 1460;

/**
 * Starts the shaper on 127.0.0.1 (a free port) in front of `target`.
 * @param {{ target: { host: string, port: number }, rttMs?: number, downBytesPerSecond?: number, upBytesPerSecond?: number }} options
 */
export async function startShaper({ target, rttMs = 300, downBytesPerSecond = 87_500, upBytesPerSecond = 87_500 }) {
  let shaping = true;
  let offline = false;
  const sockets = new Set();
  const lanes = {
    down: { rate: downBytesPerSecond, freeAt: 0, bytes: 0, lastAt: 0 },
    up: { rate: upBytesPerSecond, freeAt: 0, bytes: 0, lastAt: 0 },
  };
  /** Request lines seen going up ({ at, wall: Date.now(), method, path }), for the record of what was asked for. */
  const requests = [];

  function forward(from, to, lane, conn, logRequests) {
    const queue = [];
    let timer = null;
    let ended = false;
    const flush = () => {
      timer = null;
      const now = performance.now();
      while (queue.length > 0 && queue[0].at <= now + 0.5) {
        const { segment } = queue.shift();
        if (!to.destroyed) to.write(segment);
      }
      if (queue.length > 0) timer = setTimeout(flush, Math.max(0, queue[0].at - performance.now()));
      else if (ended && !to.destroyed) to.end();
    };
    from.on('data', (chunk) => {
      const now = performance.now();
      lane.bytes += chunk.length;
      lane.lastAt = now;
      if (logRequests) {
        for (const match of chunk.toString('latin1').matchAll(/(?:^|\r\n)(GET|POST|HEAD|PUT|PATCH|DELETE|OPTIONS) (\S+) HTTP\/1\.1\r\n/g)) {
          requests.push({ at: now, wall: Date.now(), method: match[1], path: match[2] });
        }
      }
      for (let offset = 0; offset < chunk.length; offset += SEGMENT) {
        const segment = chunk.subarray(offset, offset + SEGMENT);
        let at = now;
        if (shaping) {
          const start = Math.max(now, lane.freeAt, conn.openAt);
          lane.freeAt = start + (segment.length * 1000) / lane.rate;
          at = lane.freeAt + rttMs / 2;
        }
        queue.push({ at: Math.max(at, queue.at(-1)?.at ?? 0), segment });
      }
      if (!timer) timer = setTimeout(flush, Math.max(0, queue[0].at - performance.now()));
    });
    from.on('end', () => {
      ended = true;
      if (!timer && queue.length === 0 && !to.destroyed) to.end();
    });
  }

  const server = net.createServer((client) => {
    if (offline) {
      client.destroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    // The handshake: the client's first bytes leave one round trip after it connected.
    const conn = { openAt: shaping ? performance.now() + rttMs : 0 };
    sockets.add(client);
    sockets.add(upstream);
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', close);
    upstream.on('error', close);
    client.on('close', () => setTimeout(close, rttMs));
    upstream.on('close', () => setTimeout(close, rttMs));
    forward(client, upstream, lanes.up, conn, true);
    forward(upstream, client, lanes.down, conn, false);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    port: server.address().port,
    describe: `TCP proxy shaping the whole origin: ${rttMs} ms RTT, ${(downBytesPerSecond * 8) / 1000} kbit/s down, ${(upBytesPerSecond * 8) / 1000} kbit/s up, one shared queue per direction`,
    /** Shaping on (AO-3G) or off (set-up steps at full speed). */
    setShaping(on) {
      shaping = on;
    },
    /** Offline: open connections are cut and new ones refused. */
    setOffline(on) {
      offline = on;
      if (on) for (const socket of sockets) socket.destroy();
    },
    /** Bytes moved so far each way, and when the last ones moved (performance.now() of this process). */
    counters() {
      return { down: lanes.down.bytes, up: lanes.up.bytes, lastAt: Math.max(lanes.down.lastAt, lanes.up.lastAt), requests: requests.length };
    },
    requestsSince(index) {
      return requests.slice(index);
    },
    /** Resolves once nothing has moved for `quietMs` (or after `limitMs`). */
    async quiet(quietMs = 1500, limitMs = 60_000) {
      const started = performance.now();
      while (performance.now() - started < limitMs) {
        const last = Math.max(lanes.down.lastAt, lanes.up.lastAt, lanes.down.freeAt, lanes.up.freeAt);
        if (performance.now() - last >= quietMs) return true;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      return false;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
