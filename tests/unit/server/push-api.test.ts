import { createECDH, randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { MSG } from '../../../contract/messages.ts';
import {
  BeamsErrorSchema,
  BeamsTokenResponseSchema,
  RegisterDeviceResponseSchema,
  VapidKeyResponseSchema,
} from '../../../contract/schemas/push.ts';
import { beamsIssuer, signBeamsToken, verifyBeamsToken } from '../../../server/push/beams-token.ts';
import { rowIdOfHandle } from '../../../server/push/device-handle.ts';
import { browser, form, json, type Client } from './helpers/http.ts';
import { describeOnEachDb } from './helpers/matrix.ts';
import type { TestServer } from './helpers/test-server.ts';
import { CsrfResponseSchema } from '../../../contract/schemas/auth.ts';

// The Beams token endpoint and the Beams-compatible device API, called as the Beams web SDK calls them.

async function signedIn(server: TestServer, userData: string, password: string): Promise<{ client: Client; userId: string }> {
  const client = browser(server.app);
  const csrfToken = CsrfResponseSchema.parse(await (await client.request('/api/auth/csrf')).json()).csrfToken;
  const res = await client.request('/api/auth/callback/credentials', form({ userData, password, csrfToken, callbackUrl: 'http://localhost:8080/', json: 'true' }));
  expect(res.status).toBe(200);
  const row = await server.db.selectFrom('usuarios').select('id').where('nome_usuario', '=', userData).executeTakeFirstOrThrow();
  return { client, userId: row.id };
}

/** base64(JSON.stringify(PushSubscription)), as the SDK sends it. push.exemplo.ao is on the suite's allow-list. */
function deviceToken(endpoint = `https://push.exemplo.ao/${randomBytes(8).toString('hex')}`): string {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const subscription = { endpoint, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') } };
  return Buffer.from(JSON.stringify(subscription)).toString('base64');
}

/** The Beams token the session's own user gets from the token endpoint, as the SDK's TokenProvider asks for it. */
async function sessionToken(client: Client, userId: string): Promise<string> {
  const res = await client.request(`/api/auth/beams/?user_id=${userId}`);
  expect(res.status).toBe(200);
  return BeamsTokenResponseSchema.parse(await res.json()).token;
}

const endpointOf = (token: string) => (JSON.parse(Buffer.from(token, 'base64').toString()) as { endpoint: string }).endpoint;

describeOnEachDb('Beams token endpoint and device API', (server) => {
  const beams = () => server().config.realtime.beams;
  const base = () => `/api/beams/device_api/v1/instances/${beams().instanceId}`;

  async function register(client: Client, token = deviceToken()): Promise<string> {
    const res = await client.request(`${base()}/devices/web`, json({ token, metadata: { sdkVersion: '2.1.0' } }));
    expect(res.status).toBe(200);
    return RegisterDeviceResponseSchema.parse(await res.json()).id;
  }

  it('issues a 24 h token for the session user only: 401 without a session, 403 for another user, 400 without user_id', async () => {
    const anonymous = await browser(server().app).request('/api/auth/beams/?user_id=x');
    expect(anonymous.status).toBe(401);
    expect(BeamsErrorSchema.parse(await anonymous.json())).toMatchObject({ status: 'error', message: MSG.unauthenticated });

    const { client, userId } = await signedIn(server(), 'demo', 'demo12345');
    const other = await signedIn(server(), 'analista', 'analista123');
    const forbidden = await client.request(`/api/auth/beams/?user_id=${other.userId}`);
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toMatchObject({ status: 'error', message: MSG.forbidden });
    expect((await client.request('/api/auth/beams/')).status).toBe(400);

    for (const path of [`/api/auth/beams/?user_id=${userId}`, `/api/auth/beams?user_id=${userId}`]) {
      const res = await client.request(path);
      expect(res.status).toBe(200);
      const { token } = BeamsTokenResponseSchema.parse(await res.json());
      expect(verifyBeamsToken(token, beams())).toEqual({ userId, session: { sid: expect.any(String), authAt: expect.any(Number) } });
      const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
      expect(claims).toMatchObject({ sub: userId, iss: beamsIssuer(beams().instanceId) });
      expect(Number(claims.exp) - Number(claims.iat)).toBe(24 * 3600);
    }
  });

  it('serves the VAPID public key and refuses another instance id with 404', async () => {
    const client = browser(server().app);
    const key = await client.request(`${base()}/web-vapid-public-key`);
    expect(VapidKeyResponseSchema.parse(await key.json())).toEqual({ vapidPublicKey: server().config.realtime.vapid.publicKey });
    const other = await client.request('/api/beams/device_api/v1/instances/outra-instancia/web-vapid-public-key');
    expect(other.status).toBe(404);
    expect(BeamsErrorSchema.parse(await other.json()).error).toBe('Not Found');
  });

  it('registers a device once per subscription (a retried registration gets the same id)', async () => {
    const client = browser(server().app);
    const token = deviceToken();
    const first = await register(client, token);
    expect(await register(client, token)).toBe(first);
    const rows = await server().db.selectFrom('push_dispositivos').select(['id', 'sdk_version']).where('endpoint', '=', endpointOf(token)).execute();
    expect(rows).toEqual([{ id: rowIdOfHandle(first, beams().secretKey), sdk_version: '2.1.0' }]);
  });

  it.each([
    ['loopback', 'https://127.0.0.1/push'],
    ['loopback on the allowed host\'s other port', 'https://push.exemplo.ao:8443/push'],
    ['a private network', 'https://10.1.2.3/push'],
    ['the cloud metadata service', 'https://169.254.169.254/latest/meta-data/'],
    ['IPv6 loopback', 'https://[::1]/push'],
    ['an IPv4-mapped IPv6 loopback', 'https://[::ffff:127.0.0.1]/push'],
    ['loopback written as a number', 'https://2130706433/push'],
    ['a unique-local IPv6 address', 'https://[fd00::1]/push'],
    ['CGNAT', 'https://100.64.0.1/push'],
    ['a name that resolves to loopback', 'https://localhost/push'],
    ['a public address on another port', 'https://8.8.8.8:8080/push'],
    ['credentials in the URL', 'https://user:pass@8.8.8.8/push'],
  ])('refuses a push endpoint on %s with 400 and a clear message', async (_label, endpoint) => {
    const res = await browser(server().app).request(`${base()}/devices/web`, json({ token: deviceToken(endpoint) }));
    expect(res.status).toBe(400);
    const body = BeamsErrorSchema.parse(await res.json());
    expect(body.message).toBe(MSG.pushEndpointRefused);
    expect(body.description).toContain(MSG.pushEndpointRefused);
    expect(await server().db.selectFrom('push_dispositivos').select('id').where('endpoint', '=', endpoint).executeTakeFirst()).toBeUndefined();
  });

  it('accepts an endpoint on a public address, on port 443', async () => {
    const id = await register(browser(server().app), deviceToken(`https://8.8.8.8/push/${randomBytes(8).toString('hex')}`));
    expect(rowIdOfHandle(id, beams().secretKey)).toEqual(expect.any(String));
  });

  it('gives a device id that is not the row id: the row id alone neither binds, changes nor deletes the device', async () => {
    const client = browser(server().app);
    const handle = await register(client);
    const rowId = rowIdOfHandle(handle, beams().secretKey) ?? '';
    expect(handle).not.toBe(rowId);
    const demo = await signedIn(server(), 'demo', 'demo12345');
    const userId = demo.userId;
    const token = await sessionToken(demo.client, userId);
    const device = (id: string) => `${base()}/devices/web/${id}`;
    const row = () => server().db.selectFrom('push_dispositivos').select(['id', 'usuario_id', 'interesses']).where('id', '=', rowId).executeTakeFirst();

    for (const guess of [rowId, `${rowId}.`, `${rowId}.${'A'.repeat(43)}`]) {
      expect((await client.request(`${device(guess)}/user`, { method: 'PUT', headers: { authorization: `Bearer ${token}` } })).status).toBe(404);
      expect((await client.request(`${device(guess)}/interests/golos`, { method: 'POST' })).status).toBe(404);
      expect((await client.request(`${device(guess)}/interests`)).status).toBe(404);
      expect((await client.request(device(guess), { method: 'DELETE' })).status).toBe(200);
    }
    expect(await row()).toEqual({ id: rowId, usuario_id: null, interesses: '[]' });

    expect((await client.request(`${device(handle)}/user`, { method: 'PUT', headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    expect((await row())?.usuario_id).toBe(userId);
    expect((await client.request(device(handle), { method: 'DELETE' })).status).toBe(200);
    expect(await row()).toBeUndefined();
  });

  it('never rebinds a device of one user to another (409), while its own user may bind it again', async () => {
    const client = browser(server().app);
    const handle = await register(client);
    const demo = await signedIn(server(), 'demo', 'demo12345');
    const analista = await signedIn(server(), 'analista', 'analista123');
    const { secretKey } = beams();
    const put = async (user: { client: Client; userId: string }) =>
      client.request(`${base()}/devices/web/${handle}/user`, { method: 'PUT', headers: { authorization: `Bearer ${await sessionToken(user.client, user.userId)}` } });

    expect((await put(demo)).status).toBe(200);
    const taken = await put(analista);
    expect(taken.status).toBe(409);
    expect(BeamsErrorSchema.parse(await taken.json()).message).toBe(MSG.pushDeviceTaken);
    expect((await put(demo)).status).toBe(200);
    const row = await server().db.selectFrom('push_dispositivos').select('usuario_id').where('id', '=', rowIdOfHandle(handle, secretKey) ?? '').executeTakeFirstOrThrow();
    expect(row.usuario_id).toBe(demo.userId);
  });

  it('gives an endpoint registered again with other keys a new id, so knowing an endpoint never yields its device', async () => {
    const client = browser(server().app);
    const endpoint = `https://push.exemplo.ao/${randomBytes(8).toString('hex')}`;
    const original = await register(client, deviceToken(endpoint));
    const demo = await signedIn(server(), 'demo', 'demo12345');
    const { secretKey } = beams();
    const bearer = { authorization: `Bearer ${await sessionToken(demo.client, demo.userId)}` };
    expect((await client.request(`${base()}/devices/web/${original}/user`, { method: 'PUT', headers: bearer })).status).toBe(200);

    const other = await register(client, deviceToken(endpoint));
    expect(other).not.toBe(original);
    expect((await client.request(`${base()}/devices/web/${original}/interests`)).status).toBe(404);
    const rows = await server().db.selectFrom('push_dispositivos').select(['id', 'usuario_id']).where('endpoint', '=', endpoint).execute();
    expect(rows).toEqual([{ id: rowIdOfHandle(other, secretKey), usuario_id: null }]);
  });

  it.each([
    ['a token that is not base64 JSON', { token: '%%%não-é-base64%%%' }],
    ['a subscription without keys', { token: Buffer.from(JSON.stringify({ endpoint: 'https://push.exemplo.ao/x' })).toString('base64') }],
    ['a plain-http endpoint', { token: deviceToken('http://10.0.0.1/interno') }],
    ['no token', { metadata: {} }],
    ['a wrong type', { token: 42 }],
  ])('refuses a registration with %s (400)', async (_label, body) => {
    const res = await browser(server().app).request(`${base()}/devices/web`, json(body));
    expect(res.status).toBe(400);
    expect(BeamsErrorSchema.parse(await res.json()).message).toBe(MSG.invalidRequest);
  });

  it('ties a device to a user only with a valid token of this instance', async () => {
    const client = browser(server().app);
    const deviceId = await register(client);
    const demo = await signedIn(server(), 'demo', 'demo12345');
    const { userId } = demo;
    const put = (token: string | null, id = deviceId) =>
      client.request(`${base()}/devices/web/${id}/user`, { method: 'PUT', headers: token === null ? {} : { authorization: `Bearer ${token}` } });
    const { instanceId, secretKey } = beams();

    // The session's own claims, so each of these fails for the one reason it names.
    const live = verifyBeamsToken(await sessionToken(demo.client, userId), beams())?.session ?? undefined;
    expect(live).toBeDefined();
    expect((await put(null)).status).toBe(401);
    expect((await put(signBeamsToken({ instanceId, secretKey: 'outro-segredo-qualquer', userId, session: live }))).status).toBe(401);
    expect((await put(signBeamsToken({ instanceId: 'outra-instancia', secretKey, userId, session: live }))).status).toBe(401);
    expect((await put(signBeamsToken({ instanceId, secretKey, userId, session: live, now: Date.now() - 25 * 3600_000 }))).status).toBe(401);
    expect((await put(signBeamsToken({ instanceId, secretKey, userId: 'utilizador-inexistente', session: live }))).status).toBe(401);
    // Well signed but naming no session (as tokens issued before sessions were bound did), or a session that is not live.
    expect((await put(signBeamsToken({ instanceId, secretKey, userId }))).status).toBe(401);
    const session = { sid: crypto.randomUUID(), authAt: Date.now() };
    await server().db.insertInto('sessoes_terminadas').values({ sid: session.sid, usuario_id: userId, expira_em: new Date(Date.now() + 3600_000).toISOString() }).execute();
    expect((await put(signBeamsToken({ instanceId, secretKey, userId, session }))).status).toBe(401);
    expect((await put(await sessionToken(demo.client, userId), crypto.randomUUID())).status).toBe(404);
    const row = () =>
      server().db.selectFrom('push_dispositivos').select('usuario_id').where('id', '=', rowIdOfHandle(deviceId, secretKey) ?? '').executeTakeFirstOrThrow();
    expect((await row()).usuario_id).toBeNull();

    const ok = await put(await sessionToken(demo.client, userId));
    expect(ok.status).toBe(200);
    expect((await row()).usuario_id).toBe(userId);
  });

  it('keeps metadata and interests, and deletes a device (twice is fine)', async () => {
    const client = browser(server().app);
    const deviceId = await register(client);
    const device = `${base()}/devices/web/${deviceId}`;
    expect((await client.request(`${device}/metadata`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ sdkVersion: '2.1.1' }) })).status).toBe(200);

    expect((await client.request(`${device}/interests/golos`, { method: 'POST' })).status).toBe(200);
    const put = await client.request(`${device}/interests`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ interests: ['girabola', 'golos', 'girabola'] }) });
    expect(put.status).toBe(200);
    expect((await client.request(`${device}/interests/girabola`, { method: 'DELETE' })).status).toBe(200);
    expect(await (await client.request(`${device}/interests`)).json()).toEqual({ interests: ['golos'], responseMetadata: {} });
    expect((await client.request(`${device}/interests/com espaço`, { method: 'POST' })).status).toBe(400);

    expect((await client.request(device, { method: 'DELETE' })).status).toBe(200);
    const rowId = rowIdOfHandle(deviceId, beams().secretKey) ?? '';
    expect(await server().db.selectFrom('push_dispositivos').select('id').where('id', '=', rowId).executeTakeFirst()).toBeUndefined();
    expect((await client.request(device, { method: 'DELETE' })).status).toBe(200);
    expect((await client.request(`${device}/metadata`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(404);
    expect((await client.request(`${device}/interests`)).status).toBe(404);
  });

  it('accepts the service worker\'s delivery reports', async () => {
    const res = await browser(server().app).request(`/api/beams/reporting_api/v2/instances/${beams().instanceId}/events`, json({ event: 'delivery' }));
    expect(res.status).toBe(200);
  });
}, { env: { PUSH_ENDPOINT_ALLOWLIST: '*.exemplo.ao' } });

describeOnEachDb(
  'hosted Beams configured (BEAMS_INSTANCE_ID, BEAMS_SECRET_KEY)',
  (server) => {
    it('signs tokens with the Beams secret key, serves no device API and tells the app to use Beams itself', async () => {
      const { client, userId } = await signedIn(server(), 'demo', 'demo12345');
      const { token } = BeamsTokenResponseSchema.parse(await (await client.request(`/api/auth/beams/?user_id=${userId}`)).json());
      expect(verifyBeamsToken(token, { instanceId: 'b7b3b7a0-0000-4000-8000-000000000001', secretKey: 'segredo-do-beams-hospedado' })?.userId).toBe(userId);
      expect((await client.request('/api/beams/device_api/v1/instances/b7b3b7a0-0000-4000-8000-000000000001/web-vapid-public-key')).status).toBe(404);
      const config = (await (await client.request('/api/client/public/config')).json()) as Record<string, unknown>;
      expect(config).toMatchObject({
        beams: { instanceId: 'b7b3b7a0-0000-4000-8000-000000000001', endpointOverride: null, tokenUrl: '/api/auth/beams/' },
        vapidPublicKey: null,
      });
    });
  },
  { env: { BEAMS_INSTANCE_ID: 'b7b3b7a0-0000-4000-8000-000000000001', BEAMS_SECRET_KEY: 'segredo-do-beams-hospedado' } },
);
