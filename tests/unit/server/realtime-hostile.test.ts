import { connect as tcpConnect } from 'node:net';
import PusherServer from 'pusher';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startLiveServer, eventually, type LiveServer } from './helpers/live-server.ts';
import { appPath, connectPusher, disconnect, RawClient, subscribe, type Frame } from './helpers/pusher-client.ts';

// Hostile traffic against the embedded Pusher server: each request that used to end the
// whole process is sent to a real server on a free port, which must answer with the protocol's error and then go on
// serving everyone. A listener records any uncaught exception, which in `npm start` would have ended the process.
// No database is involved, so this suite runs once (SQLite).

const crashes: unknown[] = [];
const recordCrash = (error: unknown) => crashes.push(error);

let server: LiveServer;
let sdk: PusherServer;
const clients: RawClient[] = [];

beforeAll(async () => {
  process.on('uncaughtException', recordCrash);
  process.on('unhandledRejection', recordCrash);
  server = await startLiveServer({ name: 'sqlite', available: true });
  const { appId, key, secret } = server.config.realtime.pusher;
  sdk = new PusherServer({ appId, key, secret, host: '127.0.0.1', port: String(server.port), useTLS: false });
});
afterAll(async () => {
  await server.close();
  process.off('uncaughtException', recordCrash);
  process.off('unhandledRejection', recordCrash);
});
beforeEach(() => {
  crashes.length = 0;
});
afterEach(() => {
  for (const raw of clients.splice(0)) raw.ws.terminate();
  vi.restoreAllMocks();
});

function client(path = appPath(server), target = server): RawClient {
  const raw = new RawClient(`ws://127.0.0.1:${target.port}${path}`);
  clients.push(raw);
  return raw;
}

/** How the connection ended, or 'crashed' when the server threw instead (it would never answer then). */
async function outcome(raw: RawClient): Promise<{ code: number; reason: string } | 'crashed'> {
  return eventually(() => raw.closed ?? (crashes.length > 0 ? 'crashed' : undefined), 'the connection to close');
}

/** A presence subscription signed exactly as the authorization endpoint signs it for a signed-in user. */
async function subscribed(raw: RawClient, channel: string, userId: string, target = sdk): Promise<Frame> {
  const socketId = await raw.socketId();
  const signed = target.authorizeChannel(socketId, channel, { user_id: userId, user_info: { nome: userId } });
  const from = raw.frames.length;
  raw.send({ event: 'pusher:subscribe', data: { channel, ...signed } });
  return raw.next((frame) => frame.channel === channel && frame.event !== 'pusher_internal:member_added', from);
}

/** After the hostile request: nothing crashed, the API answers, and new clients (raw and pusher-js) subscribe. */
async function stillServes(): Promise<void> {
  expect(crashes).toEqual([]);
  const res = await fetch(`${server.url}/api/client/public/config`);
  expect(res.status).toBe(200);
  const raw = client();
  expect(await subscribed(raw, `presence-depois-${crypto.randomUUID()}`, 'depois')).toMatchObject({
    event: 'pusher_internal:subscription_succeeded',
  });
  const pusher = await connectPusher(server, {
    customHandler: ({ socketId, channelName }, callback) =>
      callback(null, sdk.authorizeChannel(socketId, channelName, { user_id: 'pusher-js', user_info: {} })),
  });
  try {
    await subscribe(pusher, 'presence-pusher-js');
  } finally {
    await disconnect(pusher);
  }
}

const shortReason = (reason: string) => Buffer.byteLength(reason) <= 123;

describe('embedded Pusher server under hostile input', () => {
  it('refuses an app key with a malformed escape (/app/%) with 4001, and goes on serving', async () => {
    for (const path of ['/app/%?protocol=7', '/app/%E0%A4%A?protocol=7', '/app/%zz']) {
      const result = await outcome(client(path));
      expect(result).not.toBe('crashed');
      expect(result).toMatchObject({ code: 4001 });
    }
    await stillServes();
  });

  it('refuses an app key or protocol of 130+ characters with a short close reason', async () => {
    const { key } = server.config.realtime.pusher;
    const cases: [string, number][] = [
      [`/app/${'k'.repeat(130)}?protocol=7`, 4001],
      [`/app/${'ã'.repeat(200)}?protocol=7`, 4001],
      [`/app/${key}?protocol=${'9'.repeat(130)}`, 4007],
      [`/app/${key}?protocol=${'x'.repeat(130)}`, 4006],
    ];
    for (const [path, code] of cases) {
      const raw = client(path);
      const result = await outcome(raw);
      expect(result).not.toBe('crashed');
      if (result === 'crashed') continue;
      expect(result.code).toBe(code);
      expect(shortReason(result.reason)).toBe(true);
      expect(raw.frames[0]).toMatchObject({ event: 'pusher:error', data: { code } });
    }
    await stillServes();
  });

  it('answers an upgrade whose request target is not a URL with an HTTP error', async () => {
    const answer = await new Promise<string>((resolve) => {
      const socket = tcpConnect(server.port, '127.0.0.1', () => {
        socket.write(
          'GET http://[ HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
            'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
        );
      });
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', () => resolve(text));
      socket.setTimeout(3000, () => socket.destroy());
    });
    expect(answer).toMatch(/^HTTP\/1\.1 4\d\d /);
    await stillServes();
  });

  it('survives clients that reset the connection right after sending an upgrade', async () => {
    const paths = ['/outra/coisa', '/app/%', appPath(server), `/app/${'k'.repeat(130)}`];
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        new Promise<void>((resolve) => {
          const socket = tcpConnect(server.port, '127.0.0.1', () => {
            socket.write(
              `GET ${paths[i % paths.length] ?? '/'} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
                'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
            );
            setTimeout(() => socket.resetAndDestroy(), i % 3);
          });
          socket.on('close', () => resolve());
          socket.on('error', () => resolve());
        }),
      ),
    );
    // Let the server notice every reset before looking.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await stillServes();
  });

  it('refuses a client event nested 32,000 levels deep with pusher:error, and relays nothing', async () => {
    const sender = client();
    const other = client();
    await subscribed(sender, 'presence-fundo', 'ana');
    await subscribed(other, 'presence-fundo', 'bruno');
    const deep = `${'['.repeat(32_000)}${']'.repeat(32_000)}`;
    const from = sender.frames.length;
    sender.send(`{"event":"client-fundo","channel":"presence-fundo","data":${deep}}`);
    const refused = await eventually(
      () => sender.frames.slice(from).find((frame) => frame.event === 'pusher:error') ?? (crashes.length > 0 ? 'crashed' : undefined),
      'a refusal',
    );
    expect(refused).toMatchObject({ event: 'pusher:error', data: { code: null } });
    // Also deep inside an object, and in a subscribe.
    sender.send(`{"event":"pusher:subscribe","data":{"channel":"presence-x","auth":"","channel_data":"x","extra":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}}`);
    await sender.settle();
    await other.settle();
    expect(other.frames.some((frame) => frame.event === 'client-fundo')).toBe(false);
    expect(sender.closed).toBeNull();
    await stillServes();
  });

  it('closes a connection over the frame size limit and goes on serving', async () => {
    const raw = client();
    await raw.socketId();
    raw.send(`{"event":"client-grande","channel":"presence-x","data":"${'x'.repeat(200_000)}"}`);
    expect(await outcome(raw)).toMatchObject({ code: 1009 });
    await stillServes();
  });

  it('closes only the connection an unexpected error happened in, with 1011, and logs it', async () => {
    const bystander = client();
    await subscribed(bystander, 'presence-vizinho', 'vizinho');
    const hub = server.realtime.hub;
    if (!hub) throw new Error('expected the embedded server');
    vi.spyOn(hub, 'subscribe').mockImplementationOnce(() => {
      throw new Error('falha inesperada de teste');
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const victim = client();
    const socketId = await victim.socketId();
    victim.send({ event: 'pusher:subscribe', data: { channel: 'presence-azar', ...sdk.authorizeChannel(socketId, 'presence-azar', { user_id: 'azar', user_info: {} }) } });
    const result = await outcome(victim);
    expect(result).toMatchObject({ code: 1011 });
    expect(logged.mock.calls.some((call) => String(call[0]).startsWith('[realtime]') && call.some((part) => String(part).includes('falha inesperada de teste')))).toBe(true);
    await bystander.settle();
    expect(bystander.closed).toBeNull();
    await stillServes();
  });

  it('answers a Pusher HTTP API trigger whose data is nested too deeply with 400, and a malformed app id with 404', async () => {
    const { appId } = server.config.realtime.pusher;
    const post = async (path: string, body: string) => {
      const query = sdk.createSignedQueryString({ method: 'POST', path, body, params: {} });
      return fetch(`${server.url}${path}?${query}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    };
    const deep = `${'['.repeat(30_000)}${']'.repeat(30_000)}`;
    expect((await post(`/apps/${appId}/events`, `{"name":"e","channels":["c"],"data":${deep}}`)).status).toBe(400);
    expect((await post(`/apps/${appId}/batch_events`, `{"batch":[{"channel":"c","name":"e","data":${deep}}]}`)).status).toBe(400);
    expect((await post('/apps/%/events', '{"name":"e","channels":["c"],"data":"{}"}')).status).toBe(404);
    await stillServes();
  });
});

describe('what an unauthenticated socket may subscribe to', () => {
  it('refuses public channels, which the app never uses, with subscription_error 403', async () => {
    const raw = client();
    await raw.socketId();
    for (const channel of ['publico', 'noticias', 'canal-qualquer']) {
      const from = raw.frames.length;
      raw.send({ event: 'pusher:subscribe', data: { channel, auth: '' } });
      expect(await raw.next((frame) => frame.channel === channel, from)).toEqual({
        event: 'pusher:subscription_error',
        channel,
        data: { type: 'InvalidChannel', error: expect.stringContaining('private or presence') as unknown, status: 403 },
      });
    }
    expect(server.realtime.hub?.channelNames('publico')).toEqual([]);
    // A client event there is refused as before, and the socket stays open.
    raw.send({ event: 'client-x', channel: 'publico', data: {} });
    expect(await raw.next((frame) => frame.event === 'pusher:error')).toMatchObject({ data: { code: 4301 } });
    await raw.settle();
    expect(raw.closed).toBeNull();
  });

  it('holds at most 10 channels on one connection, even signed ones', async () => {
    const raw = client();
    for (let i = 0; i < 10; i += 1) {
      expect(await subscribed(raw, `presence-muitos-${i}`, 'ana')).toMatchObject({ event: 'pusher_internal:subscription_succeeded' });
    }
    expect(await subscribed(raw, 'presence-muitos-10', 'ana')).toMatchObject({
      event: 'pusher:subscription_error',
      data: { type: 'LimitReached', status: 429 },
    });
    // Leaving one makes room; subscribing again to a joined channel does not count twice.
    raw.send({ event: 'pusher:unsubscribe', data: { channel: 'presence-muitos-0' } });
    expect(await subscribed(raw, 'presence-muitos-1', 'ana')).toMatchObject({ event: 'pusher_internal:subscription_succeeded' });
    expect(await subscribed(raw, 'presence-muitos-10', 'ana')).toMatchObject({ event: 'pusher_internal:subscription_succeeded' });
  });
});

describe('connections per address (PUSHER_MAX_CONNECTIONS_PER_ADDRESS)', () => {
  let capped: LiveServer;
  let proxied: LiveServer;
  beforeAll(async () => {
    capped = await startLiveServer({ name: 'sqlite', available: true }, { env: { PUSHER_MAX_CONNECTIONS_PER_ADDRESS: '3' } });
    proxied = await startLiveServer({ name: 'sqlite', available: true }, { env: { PUSHER_MAX_CONNECTIONS_PER_ADDRESS: '2', TRUST_PROXY: 'on' } });
  });
  afterAll(async () => {
    await capped.close();
    await proxied.close();
  });

  const connectTo = (target: LiveServer, forwardedFor?: string) => {
    const raw = new RawClient(`ws://127.0.0.1:${target.port}${appPath(target)}`, forwardedFor ? { 'x-forwarded-for': forwardedFor } : {});
    clients.push(raw);
    return raw;
  };

  it('refuses the connection over the cap with 4100 (pusher-js retries after a backoff) and lets one in when another leaves', async () => {
    // Without TRUST_PROXY a forged X-Forwarded-For changes nothing: all of these come from 127.0.0.1.
    const open = [connectTo(capped, '1.1.1.1'), connectTo(capped, '2.2.2.2'), connectTo(capped)];
    for (const raw of open) await raw.socketId();
    const over = connectTo(capped, '3.3.3.3');
    expect(await outcome(over)).toMatchObject({ code: 4100 });
    expect(over.frames[0]).toMatchObject({ event: 'pusher:error', data: { code: 4100 } });

    open[0]?.ws.close();
    const next = await eventually(async () => {
      const raw = connectTo(capped);
      // Refused while the server has not yet seen the first one leave: try again.
      return (await raw.socketId().catch(() => null)) ?? undefined;
    }, 'a connection to be let in');
    expect(next).toMatch(/^\d+\.\d+$/);
    expect(crashes).toEqual([]);
  });

  it('behind a trusted proxy (TRUST_PROXY=on), counts each client by the address the proxy appended', async () => {
    const first = [connectTo(proxied, '9.9.9.9, 203.0.113.1'), connectTo(proxied, '203.0.113.1')];
    for (const raw of first) await raw.socketId();
    expect(await outcome(connectTo(proxied, '203.0.113.1'))).toMatchObject({ code: 4100 });
    // Another client behind the same proxy still gets in.
    expect(await connectTo(proxied, '198.51.100.20').socketId()).toMatch(/^\d+\.\d+$/);
  });
});

describe('maintenance (MAINTENANCE=on)', () => {
  let closed: LiveServer;
  beforeAll(async () => {
    closed = await startLiveServer({ name: 'sqlite', available: true }, { env: { MAINTENANCE: 'on' } });
  });
  afterAll(async () => {
    await closed.close();
  });

  it('answers the WebSocket upgrade 503 like the rest of the API, and the server keeps answering', async () => {
    const { WebSocket } = await import('ws');
    const status = await new Promise<number>((resolve, reject) => {
      const ws = new WebSocket(`ws://127.0.0.1:${closed.port}${appPath(closed)}?protocol=7`);
      ws.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      ws.on('open', () => reject(new Error('the upgrade was accepted during maintenance')));
      ws.on('error', () => {});
    });
    expect(status).toBe(503);
    const estado = await fetch(`${closed.url}/api/client/public/estado`);
    expect(estado.status).toBe(200);
  });
});
