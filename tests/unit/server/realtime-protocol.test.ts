import PusherServer from 'pusher';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startLiveServer, type LiveServer } from './helpers/live-server.ts';
import { appPath, RawClient, type Frame } from './helpers/pusher-client.ts';

// The embedded server's wire protocol (protocols §1) with a bare WebSocket client, for what pusher-js
// does not expose: exact frames, error and close codes, client events, the heartbeat. No database is involved,
// so this suite runs once (SQLite).

let server: LiveServer;
let sdk: PusherServer;
const clients: RawClient[] = [];

beforeAll(async () => {
  server = await startLiveServer({ name: 'sqlite', available: true }, { activityTimeout: 1 });
  const { appId, key, secret } = server.config.realtime.pusher;
  sdk = new PusherServer({ appId, key, secret, host: '127.0.0.1', port: String(server.port), useTLS: false });
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  for (const client of clients.splice(0)) client.ws.terminate();
});

function client(path = appPath(server)): RawClient {
  const raw = new RawClient(`ws://127.0.0.1:${server.port}${path}`);
  clients.push(raw);
  return raw;
}

async function subscribed(raw: RawClient, channel: string, userId?: string): Promise<Frame> {
  const socketId = await raw.socketId();
  const signed = channel.startsWith('presence-')
    ? sdk.authorizeChannel(socketId, channel, { user_id: userId ?? 'u', user_info: { nome: userId ?? 'u' } })
    : channel.startsWith('private-')
      ? sdk.authorizeChannel(socketId, channel)
      : { auth: '' };
  const from = raw.frames.length;
  raw.send({ event: 'pusher:subscribe', data: { channel, ...signed } });
  return raw.next((frame) => frame.channel === channel && frame.event !== 'pusher_internal:member_added', from);
}

describe('embedded Pusher server, protocol 7 on the wire', () => {
  it('opens with connection_established: data as a JSON string, socket_id n.n and an activity_timeout', async () => {
    const raw = client();
    const established = await raw.next((frame) => frame.event === 'pusher:connection_established');
    expect(typeof established.data).toBe('string');
    const data = JSON.parse(established.data as string) as { socket_id: string; activity_timeout: number };
    expect(data.socket_id).toMatch(/^\d+\.\d+$/);
    expect(data.activity_timeout).toBe(1);
  });

  it('answers pusher:ping with pusher:pong', async () => {
    const raw = client();
    await raw.socketId();
    raw.send({ event: 'pusher:ping', data: {} });
    expect(await raw.next((frame) => frame.event === 'pusher:pong')).toEqual({ event: 'pusher:pong', data: {} });
  });

  it('refuses an unknown app key with 4001 and an unsupported protocol with 4007', async () => {
    const unknown = client('/app/nao-existe?protocol=7');
    expect(await unknown.next((frame) => frame.event === 'pusher:error')).toMatchObject({ data: { code: 4001 } });
    expect(await unknown.closeCode()).toBe(4001);
    const old = client(`/app/${server.config.realtime.pusher.key}?protocol=3`);
    expect(await old.closeCode()).toBe(4007);
  });

  it('answers other upgrade paths with 404', async () => {
    const raw = new WebSocket(`ws://127.0.0.1:${server.port}/outra/coisa`);
    const status = await new Promise<number>((resolve) => {
      raw.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      raw.on('error', () => resolve(-1));
    });
    expect(status).toBe(404);
  });

  it('refuses public channels and subscribes to private ones only with a valid signature', async () => {
    const raw = client();
    expect(await subscribed(raw, 'publico')).toMatchObject({ event: 'pusher:subscription_error', channel: 'publico', data: { status: 403 } });
    expect(await subscribed(raw, 'private-sala')).toMatchObject({ event: 'pusher_internal:subscription_succeeded' });

    const socketId = await raw.socketId();
    const forOtherSocket = sdk.authorizeChannel('1.1', 'private-outra');
    raw.send({ event: 'pusher:subscribe', data: { channel: 'private-outra', auth: forOtherSocket.auth } });
    expect(await raw.next((frame) => frame.channel === 'private-outra')).toEqual({
      event: 'pusher:subscription_error',
      channel: 'private-outra',
      data: { type: 'AuthError', error: 'Invalid signature for private-outra', status: 401 },
    });
    // Presence data changed after signing is refused too.
    const signed = sdk.authorizeChannel(socketId, 'presence-x', { user_id: 'a', user_info: {} });
    raw.send({ event: 'pusher:subscribe', data: { channel: 'presence-x', auth: signed.auth, channel_data: JSON.stringify({ user_id: 'b' }) } });
    expect(await raw.next((frame) => frame.channel === 'presence-x')).toMatchObject({ event: 'pusher:subscription_error', data: { status: 401 } });
  });

  it('sends the presence list with the subscriber in it, as a JSON string', async () => {
    const a = client();
    await subscribed(a, 'presence-lista', 'ana');
    const b = client();
    const succeeded = await subscribed(b, 'presence-lista', 'bruno');
    expect(JSON.parse(succeeded.data as string)).toEqual({
      presence: { ids: ['ana', 'bruno'], hash: { ana: { nome: 'ana' }, bruno: { nome: 'bruno' } }, count: 2 },
    });
    const added = await a.next((frame) => frame.event === 'pusher_internal:member_added');
    expect(JSON.parse(added.data as string)).toEqual({ user_id: 'bruno', user_info: { nome: 'bruno' } });

    b.send({ event: 'pusher:unsubscribe', data: { channel: 'presence-lista' } });
    const left = await a.next((frame) => frame.event === 'pusher_internal:member_removed');
    expect(left).toEqual({ event: 'pusher_internal:member_removed', channel: 'presence-lista', data: JSON.stringify({ user_id: 'bruno' }) });
  });

  it('relays client events on private and presence channels to the others, with user_id on presence', async () => {
    const a = client();
    const b = client();
    await subscribed(a, 'presence-conversa', 'ana');
    await subscribed(b, 'presence-conversa', 'bruno');
    a.send({ event: 'client-a-escrever', channel: 'presence-conversa', data: { sim: true } });
    expect(await b.next((frame) => frame.event === 'client-a-escrever')).toEqual({
      event: 'client-a-escrever',
      channel: 'presence-conversa',
      data: { sim: true },
      user_id: 'ana',
    });
    await a.settle();
    expect(a.frames.some((frame) => frame.event === 'client-a-escrever')).toBe(false);

    await subscribed(a, 'private-par');
    await subscribed(b, 'private-par');
    b.send({ event: 'client-ola', channel: 'private-par', data: 'x' });
    expect(await a.next((frame) => frame.event === 'client-ola')).toEqual({ event: 'client-ola', channel: 'private-par', data: 'x' });
  });

  it('rejects client events with 4301 and keeps the socket open: public channel, not subscribed, too big, too many', async () => {
    const raw = client();
    await subscribed(raw, 'private-limite');
    const rejected = async (frame: Frame) => {
      const from = raw.frames.length;
      raw.send(frame);
      return raw.next((f) => f.event === 'pusher:error', from);
    };
    expect(await rejected({ event: 'client-x', channel: 'publico', data: {} })).toMatchObject({ data: { code: 4301 } });
    expect(await rejected({ event: 'client-x', channel: 'private-nao-subscrito', data: {} })).toMatchObject({ data: { code: 4301 } });
    expect(await rejected({ event: 'client-x', channel: 'private-limite', data: 'x'.repeat(11_000) })).toMatchObject({ data: { code: 4301 } });

    const from = raw.frames.length;
    for (let i = 0; i < 11; i += 1) raw.send({ event: 'client-rajada', channel: 'private-limite', data: { i } });
    const limited = await raw.next((frame) => frame.event === 'pusher:error', from);
    expect(String((limited.data as { message: string }).message)).toContain('rate limit');
    await raw.settle();
    expect(raw.closed).toBeNull();
  });

  it('answers malformed frames with a non-fatal pusher:error', async () => {
    const raw = client();
    await raw.socketId();
    raw.send('isto não é json');
    expect(await raw.next((frame) => frame.event === 'pusher:error')).toMatchObject({ data: { code: null } });
    raw.send({ event: 'pusher:subscribe', data: { sem: 'canal' } });
    await raw.settle();
    expect(raw.closed).toBeNull();
  });

  it('drops a connection that stops answering, and presence tells the others it left', async () => {
    const watcher = client();
    await subscribed(watcher, 'presence-vigia', 'vigia');
    const silent = client();
    await subscribed(silent, 'presence-vigia', 'calado');
    // A phone that lost its network: the socket stays open but nothing (not even a pong) comes back.
    const underlying = (silent.ws as unknown as { _socket: { pause(): void } })._socket;
    underlying.pause();
    const removed = await watcher.next((frame) => frame.event === 'pusher_internal:member_removed');
    expect(JSON.parse(removed.data as string)).toEqual({ user_id: 'calado' });
  });

  it('answers malformed or oversized HTTP API requests with a clear 4xx', async () => {
    const { appId } = server.config.realtime.pusher;
    const post = async (path: string, body: string, id = appId) => {
      const query = sdk.createSignedQueryString({ method: 'POST', path: `/apps/${id}${path}`, body, params: {} });
      return fetch(`${server.url}/apps/${id}${path}?${query}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    };
    expect((await post('/events', '{"name":')).status).toBe(400);
    expect((await post('/events', JSON.stringify({ name: 'e', data: '{}' }))).status).toBe(400);
    const tooMany = Array.from({ length: 101 }, (_, i) => `canal-${i}`);
    expect((await post('/events', JSON.stringify({ name: 'e', data: '{}', channels: tooMany }))).status).toBe(400);
    expect((await post('/events', JSON.stringify({ name: 'e', data: '{}', channels: ['mau canal'] }))).status).toBe(400);
    expect((await post('/events', JSON.stringify({ name: 'e', data: 'x'.repeat(11_000), channels: ['c'] }))).status).toBe(413);
    expect((await post('/events', JSON.stringify({ name: 'e', data: '{}', channels: ['c'], socket_id: 'abc' }))).status).toBe(400);
    const batch = Array.from({ length: 11 }, () => ({ channel: 'c', name: 'e', data: '{}' }));
    expect((await post('/batch_events', JSON.stringify({ batch }))).status).toBe(400);
    expect((await post('/events', JSON.stringify({ name: 'e', data: '{}', channels: ['c'] }), '999')).status).toBe(404);
    expect((await post('/events', JSON.stringify({ name: 'e', data: 'y'.repeat(300_000), channels: ['c'] }))).status).toBe(413);
  });

  it('reports channel state through the HTTP API', async () => {
    const raw = client();
    await subscribed(raw, 'presence-estado', 'ana');
    const info = (await (await sdk.get({ path: '/channels/presence-estado', params: { info: 'user_count,subscription_count' } })).json()) as unknown;
    expect(info).toEqual({ occupied: true, user_count: 1, subscription_count: 1 });
    const empty = (await (await sdk.get({ path: '/channels/presence-vazio', params: {} })).json()) as unknown;
    expect(empty).toEqual({ occupied: false });
    const batch = await sdk.triggerBatch([
      { channel: 'presence-estado', name: 'um', data: { n: 1 } },
      { channel: 'presence-estado', name: 'dois', data: { n: 2 } },
    ]);
    expect(batch.status).toBe(200);
    expect(await raw.next((frame) => frame.event === 'dois')).toEqual({ event: 'dois', channel: 'presence-estado', data: '{"n":2}' });
    expect(raw.frames.findIndex((frame) => frame.event === 'um')).toBeLessThan(raw.frames.findIndex((frame) => frame.event === 'dois'));
  });
});
