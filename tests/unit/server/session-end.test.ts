import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { encode } from '@auth/core/jwt';
import { Hono } from 'hono';
import { afterEach, expect, it } from 'vitest';
import type Pusher from 'pusher-js';
import { MSG } from '../../../contract/messages.ts';
import { SessionSchema } from '../../../contract/schemas/auth.ts';
import { ClientConfigResponseSchema, PusherAuthResponseSchema, PusherUserAuthResponseSchema, userChannel } from '../../../contract/schemas/realtime.ts';
import type { AppEnv } from '../../../server/hono-env.ts';
import { newAccountToken, PASSWORD_RESET_TTL_MS, storeAccountToken } from '../../../server/auth/account-tokens.ts';
import { loadConfig } from '../../../server/config.ts';
import { mountPusherHttpApi } from '../../../server/realtime/http-api.ts';
import { createRealtime } from '../../../server/realtime/realtime.ts';
import { browser, form, json, type Client } from './helpers/http.ts';
import { describeLiveOnEachDb, eventually, type LiveServer } from './helpers/live-server.ts';
import { describeOnEachDb } from './helpers/matrix.ts';
import { csrf, newAccount, newAccountRow } from './helpers/accounts.ts';
import { appPath, connectPusher, disconnect, RawClient, subscribe } from './helpers/pusher-client.ts';
import type { TestServer } from './helpers/test-server.ts';

// Sign-out, a password change and "sign out of every device" end sessions on the server, so a
// copy of the cookie taken before stops working.

const PROTECTED = '/api/client/common/conta/contactDetails';
const PASSWORD = 'segredo-antigo';




async function signIn(server: Pick<TestServer, 'app'>, userData: string, password = PASSWORD): Promise<Client> {
  const client = browser(server.app);
  const csrfToken = await csrf(client);
  const res = await client.request(
    '/api/auth/callback/credentials',
    form({ userData, password, csrfToken, callbackUrl: 'http://localhost:8080/explorar', json: 'true' }),
  );
  expect(res.status).toBe(200);
  expect(client.jar.has('authjs.session-token')).toBe(true);
  return client;
}

/** A request with exactly this cookie, as someone who copied it would send it. */
async function withCookie(server: TestServer, cookie: string, path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('cookie', cookie);
  headers.set('x-requested-with', 'fichas');
  return server.app.request(`http://localhost:8080${path}`, { ...init, headers });
}

async function sessionOf(server: TestServer, cookie: string): Promise<unknown> {
  return (await withCookie(server, cookie, '/api/auth/session')).json();
}

describeOnEachDb('sessions end on the server', (server) => {
  it('sign-out: a cookie copied before it is refused after (401 and no session), on every request', async () => {
    const client = await signIn(server(), await newAccount(server(), 'sessao', PASSWORD));
    const copied = client.jar.header();
    expect((await withCookie(server(), copied, PROTECTED)).status).toBe(200);

    const csrfToken = await csrf(client);
    const out = await client.request('/api/auth/signout', form({ csrfToken, callbackUrl: 'http://localhost:8080/', json: 'true' }));
    expect(out.status).toBe(200);

    const res = await withCookie(server(), copied, PROTECTED);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ status: 'error', message: MSG.unauthenticated });
    const session = await withCookie(server(), copied, '/api/auth/session');
    expect(await session.json()).toEqual({});
    // Auth.js also tells that browser to drop the cookie.
    expect(session.headers.getSetCookie().some((line) => /^authjs\.session-token=;/.test(line))).toBe(true);
  });

  it('sign-out ends only that session: another device stays signed in', async () => {
    const name = await newAccount(server(), 'sessao', PASSWORD);
    const phone = await signIn(server(), name);
    const laptop = await signIn(server(), name);
    const csrfToken = await csrf(phone);
    await phone.request('/api/auth/signout', form({ csrfToken, callbackUrl: 'http://localhost:8080/', json: 'true' }));
    expect((await laptop.request(PROTECTED)).status).toBe(200);
  });

  it('a password change ends every other session of the user; the changing session goes on', async () => {
    const name = await newAccount(server(), 'sessao', PASSWORD);
    const other = await signIn(server(), name);
    const changer = await signIn(server(), name);
    const before = changer.jar.header();

    const res = await changer.request('/api/client/common/conta/actualizarPassword', {
      ...json({ passwordActual: PASSWORD, password: 'segredo-novo', passwordConfirmacao: 'segredo-novo' }),
      method: 'PATCH',
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { message: string }).message).toBe(MSG.passwordChanged);

    expect((await other.request(PROTECTED)).status).toBe(401);
    expect(await (await other.request('/api/auth/session')).json()).toEqual({});
    // A copy of the changing browser's cookie taken before the change is void too: only the renewed cookie works.
    expect((await withCookie(server(), before, PROTECTED)).status).toBe(401);
    expect(changer.jar.header()).not.toBe(before);
    expect((await changer.request(PROTECTED)).status).toBe(200);
    const session = SessionSchema.parse(await (await changer.request('/api/auth/session')).json());
    expect(session.user.nomeUsuario).toBe(name);
    // And the renewed session is still a proper Auth.js session: reading it again keeps it alive.
    expect((await changer.request(PROTECTED)).status).toBe(200);
  });

  it('"terminarSessoes" ends every session, this one included; answering twice is harmless; a new sign-in works', async () => {
    const name = await newAccount(server(), 'sessao', PASSWORD);
    const phone = await signIn(server(), name);
    const laptop = await signIn(server(), name);
    const copied = laptop.jar.header();

    const res = await laptop.request('/api/client/common/conta/terminarSessoes', { method: 'POST' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'success', message: MSG.sessionsEnded });
    expect(laptop.jar.has('authjs.session-token')).toBe(false);

    for (const cookie of [copied, phone.jar.header()]) {
      expect((await withCookie(server(), cookie, PROTECTED)).status).toBe(401);
      expect(await sessionOf(server(), cookie)).toEqual({});
    }
    expect((await withCookie(server(), copied, '/api/client/common/conta/terminarSessoes', { method: 'POST' })).status).toBe(401);

    const again = await signIn(server(), name);
    expect((await again.request(PROTECTED)).status).toBe(200);
    expect(SessionSchema.parse(await (await again.request('/api/auth/session')).json()).user.nomeUsuario).toBe(name);
  });

  it('refuses "terminarSessoes" from another site and without a session', async () => {
    const name = await newAccount(server(), 'sessao', PASSWORD);
    const client = await signIn(server(), name);
    const forged = await client.request('/api/client/common/conta/terminarSessoes', {
      method: 'POST',
      headers: { origin: 'https://outro.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(forged.status).toBe(403);
    expect((await client.request(PROTECTED)).status).toBe(200);
    expect((await browser(server().app).request('/api/client/common/conta/terminarSessoes', { method: 'POST' })).status).toBe(401);
  });

  it('treats a well-signed token without a session id (issued before sessions could end) as no session', async () => {
    const user = await server().db.selectFrom('usuarios').selectAll().where('nome_usuario', '=', 'demo').executeTakeFirstOrThrow();
    const token = await encode({
      secret: server().config.authSecret,
      salt: 'authjs.session-token',
      token: { sub: user.id, id: user.id, name: user.nome, email: user.email, nomeUsuario: user.nome_usuario, role: user.role, conta: null },
    });
    const cookie = `authjs.session-token=${token}`;
    expect((await withCookie(server(), cookie, PROTECTED)).status).toBe(401);
    expect(await sessionOf(server(), cookie)).toEqual({});
  });
});

// What a session authorised ends with it. Realtime connections of a user whose sessions end are
// closed with the protocol's 4009 (pusher-js does not reconnect on 4000-4099), on the embedded server and, through
// the Pusher HTTP API, on a realtime server in another process; the dead cookie gets no new channel authorization.

const open: { raws: RawClient[]; pushers: Pusher[] } = { raws: [], pushers: [] };
afterEach(async () => {
  for (const raw of open.raws.splice(0)) raw.ws.terminate();
  await Promise.all(open.pushers.splice(0).map(disconnect));
});

/** A bare socket on `wsUrl`, subscribed to the user's presence channel with the authorization `app` gives `cookie`. */
async function presenceSocket(options: { wsUrl: string; app: { request(url: string, init: RequestInit): Response | Promise<Response> }; cookie: string; userId: string }): Promise<RawClient> {
  const raw = new RawClient(options.wsUrl);
  open.raws.push(raw);
  const socketId = await raw.socketId();
  const channel = userChannel(options.userId);
  const res = await options.app.request('http://localhost:8080/api/auth/pusher/', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: options.cookie },
    body: new URLSearchParams({ socket_id: socketId, channel_name: channel }).toString(),
  });
  expect(res.status).toBe(200);
  const signed = PusherAuthResponseSchema.parse(await res.json());
  raw.send({ event: 'pusher:subscribe', data: { channel, ...signed } });
  await raw.next((frame) => frame.event === 'pusher_internal:subscription_succeeded' && frame.channel === channel);
  return raw;
}

/** The app's channel authorization for this cookie: 200 while its session is live. */
async function channelAuthStatus(app: { request(url: string, init: RequestInit): Response | Promise<Response> }, cookie: string, userId: string): Promise<number> {
  const res = await app.request('http://localhost:8080/api/auth/pusher/', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    body: new URLSearchParams({ socket_id: '1.2', channel_name: userChannel(userId) }).toString(),
  });
  return res.status;
}

/** Closed by the server with 4009, after a pusher:error saying so (protocols §1.4). */
async function expectTerminated(raw: RawClient): Promise<void> {
  expect(await raw.closing()).toMatchObject({ code: 4009 });
  expect(raw.frames.at(-1)).toEqual({ event: 'pusher:error', data: { code: 4009, message: expect.stringContaining('session') } });
}

/** Signed in through the live app, so what this client ends is ended where its sockets are. */
async function liveSignIn(server: LiveServer, userData: string): Promise<Client> {
  return signIn(server, userData);
}

describeLiveOnEachDb('an ended session ends its live connections', (server) => {
  const wsUrl = () => `ws://127.0.0.1:${server().port}${appPath(server())}`;
  const account = async () => {
    const row = await newAccountRow(server().base, 'ligado', PASSWORD);
    return { ...row, client: await liveSignIn(server(), row.nomeUsuario) };
  };

  it('"terminarSessoes" closes every connection of the user with 4009, others\' stay, and the dead cookie gets no channel again', async () => {
    const me = await account();
    const laptop = await liveSignIn(server(), me.nomeUsuario);
    const other = await account();
    const mine = await presenceSocket({ wsUrl: wsUrl(), app: server().app, cookie: me.client.jar.header(), userId: me.id });
    const onLaptop = await presenceSocket({ wsUrl: wsUrl(), app: server().app, cookie: laptop.jar.header(), userId: me.id });
    const theirs = await presenceSocket({ wsUrl: wsUrl(), app: server().app, cookie: other.client.jar.header(), userId: other.id });
    const dead = laptop.jar.header();

    expect((await laptop.request('/api/client/common/conta/terminarSessoes', { method: 'POST' })).status).toBe(200);
    // Out of the channel by the time the call answers: nothing more reaches those sockets.
    expect(server().realtime.hub?.channelInfo(userChannel(me.id)).subscriptionCount).toBe(0);
    await expectTerminated(mine);
    await expectTerminated(onLaptop);
    await theirs.settle();
    expect(theirs.closed).toBeNull();
    expect(await channelAuthStatus(server().app, dead, me.id)).toBe(401);
  });

  it('a connection signed in as its user (pusher:signin, no channel) is closed too, as hosted Pusher closes only those', async () => {
    const me = await account();
    const raw = new RawClient(wsUrl());
    open.raws.push(raw);
    const socketId = await raw.socketId();
    const res = await server().app.request('http://localhost:8080/api/auth/pusher/user-auth', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: me.client.jar.header() },
      body: new URLSearchParams({ socket_id: socketId }).toString(),
    });
    expect(res.status).toBe(200);
    const signed = PusherUserAuthResponseSchema.parse(await res.json());
    expect(JSON.parse(signed.user_data)).toEqual({ id: me.id });
    raw.send({ event: 'pusher:signin', data: signed });
    await raw.next((frame) => frame.event === 'pusher:signin_success');
    // Someone else's signature, or user_data changed after signing: refused and closed (4009).
    const forger = new RawClient(wsUrl());
    open.raws.push(forger);
    await forger.socketId();
    forger.send({ event: 'pusher:signin', data: { auth: signed.auth, user_data: JSON.stringify({ id: me.id }) } });
    expect(await forger.closing()).toMatchObject({ code: 4009 });
    // Without a session there is nothing to sign.
    const anonymous = await server().app.request('http://localhost:8080/api/auth/pusher/user-auth', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ socket_id: socketId }).toString(),
    });
    expect(anonymous.status).toBe(401);

    expect((await me.client.request('/api/client/common/conta/terminarSessoes', { method: 'POST' })).status).toBe(200);
    await expectTerminated(raw);
  });

  it('pusher-js signs in through the app\'s user authentication endpoint', async () => {
    const me = await account();
    const config = ClientConfigResponseSchema.parse(await (await fetch(`${server().url}/api/client/public/config`)).json()).pusher;
    const pusher = await connectPusher(server(), { jar: me.client.jar, userAuthEndpoint: config.userAuthEndpoint });
    open.pushers.push(pusher);
    pusher.signin();
    await pusher.user.signinDonePromise;
    expect(pusher.user.user_data).toEqual({ id: me.id });
    expect((await me.client.request('/api/client/common/conta/terminarSessoes', { method: 'POST' })).status).toBe(200);
    await eventually(() => (pusher.connection.state === 'disconnected' ? true : undefined), 'pusher-js to be closed');
  });

  it('pusher-js closed with 4009 stays disconnected instead of reconnecting with the dead cookie', async () => {
    const me = await account();
    const pusher = await connectPusher(server(), { jar: me.client.jar });
    open.pushers.push(pusher);
    await subscribe(pusher, userChannel(me.id));
    const errors: unknown[] = [];
    pusher.connection.bind('error', (error: unknown) => errors.push(error));
    const states: string[] = [];
    pusher.connection.bind('state_change', ({ current }: { current: string }) => states.push(current));

    expect((await me.client.request('/api/client/common/conta/terminarSessoes', { method: 'POST' })).status).toBe(200);
    await eventually(() => (pusher.connection.state === 'disconnected' ? true : undefined), 'pusher-js to give up');
    expect(errors).toContainEqual(expect.objectContaining({ type: 'PusherError', data: { code: 4009, message: expect.any(String) } }));
    // "refused": straight to disconnected, never back through connecting.
    expect(states).toEqual(['disconnected']);
    expect(server().realtime.hub?.channelInfo(userChannel(me.id)).subscriptionCount).toBe(0);
  });

  it('a password change closes the connections of every session; the changer\'s renewed cookie authorises again, the others do not', async () => {
    const me = await account();
    const phone = await liveSignIn(server(), me.nomeUsuario);
    const onPhone = await presenceSocket({ wsUrl: wsUrl(), app: server().app, cookie: phone.jar.header(), userId: me.id });
    const mine = await presenceSocket({ wsUrl: wsUrl(), app: server().app, cookie: me.client.jar.header(), userId: me.id });

    const res = await me.client.request('/api/client/common/conta/actualizarPassword', {
      ...json({ passwordActual: PASSWORD, password: 'segredo-novo', passwordConfirmacao: 'segredo-novo' }),
      method: 'PATCH',
    });
    expect(res.status).toBe(200);
    await expectTerminated(onPhone);
    await expectTerminated(mine);
    expect(await channelAuthStatus(server().app, phone.jar.header(), me.id)).toBe(401);
    // The changer's app checks its session after the close, finds it live, and connects again.
    await presenceSocket({ wsUrl: wsUrl(), app: server().app, cookie: me.client.jar.header(), userId: me.id });
  });

  it('a wrong current password ends nothing and closes nothing', async () => {
    const me = await account();
    const mine = await presenceSocket({ wsUrl: wsUrl(), app: server().app, cookie: me.client.jar.header(), userId: me.id });
    const res = await me.client.request('/api/client/common/conta/actualizarPassword', {
      ...json({ passwordActual: 'nao-e-esta', password: 'segredo-novo', passwordConfirmacao: 'segredo-novo' }),
      method: 'PATCH',
    });
    expect(res.status).toBe(400);
    await mine.settle();
    expect(mine.closed).toBeNull();
  });

  it('a password reset from a mailed link closes every connection of the account', async () => {
    const me = await account();
    const mine = await presenceSocket({ wsUrl: wsUrl(), app: server().app, cookie: me.client.jar.header(), userId: me.id });
    const { token, hash } = newAccountToken();
    await storeAccountToken(server().db, { hash, userId: me.id, finalidade: 'password', email: me.email, ttlMs: PASSWORD_RESET_TTL_MS });
    const res = await browser(server().app).request('/api/auth/redefinirPassword', json({ token, password: 'segredo-novo', passwordConfirmacao: 'segredo-novo' }));
    expect(res.status).toBe(200);
    await expectTerminated(mine);
    expect(await channelAuthStatus(server().app, me.client.jar.header(), me.id)).toBe(401);
  });

  it('sign-out closes the user\'s connections; their session on another device authorises again', async () => {
    const me = await account();
    const laptop = await liveSignIn(server(), me.nomeUsuario);
    const mine = await presenceSocket({ wsUrl: wsUrl(), app: server().app, cookie: me.client.jar.header(), userId: me.id });
    const onLaptop = await presenceSocket({ wsUrl: wsUrl(), app: server().app, cookie: laptop.jar.header(), userId: me.id });
    const cookie = me.client.jar.header();
    const csrfToken = await csrf(me.client);
    expect((await me.client.request('/api/auth/signout', form({ csrfToken, callbackUrl: 'http://localhost:8080/', json: 'true' }))).status).toBe(200);
    await expectTerminated(mine);
    // Pusher ends connections by user, not by session: the laptop is closed too, and its live session comes back.
    await expectTerminated(onLaptop);
    expect(await channelAuthStatus(server().app, cookie, me.id)).toBe(401);
    await presenceSocket({ wsUrl: wsUrl(), app: server().app, cookie: laptop.jar.header(), userId: me.id });
  });

  it('across processes: an app process ends the sessions, and a realtime server it reaches only through the Pusher HTTP API closes the sockets', async () => {
    // The realtime server as `npm run realtime` runs it (server/realtime/standalone.ts): WebSockets and the HTTP API,
    // no database, no app routes.
    const { appId, key, secret } = server().config.realtime.pusher;
    const realtimeConfig = loadConfig({ DATA_DIR: server().config.dataDir, PUSHER_APP_ID: appId, PUSHER_KEY: key, PUSHER_SECRET: secret, AUTH_SECRET: server().config.authSecret });
    const standalone = createRealtime(realtimeConfig);
    const hub = standalone.hub;
    if (!hub) throw new Error('expected an embedded hub');
    const realtimeApp = new Hono<AppEnv>();
    realtimeApp.use(async (c, next) => {
      c.set('config', realtimeConfig);
      await next();
    });
    mountPusherHttpApi(realtimeApp, { hub, appId, key, secret });
    const realtimeServer = serve({ fetch: realtimeApp.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
    await new Promise<void>((resolve) => (realtimeServer.listening ? resolve() : realtimeServer.once('listening', () => resolve())));
    standalone.attach(realtimeServer);
    const port = (realtimeServer.address() as AddressInfo).port;
    try {
      // An app process pointed at it with PUSHER_HOST, on the same database.
      const appProcess = server().base.appWith({
        realtime: loadConfig({
          DATA_DIR: server().config.dataDir,
          AUTH_SECRET: server().config.authSecret,
          PUSHER_APP_ID: appId,
          PUSHER_KEY: key,
          PUSHER_SECRET: secret,
          PUSHER_HOST: '127.0.0.1',
          PUSHER_PORT: String(port),
        }).realtime,
      });
      const me = await account();
      const wsOfStandalone = `ws://127.0.0.1:${port}/app/${key}?protocol=7&client=js&version=8.6.0&flash=false`;
      const mine = await presenceSocket({ wsUrl: wsOfStandalone, app: appProcess, cookie: me.client.jar.header(), userId: me.id });

      const res = await appProcess.request('http://localhost:8080/api/client/common/conta/terminarSessoes', {
        method: 'POST',
        headers: { cookie: me.client.jar.header(), 'x-requested-with': 'fichas' },
      });
      expect(res.status).toBe(200);
      await expectTerminated(mine);
      expect(hub.channelInfo(userChannel(me.id)).subscriptionCount).toBe(0);
    } finally {
      standalone.close();
      realtimeServer.closeAllConnections();
      await new Promise<void>((resolve) => realtimeServer.close(() => resolve()));
    }
  });
});
