import type { LookupAddress } from 'node:dns';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config.ts';
import { createEndpointPolicy, isPublicAddress, parseAllowlist, type Resolve } from '../../../server/push/endpoint-policy.ts';
import { createWebPushDelivery } from '../../../server/push/web-push-delivery.ts';
import { fakeSubscription, messageSignal, PUSH_TLS, startPushReceiver, type PushReceiver } from './helpers/push-receiver.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

// Which push endpoints the embedded push service may reach, and that a send goes only where the
// policy says at the moment it connects (DNS rebinding), bounded in time. Names are answered by a resolver the test
// controls; the network is never asked. The delivery reads devices by user, which is the same on both databases,
// so that part runs once (SQLite).

const at = (...addresses: string[]): LookupAddress[] => addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
const resolver = (table: Record<string, LookupAddress[]>): Resolve => async (host) => {
  const found = table[host];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return found;
};

describe('push endpoint policy', () => {
  it.each(['8.8.8.8', '142.250.184.10', '2a00:1450:4003:80b::200a', '::ffff:8.8.8.8'])('counts %s as public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    '0.0.0.0', '0.1.2.3', '10.0.0.1', '100.64.0.1', '100.127.255.254', '127.0.0.1', '127.8.9.1', '169.254.169.254', '172.16.0.1',
    '172.31.255.255', '192.0.0.170', '192.0.2.1', '192.168.1.1', '198.18.0.1', '198.51.100.7', '203.0.113.9', '224.0.0.1',
    '239.255.255.250', '240.0.0.1', '255.255.255.255', '::', '::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '::ffff:169.254.169.254',
    '::127.0.0.1', '64:ff9b::a00:1', '2001:db8::1', '2002:7f00:1::1', 'fc00::1', 'fd12:3456::1', 'fe80::1', 'fec0::1', 'ff02::1',
    '100::1', 'não-é-endereço',
  ])('does not count %s as public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it('reads PUSH_ENDPOINT_ALLOWLIST entries and refuses what it does not understand', () => {
    expect(parseAllowlist(' fcm.googleapis.com, *.notify.windows.com ,127.0.0.1:8443,[::1]:9000,')).toEqual([
      { host: 'fcm.googleapis.com', subdomains: false, port: null },
      { host: 'notify.windows.com', subdomains: true, port: null },
      { host: '127.0.0.1', subdomains: false, port: 8443 },
      { host: '::1', subdomains: false, port: 9000 },
    ]);
    for (const bad of ['https://fcm.googleapis.com', 'a b', '*', 'host:99999', '[zz::1]']) expect(parseAllowlist(bad)).toEqual({ invalid: bad });
    expect(() => loadConfig({ DATA_DIR: '/tmp/fichas-config-test', PUSH_ENDPOINT_ALLOWLIST: 'fcm.googleapis.com,http://x' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: '/tmp/fichas-config-test', PUSH_ENDPOINT_ALLOWLIST: 'fcm.googleapis.com,http://x' })).toThrow(/PUSH_ENDPOINT_ALLOWLIST/);
    expect(loadConfig({ DATA_DIR: '/tmp/fichas-config-test' }).realtime.pushEndpointAllowlist).toEqual([]);
  });

  it('accepts a name only when every address it resolves to is public, and listed hosts as listed', async () => {
    const policy = createEndpointPolicy({
      allowlist: [
        { host: 'notify.windows.com', subdomains: true, port: null },
        { host: 'relay.interno', subdomains: false, port: 8443 },
      ],
      resolve: resolver({
        'fcm.googleapis.com': at('142.250.184.10', '2a00:1450:4003:80b::200a'),
        'meio.exemplo': at('8.8.8.8', '10.0.0.1'),
        'interno.exemplo': at('169.254.169.254'),
        'wns2-par02p.notify.windows.com': at('10.9.9.9'),
        'notify.windows.com': at('10.9.9.9'),
      }),
    });
    expect(await policy.check('https://fcm.googleapis.com/fcm/send/abc')).toEqual({ ok: true });
    expect(await policy.check('https://FCM.googleapis.com./fcm/send/abc')).toEqual({ ok: true });
    expect(await policy.check('https://meio.exemplo/x')).toMatchObject({ ok: false, lasting: false, reason: expect.stringContaining('10.0.0.1') as unknown });
    expect(await policy.check('https://interno.exemplo/x')).toMatchObject({ ok: false, lasting: false });
    expect(await policy.check('https://nao-existe.exemplo/x')).toMatchObject({ ok: false, lasting: false, reason: expect.stringContaining('does not resolve') as unknown });
    // Listed: accepted as listed, wherever it resolves; the apex of a *.domain entry is not listed.
    expect(await policy.check('https://wns2-par02p.notify.windows.com/w/?token=x')).toEqual({ ok: true });
    expect(await policy.check('https://notify.windows.com/x')).toMatchObject({ ok: false });
    expect(await policy.check('https://relay.interno:8443/x')).toEqual({ ok: true });
    expect(await policy.check('https://relay.interno/x')).toMatchObject({ ok: false });
    expect(await policy.check('http://fcm.googleapis.com/x')).toMatchObject({ ok: false, lasting: true });
  });
});

describe('sending to a push endpoint', () => {
  let server: TestServer;
  let receiver: PushReceiver;
  let userId: string;
  beforeAll(async () => {
    server = await startTestServer({ name: 'sqlite', available: true });
    receiver = await startPushReceiver();
    userId = (await server.db.selectFrom('usuarios').select('id').where('nome_usuario', '=', 'demo').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await receiver.close();
    await server.close();
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await server.db.deleteFrom('push_dispositivos').execute();
  });

  /** A device of the demo user whose endpoint is `https://{host}:{receiver port}{path}`. */
  async function device(host: string): Promise<{ path: string }> {
    const path = `/push/${crypto.randomUUID()}`;
    const subscription = fakeSubscription(`https://${host}:${receiver.port}${path}`);
    const now = new Date().toISOString();
    await server.db
      .insertInto('push_dispositivos')
      .values({
        id: crypto.randomUUID(),
        endpoint: subscription.endpoint,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
        usuario_id: userId,
        // Bound under a live session of the user (delivery skips any other: docs/security.md, "An ended session ends everywhere").
        sessao_id: crypto.randomUUID(),
        sessao_inicio: now,
        interesses: '[]',
        sdk_version: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return { path };
  }

  const delivery = (policy: Parameters<typeof createEndpointPolicy>[0], timeoutMs?: number) =>
    createWebPushDelivery({
      db: server.db,
      instanceId: 'instancia-teste',
      vapid: server.config.realtime.vapid,
      endpoints: createEndpointPolicy(policy),
      ca: PUSH_TLS.cert,
      ...(timeoutMs ? { timeoutMs } : {}),
    });

  it('connects where the policy resolves the name: a listed name reaches the stand-in push service', async () => {
    const { path } = await device('listado.push.test');
    const push = delivery({ allowlist: [{ host: 'listado.push.test', subdomains: false, port: receiver.port }], resolve: resolver({ 'listado.push.test': at('127.0.0.1') }) });
    await push.send([userId], messageSignal('Olá'));
    expect(receiver.received.filter((received) => received.path === path)).toHaveLength(1);
  });

  it('does not connect when a name accepted a moment ago now resolves to a private address (DNS rebinding)', async () => {
    const { path } = await device('muda.push.test');
    let asked = 0;
    // The check before the send sees a public address; the connection's own lookup then sees loopback.
    const rebinding: Resolve = async () => {
      asked += 1;
      return asked === 1 ? at('8.8.8.8') : at('127.0.0.1');
    };
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const push = delivery({ allowlist: [], resolve: rebinding, ports: [443, receiver.port] });
    await push.send([userId], messageSignal('Para dentro?'));
    expect(asked).toBeGreaterThanOrEqual(2);
    expect(receiver.received.some((received) => received.path === path)).toBe(false);
    expect(logged.mock.calls.some((call) => call.join(' ').includes('non-public address (127.0.0.1)'))).toBe(true);
    // A passing change of DNS does not cost the device.
    expect(await server.db.selectFrom('push_dispositivos').select('id').where('usuario_id', '=', userId).execute()).toHaveLength(1);
  });

  it('does not contact a device whose name resolves privately at send time', async () => {
    const { path } = await device('agora-interno.push.test');
    // Loopback, where the stand-in push service really listens (on a port the policy allows): only the policy's
    // refusal of a private address keeps the push from arriving there.
    const push = delivery({ allowlist: [], resolve: resolver({ 'agora-interno.push.test': at('127.0.0.1') }), ports: [443, receiver.port] });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await push.send([userId], messageSignal('Não'));
    expect(receiver.received.some((received) => received.path === path)).toBe(false);
    expect(logged.mock.calls.some((call) => call.join(' ').includes('127.0.0.1'))).toBe(true);
  });

  it('gives up on a push service that never answers after the time limit, and goes on', async () => {
    const { path } = await device('127.0.0.1');
    receiver.answer(path, 'silent');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const push = delivery({ allowlist: [{ host: '127.0.0.1', subdomains: false, port: receiver.port }] }, 300);
    await push.send([userId], messageSignal('Estás aí?'));
    expect(receiver.received.filter((received) => received.path === path)).toHaveLength(1);
    expect(logged.mock.calls.some((call) => call.join(' ').includes('failed'))).toBe(true);
  });
});
