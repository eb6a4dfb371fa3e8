import 'fake-indexeddb/auto';
import { Client, TokenProvider } from '@pusher/push-notifications-web';
import { afterAll, afterEach, expect, it, vi } from 'vitest';
import { PushPayloadSchema } from '../../../contract/schemas/push.ts';
import { ClientConfigResponseSchema } from '../../../contract/schemas/realtime.ts';
import { rowIdOfHandle } from '../../../server/push/device-handle.ts';
import { describeLiveOnEachDb, signIn, type LiveServer } from './helpers/live-server.ts';
import { decryptPush, fakeSubscription, messageSignal, startPushReceiver, type FakeSubscription, type PushReceiver } from './helpers/push-receiver.ts';

// The real Beams web SDK (@pusher/push-notifications-web 2.1.0) against the embedded Beams-compatible device API,
// in a stand-in browser: fake-indexeddb for its state, and a service-worker registration whose pushManager hands
// out a subscription to a local stand-in push service. Delivery is then checked end to end: the server's
// web-push request arrives there, and decrypts (as the browser would) to the Beams payload. The stand-in is on
// 127.0.0.1, which the server refuses unless it is listed: the suite lists exactly its address and port.

const receiver: PushReceiver = await startPushReceiver();
afterAll(async () => {
  await receiver.close();
});

/** A browser with one service worker registration; `subscription` is what pushManager.subscribe gives. */
function stubBrowser(subscription: FakeSubscription) {
  let current: FakeSubscription | null = null;
  const asPushSubscription = (sub: FakeSubscription) => ({
    endpoint: sub.endpoint,
    toJSON: sub.toJSON,
    unsubscribe: async () => {
      current = null;
      return true;
    },
  });
  const subscribeCalls: unknown[] = [];
  const registration = {
    scope: 'http://localhost/',
    pushManager: {
      subscribe: async (options: unknown) => {
        subscribeCalls.push(options);
        current = subscription;
        return asPushSubscription(subscription);
      },
      getSubscription: async () => (current ? asPushSubscription(current) : null),
    },
  };
  vi.stubGlobal('window', globalThis);
  vi.stubGlobal('isSecureContext', true);
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { permission: 'granted' });
  vi.stubGlobal('location', { href: 'http://localhost/dashboard' });
  vi.stubGlobal('navigator', { userAgent: 'vitest', serviceWorker: { ready: Promise.resolve(registration) } });
  return { registration, subscribeCalls };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const rowOf = (server: LiveServer, handle: string | null) => rowIdOfHandle(handle ?? '', server.config.realtime.beams.secretKey) ?? '';

async function beamsSettings(server: LiveServer) {
  const body = ClientConfigResponseSchema.parse(await (await fetch(`${server.url}/api/client/public/config`)).json());
  expect(body.beams.endpointOverride).toBe(`${server.url}/api/beams`);
  return body;
}

/** The SDK, started in a stand-in browser whose push subscription goes to `endpoint`. */
async function startedBeams(server: LiveServer, endpoint: string) {
  const settings = await beamsSettings(server);
  const subscription = fakeSubscription(endpoint);
  const { registration, subscribeCalls } = stubBrowser(subscription);
  const beams = new Client({
    instanceId: settings.beams.instanceId,
    endpointOverride: settings.beams.endpointOverride ?? '',
    serviceWorkerRegistration: registration as unknown as ServiceWorkerRegistration,
  });
  await beams.start();
  return { beams, settings, subscription, subscribeCalls };
}

/** What the app hands the SDK for setUserId: the server's token URL, called with the session's cookie. */
function tokenProvider(server: LiveServer, settings: { beams: { tokenUrl: string } }, user: { jar: { header(): string } }) {
  return new TokenProvider({ url: `${server.url}${settings.beams.tokenUrl}`, headers: { cookie: user.jar.header() } });
}

/** A request as the app sends it, with this session's cookie. */
async function asSession(server: LiveServer, jar: { header(): string }, path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('cookie', jar.header());
  headers.set('x-requested-with', 'fichas');
  return server.app.request(`http://localhost:8080${path}`, { ...init, headers });
}

async function beamsToken(server: LiveServer, jar: { header(): string }, userId: string): Promise<Response> {
  return asSession(server, jar, `/api/auth/beams/?user_id=${userId}`);
}

/** A device registered and bound through the device API, as the SDK does it, under the session in `jar`. */
async function boundDevice(server: LiveServer, jar: { header(): string }, userId: string) {
  const subscription = fakeSubscription(`${receiver.url}/push/${crypto.randomUUID()}`);
  const base = `/api/beams/device_api/v1/instances/${server.config.realtime.beams.instanceId}/devices/web`;
  const registered = await server.app.request(`http://localhost:8080${base}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: Buffer.from(JSON.stringify(subscription.toJSON())).toString('base64') }),
  });
  const { id } = (await registered.json()) as { id: string };
  const { token } = (await (await beamsToken(server, jar, userId)).json()) as { token: string };
  const bind = (bearer: string) => server.app.request(`http://localhost:8080${base}/${id}/user`, { method: 'PUT', headers: { authorization: `Bearer ${bearer}` } });
  expect((await bind(token)).status).toBe(200);
  return { subscription, token, bind, row: () => server.db.selectFrom('push_dispositivos').selectAll().where('id', '=', rowOf(server, id)).executeTakeFirstOrThrow() };
}

/** How many pushes reached this subscription's endpoint so far. */
const pushesTo = (subscription: FakeSubscription) => receiver.received.filter((push) => subscription.endpoint.endsWith(push.path)).length;

describeLiveOnEachDb('push through the Beams web SDK and web-push', (server) => {
  it('registers with the SDK, ties the device to the session user, and delivers signals to it', async () => {
    const demo = await signIn(server(), 'demo', 'demo12345');
    const { beams, settings, subscription, subscribeCalls } = await startedBeams(server(), `${receiver.url}/push/${crypto.randomUUID()}`);
    // The SDK subscribed with the server's VAPID key.
    const key = (subscribeCalls[0] as { applicationServerKey: Uint8Array }).applicationServerKey;
    expect(Buffer.from(key).toString('base64url')).toBe(settings.vapidPublicKey);
    const deviceId = await beams.getDeviceId();
    expect(deviceId).toEqual(expect.any(String));

    await beams.setUserId(demo.userId, tokenProvider(server(), settings, demo));
    expect(await beams.getUserId()).toBe(demo.userId);
    const row = await server().db.selectFrom('push_dispositivos').selectAll().where('id', '=', rowOf(server(), deviceId)).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ endpoint: subscription.endpoint, usuario_id: demo.userId, p256dh: subscription.keys.p256dh });

    const before = receiver.received.length;
    const sinal = messageSignal('Viste o jogo?');
    await server().signals.send([demo.userId], sinal);
    const pushes = receiver.received.slice(before).filter((push) => subscription.endpoint.endsWith(push.path));
    expect(pushes).toHaveLength(1);
    const push = pushes[0]!;
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    expect(String(push.headers.authorization)).toMatch(new RegExp(`^vapid t=[^,]+, k=${settings.vapidPublicKey}$`));

    const plain = decryptPush(push.body, subscription);
    const payload = PushPayloadSchema.parse(JSON.parse(plain));
    // The sender and the kind, never the text: the app reads the message from the server when it opens.
    expect(plain).not.toContain('Viste o jogo');
    expect(payload.data.sinal).toBeUndefined();
    expect(payload.data.pusher).toMatchObject({ instanceId: settings.beams.instanceId, hasDisplayableContent: true });
    expect(payload.notification).toMatchObject({
      title: 'Ana Analista',
      body: 'Nova mensagem',
      deep_link: '/dashboard/comunidade/conversas/analista',
      hide_notification_if_site_has_focus: true,
    });

    // stop(): the SDK deletes the device, and nothing more is pushed to it.
    await beams.stop();
    expect(await server().db.selectFrom('push_dispositivos').select('id').where('id', '=', rowOf(server(), deviceId)).executeTakeFirst()).toBeUndefined();
    const afterStop = receiver.received.length;
    await server().signals.send([demo.userId], messageSignal('Já não chega'));
    expect(receiver.received.slice(afterStop).filter((p) => subscription.endpoint.endsWith(p.path))).toHaveLength(0);
  });

  it('refuses setUserId for a user other than the session\'s (the token endpoint answers 403)', async () => {
    const demo = await signIn(server(), 'demo', 'demo12345');
    const analista = await signIn(server(), 'analista', 'analista123');
    const { beams, settings } = await startedBeams(server(), `${receiver.url}/push/${crypto.randomUUID()}`);
    await expect(beams.setUserId(analista.userId, tokenProvider(server(), settings, demo))).rejects.toThrow(/403/);
    const deviceId = await beams.getDeviceId();
    const row = await server().db.selectFrom('push_dispositivos').select('usuario_id').where('id', '=', rowOf(server(), deviceId)).executeTakeFirstOrThrow();
    expect(row.usuario_id).toBeNull();
  });

  it('deletes a device whose push service answers 410 Gone', async () => {
    const demo = await signIn(server(), 'demo', 'demo12345');
    const path = `/push/${crypto.randomUUID()}`;
    const { beams, settings } = await startedBeams(server(), `${receiver.url}${path}`);
    await beams.setUserId(demo.userId, tokenProvider(server(), settings, demo));
    const deviceId = await beams.getDeviceId();

    receiver.answer(path, 410);
    await server().signals.send([demo.userId], messageSignal('Ainda estás aí?'));
    expect(receiver.received.some((push) => push.path === path)).toBe(true);
    expect(await server().db.selectFrom('push_dispositivos').select('id').where('id', '=', rowOf(server(), deviceId)).executeTakeFirst()).toBeUndefined();
  });

  it('does not contact a device stored before the endpoint checks whose endpoint is now refused, and drops it', async () => {
    const demo = await signIn(server(), 'demo', 'demo12345');
    // localhost is the stand-in itself under a name that is not listed (and on a port other than 443).
    const path = `/push/${crypto.randomUUID()}`;
    const subscription = fakeSubscription(`https://localhost:${receiver.port}${path}`);
    const now = new Date().toISOString();
    await server().db
      .insertInto('push_dispositivos')
      .values({ id: crypto.randomUUID(), endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth, usuario_id: demo.userId, sessao_id: crypto.randomUUID(), sessao_inicio: now, interesses: '[]', sdk_version: null, created_at: now, updated_at: now })
      .execute();
    await server().signals.send([demo.userId], messageSignal('Para dentro?'));
    expect(receiver.received.some((push) => push.path === path)).toBe(false);
    expect(await server().db.selectFrom('push_dispositivos').select('id').where('endpoint', '=', subscription.endpoint).executeTakeFirst()).toBeUndefined();
  });

  it('sends nothing to a registered device until a signed-in user has tied it to themself', async () => {
    const demo = await signIn(server(), 'demo', 'demo12345');
    const { subscription } = await startedBeams(server(), `${receiver.url}/push/${crypto.randomUUID()}`);
    await server().signals.send([demo.userId], messageSignal('Ainda não'));
    expect(receiver.received.some((push) => subscription.endpoint.endsWith(push.path))).toBe(false);
  });

  it('reads only the status of a push service that never ends its answer, so a signal is not held', async () => {
    const demo = await signIn(server(), 'demo', 'demo12345');
    const path = `/push/${crypto.randomUUID()}`;
    const { beams, settings, subscription } = await startedBeams(server(), `${receiver.url}${path}`);
    await beams.setUserId(demo.userId, tokenProvider(server(), settings, demo));
    receiver.answer(path, 'trickle');
    await server().signals.send([demo.userId], messageSignal('Responde devagar'));
    expect(receiver.received.filter((push) => push.path === path)).toHaveLength(1);
    // The device is kept: a 201 is a delivery, whatever its body.
    expect(await server().db.selectFrom('push_dispositivos').select('id').where('endpoint', '=', subscription.endpoint).executeTakeFirst()).toBeDefined();
    await beams.stop();
  });

  it('after "terminarSessoes" the device bound under it is unbound and gets nothing; a token from before binds nothing; a new session binds it again', async () => {
    const demo = await signIn(server(), 'demo', 'demo12345');
    const { beams, settings, subscription } = await startedBeams(server(), `${receiver.url}/push/${crypto.randomUUID()}`);
    await beams.setUserId(demo.userId, tokenProvider(server(), settings, demo));
    const deviceId = await beams.getDeviceId();
    const row = () => server().db.selectFrom('push_dispositivos').selectAll().where('id', '=', rowOf(server(), deviceId)).executeTakeFirstOrThrow();
    expect(await row()).toMatchObject({ usuario_id: demo.userId, sessao_id: expect.any(String) });
    await server().signals.send([demo.userId], messageSignal('Antes'));
    expect(pushesTo(subscription)).toBe(1);
    const kept = (await (await beamsToken(server(), demo.jar, demo.userId)).json()) as { token: string };

    expect((await asSession(server(), demo.jar, '/api/client/common/conta/terminarSessoes', { method: 'POST' })).status).toBe(200);
    expect(await row()).toMatchObject({ usuario_id: null, sessao_id: null, sessao_inicio: null });
    await server().signals.send([demo.userId], messageSignal('Depois'));
    expect(pushesTo(subscription)).toBe(1);

    // The ended session gets no new token, and the one it was given before binds nothing now.
    expect((await beamsToken(server(), demo.jar, demo.userId)).status).toBe(401);
    const put = await server().app.request(`${settings.beams.endpointOverride}/device_api/v1/instances/${settings.beams.instanceId}/devices/web/${deviceId}/user`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${kept.token}` },
    });
    expect(put.status).toBe(401);
    expect((await row()).usuario_id).toBeNull();

    // Signed in again, the app's next start binds the same device under the new session.
    const again = await signIn(server(), 'demo', 'demo12345');
    await beams.setUserId(demo.userId, tokenProvider(server(), settings, again));
    expect((await row()).usuario_id).toBe(demo.userId);
    await server().signals.send([demo.userId], messageSignal('De novo'));
    expect(pushesTo(subscription)).toBe(2);
    await beams.stop();
  });

  it('sign-out unbinds only the devices bound under that session; the user\'s other phone goes on getting pushes', async () => {
    const phone = await signIn(server(), 'demo', 'demo12345');
    const laptop = await signIn(server(), 'demo', 'demo12345');
    const onPhone = await boundDevice(server(), phone.jar, phone.userId);
    const onLaptop = await boundDevice(server(), laptop.jar, laptop.userId);

    const csrf = (await (await asSession(server(), phone.jar, '/api/auth/csrf')).json()) as { csrfToken: string };
    const out = await asSession(server(), phone.jar, '/api/auth/signout', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrfToken: csrf.csrfToken, callbackUrl: 'http://localhost:8080/', json: 'true' }).toString(),
    });
    expect(out.status).toBe(200);
    expect((await onPhone.row()).usuario_id).toBeNull();
    expect((await onLaptop.row()).usuario_id).toBe(phone.userId);

    await server().signals.send([phone.userId], messageSignal('Só para o portátil'));
    expect(pushesTo(onPhone.subscription)).toBe(0);
    expect(pushesTo(onLaptop.subscription)).toBe(1);
    // The signed-out phone's token cannot tie its device to the account again.
    expect((await onPhone.bind(onPhone.token)).status).toBe(401);
  });

  it('delivers only to devices bound under a live session, whatever the row says (a binding written as its session ended)', async () => {
    const demo = await signIn(server(), 'demo', 'demo12345');
    const device = await boundDevice(server(), demo.jar, demo.userId);
    const bound = await device.row();
    expect((await asSession(server(), demo.jar, '/api/client/common/conta/terminarSessoes', { method: 'POST' })).status).toBe(200);
    // As if another process bound it under the old session just as that session ended.
    await server().db
      .updateTable('push_dispositivos')
      .set({ usuario_id: demo.userId, sessao_id: bound.sessao_id, sessao_inicio: bound.sessao_inicio })
      .where('id', '=', bound.id)
      .execute();
    await server().signals.send([demo.userId], messageSignal('Para ninguém'));
    expect(pushesTo(device.subscription)).toBe(0);
  });
}, { env: { PUSH_ENDPOINT_ALLOWLIST: `127.0.0.1:${receiver.port}` } });
