import PusherServer from 'pusher';
import type { PresenceChannel } from 'pusher-js';
import { afterEach, expect, it, vi } from 'vitest';
import { MSG } from '../../../contract/messages.ts';
import {
  ChannelUsersResponseSchema,
  OnlineUsersResponseSchema,
  PresenceUserInfoSchema,
  userChannel,
} from '../../../contract/schemas/realtime.ts';
import { NovoSinalEventSchema, type Sinal } from '../../../contract/schemas/signals.ts';
import { createApp } from '../../../server/app.ts';
import { loadConfig } from '../../../server/config.ts';
import { createMemorySignals } from '../../../server/signals/signals.ts';
import { createPusherSignals } from '../../../server/realtime/pusher-signals.ts';
import { createRealtime } from '../../../server/realtime/realtime.ts';
import { describeLiveOnEachDb, eventually, signIn, type LiveServer } from './helpers/live-server.ts';
import { connectPusher, disconnect, record, subscribe } from './helpers/pusher-client.ts';
import type Pusher from 'pusher-js';

function notificacao(mensagem: string): Sinal {
  return {
    notificacao: {
      id: crypto.randomUUID(),
      tipo: 'teste',
      mensagem,
      pagamentoId: null,
      sender: null,
      counter: 'newNotification',
      createdAt: new Date().toISOString(),
    },
  };
}

function sdkFor(server: LiveServer, overrides: { secret?: string } = {}): PusherServer {
  const { appId, key, secret } = server.config.realtime.pusher;
  return new PusherServer({ appId, key, secret: overrides.secret ?? secret, host: '127.0.0.1', port: String(server.port), useTLS: false });
}

async function onlineIds(server: LiveServer, cookie: string): Promise<string[]> {
  const res = await fetch(`${server.url}/api/auth/pusher/mostrarUsuariosOnline`, { headers: { cookie } });
  expect(res.status).toBe(200);
  const body = OnlineUsersResponseSchema.parse(await res.json());
  expect(body.status).toBe('success');
  return body.usuarios.map((user) => user.id);
}


/** An app process's configuration whose realtime server is `live`'s embedded one, reached over HTTP (PUSHER_HOST). */
function configAgainst(live: LiveServer, extra: Record<string, string> = {}) {
  const { appId, key, secret } = live.config.realtime.pusher;
  return loadConfig({
    DATA_DIR: live.config.dataDir,
    AUTH_SECRET: live.config.authSecret,
    PUSHER_APP_ID: appId,
    PUSHER_KEY: key,
    PUSHER_SECRET: secret,
    PUSHER_HOST: '127.0.0.1',
    PUSHER_PORT: String(live.port),
    ...(live.config.databaseUrl ? { DATABASE_URL: live.config.databaseUrl } : {}),
    ...extra,
  });
}

const open: Pusher[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map(disconnect));
});

async function connect(server: LiveServer, options: Parameters<typeof connectPusher>[1] = {}): Promise<Pusher> {
  const pusher = await connectPusher(server, options);
  open.push(pusher);
  return pusher;
}

describeLiveOnEachDb('realtime with real pusher-js and the pusher SDK', (server) => {
  it('connects over the app port with a socket id the pusher SDK accepts', async () => {
    const pusher = await connect(server());
    expect(pusher.connection.state).toBe('connected');
    expect(pusher.connection.socket_id).toMatch(/^\d+\.\d+$/);
  });

  it('authorizes the session user for presence-{id}, with nome and nomeUsuario as member info', async () => {
    const { jar, userId } = await signIn(server(), 'demo', 'demo12345');
    const pusher = await connect(server(), { jar });
    const { channel } = await subscribe(pusher, userChannel(userId));
    const members = (channel as PresenceChannel).members;
    expect(members.me.id).toBe(userId);
    expect(PresenceUserInfoSchema.parse(members.me.info)).toMatchObject({ nome: 'Utilizador Demo', nomeUsuario: 'demo' });
    expect(members.count).toBe(1);
  });

  it('delivers novoSinal {sinal} sent through Signals to the recipient only', async () => {
    const demo = await signIn(server(), 'demo', 'demo12345');
    const analista = await signIn(server(), 'analista', 'analista123');
    const demoChannel = (await subscribe(await connect(server(), { jar: demo.jar }), userChannel(demo.userId))).channel;
    const analistaChannel = (await subscribe(await connect(server(), { jar: analista.jar }), userChannel(analista.userId))).channel;
    const toDemo = record(demoChannel, 'novoSinal');
    const toAnalista = record(analistaChannel, 'novoSinal');

    const first = notificacao('Ficha ganha');
    await server().signals.send([demo.userId], first);
    const second = notificacao('Para o analista');
    await server().signals.send([analista.userId], second);

    const third = notificacao('De novo para o demo');
    await server().signals.send([demo.userId], third);
    // Frames on one socket arrive in order: once the third is in, anything meant for the demo user before it is too.
    await eventually(() => (toDemo.length === 2 ? true : undefined), 'the demo signals');
    await eventually(() => (toAnalista.length === 1 ? true : undefined), 'the analista signal');
    expect(toDemo.map((data) => NovoSinalEventSchema.parse(data))).toEqual([{ sinal: first }, { sinal: third }]);
    expect(toAnalista.map((data) => NovoSinalEventSchema.parse(data))).toEqual([{ sinal: second }]);
  });

  it('delivers a signal with inline photos, lightened to fit Pusher\'s 10 KB event limit', async () => {
    const demo = await signIn(server(), 'demo', 'demo12345');
    const seen = record((await subscribe(await connect(server(), { jar: demo.jar }), userChannel(demo.userId))).channel, 'novoSinal');
    const photo = `data:image/jpeg;base64,${'A'.repeat(200_000)}`;
    const sinal: Sinal = {
      mensagem: {
        id: crypto.randomUUID(),
        chatType: 'grupo',
        chatId: crypto.randomUUID(),
        sender: { id: crypto.randomUUID(), nome: 'Ana', nomeUsuario: 'ana', fotografia: photo },
        mensagem: 'Olha esta ficha',
        imagens: [{ url: photo }],
        createdAt: new Date().toISOString(),
      },
    };
    await server().signals.send([demo.userId], sinal);
    await eventually(() => (seen.length === 1 ? true : undefined), 'the lightened signal');
    const received = NovoSinalEventSchema.parse(seen[0]).sinal;
    expect(received).toEqual({ mensagem: { ...sinal.mensagem, sender: { ...sinal.mensagem.sender, fotografia: null }, imagens: [] } });
  });

  it('refuses another user\'s channel with 403 and any channel without a session with 401', async () => {
    const demo = await signIn(server(), 'demo', 'demo12345');
    const analista = await signIn(server(), 'analista', 'analista123');
    const withSession = await connect(server(), { jar: demo.jar });
    await expect(subscribe(withSession, userChannel(analista.userId))).rejects.toMatchObject({ detail: { status: 403 } });
    const anonymous = await connect(server());
    await expect(subscribe(anonymous, userChannel(demo.userId))).rejects.toMatchObject({ detail: { status: 401 } });

    const res = await fetch(`${server().url}/api/auth/pusher/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: demo.jar.header() },
      body: new URLSearchParams({ socket_id: '1.2', channel_name: userChannel(analista.userId) }).toString(),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ status: 'error', message: MSG.forbidden });
  });

  it('answers a malformed authorization request with 400', async () => {
    const demo = await signIn(server(), 'demo', 'demo12345');
    for (const body of [{ socket_id: 'abc', channel_name: userChannel(demo.userId) }, { socket_id: '1.2' }, {}]) {
      const res = await fetch(`${server().url}/api/auth/pusher/`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: demo.jar.header() },
        body: new URLSearchParams(body as Record<string, string>).toString(),
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ status: 'error', message: MSG.invalidRequest });
    }
  });

  it('lists connected users in mostrarUsuariosOnline, the asking user always included', async () => {
    const demo = await signIn(server(), 'demo', 'demo12345');
    const analista = await signIn(server(), 'analista', 'analista123');
    // Nobody connected yet: the asking user alone.
    expect(await onlineIds(server(), demo.jar.header())).toEqual([demo.userId]);

    const analistaPusher = await connect(server(), { jar: analista.jar });
    await subscribe(analistaPusher, userChannel(analista.userId));
    const res = await fetch(`${server().url}/api/auth/pusher/mostrarUsuariosOnline`, { headers: { cookie: demo.jar.header() } });
    const body = OnlineUsersResponseSchema.parse(await res.json());
    expect(body).toMatchObject({ status: 'success', message: '' });
    expect(body.usuarios).toEqual(
      expect.arrayContaining([
        { id: demo.userId, nome: 'Utilizador Demo', nomeUsuario: 'demo' },
        expect.objectContaining({ id: analista.userId, nomeUsuario: 'analista' }),
      ]),
    );

    await disconnect(analistaPusher);
    await eventually(async () => ((await onlineIds(server(), demo.jar.header())).includes(analista.userId) ? undefined : true), 'the analista to go offline');
  });

  it('answers mostrarUsuariosOnline without a session with 401', async () => {
    const res = await fetch(`${server().url}/api/auth/pusher/mostrarUsuariosOnline`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ status: 'error', message: MSG.unauthenticated });
  });

  it('sends member_added and member_removed only for a user\'s first and last connection', async () => {
    const sdk = sdkFor(server());
    const channelName = 'presence-sala-teste';
    // Two users on one shared presence channel, signed by the pusher SDK as an app's own endpoint would.
    const as = (userId: string, nome: string) => ({
      customHandler: (params: { socketId: string; channelName: string }, callback: (error: Error | null, data: { auth: string; channel_data?: string } | null) => void) =>
        callback(null, sdk.authorizeChannel(params.socketId, params.channelName, { user_id: userId, user_info: { nome } })),
    });
    const a = await connect(server(), as('user-a', 'Ana'));
    const aChannel = (await subscribe(a, channelName)).channel as PresenceChannel;
    const added = record<{ id: string; info: { nome: string } }>(aChannel, 'pusher:member_added');
    const removed = record<{ id: string }>(aChannel, 'pusher:member_removed');
    const markers = record(aChannel, 'marca');
    let marks = 0;
    // A trigger reaches A after every frame the server sent A before it: a marker makes "nothing else came" testable.
    const settle = async () => {
      marks += 1;
      await sdk.trigger(channelName, 'marca', { n: marks });
      await eventually(() => (markers.length === marks ? true : undefined), `marker ${marks}`);
    };

    const b1 = await connect(server(), as('user-b', 'Bruno'));
    const joined = await subscribe(b1, channelName);
    expect((joined.channel as PresenceChannel).members.count).toBe(2);
    await settle();
    expect(added).toEqual([{ id: 'user-b', info: { nome: 'Bruno' } }]);

    const b2 = await connect(server(), as('user-b', 'Bruno'));
    await subscribe(b2, channelName);
    await settle();
    expect(added).toHaveLength(1);

    await disconnect(b1);
    await eventually(async () => {
      const users = ChannelUsersResponseSchema.parse(await (await sdk.get({ path: `/channels/${channelName}/users` })).json()).users;
      return users.length === 2 ? true : undefined;
    }, 'users listed');
    await settle();
    expect(removed).toEqual([]);
    expect(aChannel.members.count).toBe(2);

    await disconnect(b2);
    await eventually(() => (removed.length > 0 ? true : undefined), 'member_removed');
    expect(removed).toEqual([{ id: 'user-b', info: { nome: 'Bruno' } }]);
    expect(aChannel.members.count).toBe(1);
  });

  it('skips the socket_id a trigger names and reports user_count when asked', async () => {
    const demo = await signIn(server(), 'demo', 'demo12345');
    const first = await connect(server(), { jar: demo.jar });
    const second = await connect(server(), { jar: demo.jar });
    const channelName = userChannel(demo.userId);
    const toFirst = record((await subscribe(first, channelName)).channel, 'novoSinal');
    const toSecond = record((await subscribe(second, channelName)).channel, 'novoSinal');

    const response = await sdkFor(server()).trigger(channelName, 'novoSinal', { sinal: notificacao('só ao segundo') }, {
      socket_id: first.connection.socket_id,
      info: 'user_count,subscription_count',
    });
    expect(await response.json()).toEqual({ channels: { [channelName]: { user_count: 1, subscription_count: 2 } } });
    await eventually(() => (toSecond.length === 1 ? true : undefined), 'the second socket');
    await server().signals.send([demo.userId], notificacao('a ambos'));
    await eventually(() => (toFirst.length === 1 && toSecond.length === 2 ? true : undefined), 'both sockets');
    expect(NovoSinalEventSchema.parse(toFirst[0]).sinal).toMatchObject({ notificacao: { mensagem: 'a ambos' } });
  });

  it('refuses HTTP API requests with a wrong secret, a stale timestamp or a changed body (401)', async () => {
    await expect(sdkFor(server(), { secret: 'not-the-secret' }).trigger('presence-x', 'novoSinal', {})).rejects.toMatchObject({ status: 401 });

    const { appId, key, secret } = server().config.realtime.pusher;
    const sdk = new PusherServer({ appId, key, secret, host: '127.0.0.1', port: String(server().port) });
    const body = JSON.stringify({ name: 'novoSinal', data: '{}', channels: ['presence-x'] });
    const signedPath = (timestamp: number, payload: string) =>
      sdk.createSignedQueryString({ method: 'POST', path: `/apps/${appId}/events`, body: payload, params: {} }).replace(/auth_timestamp=\d+/, `auth_timestamp=${timestamp}`);
    // The query is signed with the current time, then the timestamp is moved back: the signature no longer
    // matches either, but the server names the stale timestamp first.
    const stale = await fetch(`${server().url}/apps/${appId}/events?${signedPath(Math.floor(Date.now() / 1000) - 3600, body)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(stale.status).toBe(401);
    expect(JSON.stringify(await stale.json())).toContain('Timestamp');

    const query = sdk.createSignedQueryString({ method: 'POST', path: `/apps/${appId}/events`, body, params: {} });
    const tampered = await fetch(`${server().url}/apps/${appId}/events?${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: body.replace('presence-x', 'presence-y'),
    });
    expect(tampered.status).toBe(401);

    const good = await fetch(`${server().url}/apps/${appId}/events?${query}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(good.status).toBe(200);
    expect(await good.json()).toEqual({});
    expect((await fetch(`${server().url}/apps/${appId}/events`, { method: 'POST', body })).status).toBe(401);
  });

  it('lists presence users through the SDK get, and answers 400 for a non-presence channel', async () => {
    const demo = await signIn(server(), 'demo', 'demo12345');
    await subscribe(await connect(server(), { jar: demo.jar }), userChannel(demo.userId));
    const sdk = sdkFor(server());
    const users = ChannelUsersResponseSchema.parse(await (await sdk.get({ path: `/channels/${userChannel(demo.userId)}/users` })).json());
    expect(users.users).toEqual([{ id: demo.userId }]);
    await expect(sdk.get({ path: '/channels/publico/users' })).rejects.toMatchObject({ status: 400 });
    const channels = (await (await sdk.get({ path: '/channels', params: { filter_by_prefix: 'presence-', info: 'user_count' } })).json()) as {
      channels: Record<string, { user_count: number }>;
    };
    expect(channels.channels[userChannel(demo.userId)]).toEqual({ user_count: 1 });
  });

  it('publishes Signals to the embedded server in the process, without an HTTP request to itself', async () => {
    const demo = await signIn(server(), 'demo', 'demo12345');
    const seen = record((await subscribe(await connect(server(), { jar: demo.jar }), userChannel(demo.userId))).channel, 'novoSinal');
    const sdk = vi.spyOn(server().realtime, 'sdk');
    try {
      const sinal = notificacao('no mesmo processo');
      await server().signals.send([demo.userId], sinal);
      await eventually(() => (seen.length === 1 ? true : undefined), 'the in-process signal');
      expect(NovoSinalEventSchema.parse(seen[0])).toEqual({ sinal });
      expect(sdk).not.toHaveBeenCalled();
    } finally {
      sdk.mockRestore();
    }
  });

  it('sends Signals over the HTTP API when the realtime server is another process (PUSHER_HOST)', async () => {
    // An app process of a multi-process deployment: no embedded hub, so the signal has to go through the SDK to the
    // realtime server (here the live app's embedded one stands in for `npm run realtime`).
    const live = server();
    const config = configAgainst(live);
    const realtime = createRealtime(config);
    expect(realtime.hub).toBeNull();
    const pushed: string[][] = [];
    const signals = createPusherSignals({ realtime, push: { send: async (userIds) => void pushed.push([...userIds]) } });
    const analista = await signIn(live, 'analista', 'analista123');
    const seen = record((await subscribe(await connect(live, { jar: analista.jar }), userChannel(analista.userId))).channel, 'novoSinal');

    const sinal = notificacao('de outro processo');
    await signals.send([analista.userId], sinal);
    await eventually(() => (seen.length === 1 ? true : undefined), 'the signal through the HTTP API');
    expect(NovoSinalEventSchema.parse(seen[0])).toEqual({ sinal });
    expect(pushed).toEqual([[analista.userId]]);
  });

  it('works against an external Pusher server by configuration alone (PUSHER_MODE=external)', async () => {
    // A second app configured like a deployment on another Pusher-compatible server: here the first app's
    // embedded server stands in for hosted Pusher.
    const live = server();
    const config = configAgainst(live, { PUSHER_MODE: 'external' });
    const realtime = createRealtime(config);
    expect(realtime.hub).toBeNull();
    const external = createApp({ config, db: live.db, signals: createMemorySignals(), realtime });

    const demo = await signIn(live, 'demo', 'demo12345');
    const analista = await signIn(live, 'analista', 'analista123');
    const channel = (await subscribe(await connect(live, { jar: analista.jar }), userChannel(analista.userId))).channel;
    const seen = record(channel, 'novoSinal');

    const res = await external.request('http://localhost:8080/api/auth/pusher/mostrarUsuariosOnline', { headers: { cookie: demo.jar.header() } });
    const ids = OnlineUsersResponseSchema.parse(await res.json()).usuarios.map((user) => user.id);
    expect(ids).toEqual(expect.arrayContaining([demo.userId, analista.userId]));

    await realtime.sdk().trigger(userChannel(analista.userId), 'novoSinal', { sinal: notificacao('de fora') });
    await eventually(() => (seen.length === 1 ? true : undefined), 'the external trigger');

    const config2 = await (await external.request('http://localhost:8080/api/client/public/config')).json();
    expect(config2).toMatchObject({ pusher: { key: live.config.realtime.pusher.key, wsHost: '127.0.0.1', wsPort: live.port, forceTLS: false } });
  });
});
