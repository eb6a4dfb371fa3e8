import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '../../../contract/messages.ts';
import { CsrfResponseSchema } from '../../../contract/schemas/auth.ts';
import { BatchResponseSchema } from '../../../contract/schemas/batch.ts';
import { ConversationResponseSchema } from '../../../contract/schemas/chats.ts';
import { CreateSlipResponseSchema } from '../../../contract/schemas/slips.ts';
import type { AppEnv } from '../../../server/hono-env.ts';
import { ConfigError, loadConfig } from '../../../server/config.ts';
import { addressKey } from '../../../server/security/rate-limit-address.ts';
import { parseRateLimit } from '../../../server/security/rate-limit-config.ts';
import { DbRateLimiter } from '../../../server/security/rate-limit-store.ts';
import { selectionFor, upcomingEventIds } from './helpers/betting.ts';
import { browser, form, json } from './helpers/http.ts';
import { describeOnEachDb } from './helpers/matrix.ts';
import { expectOk, idemKey, newUser, type Actor, type Answer } from './helpers/social.ts';

// Rate limits (docs/security.md) answer 429 with a Portuguese message and Retry-After, count in the database (so
// several server processes share them), and stop a script without getting in the way of normal use.

const CONVERSAS = '/api/client/common/conversas';

/** A browser at one client address (the suites that name addresses run with TRUST_PROXY=on). */
function at(app: Hono<AppEnv>, address: string) {
  const client = browser(app);
  const withAddress = (init: RequestInit = {}): RequestInit => ({
    ...init,
    headers: { ...(init.headers as Record<string, string> | undefined), 'x-forwarded-for': address },
  });
  let csrfToken: string | undefined;
  return {
    client,
    request: (path: string, init?: RequestInit) => client.request(path, withAddress(init)),
    async signIn(userData: string, password: string): Promise<Response> {
      csrfToken ??= CsrfResponseSchema.parse(await (await client.request('/api/auth/csrf', withAddress())).json()).csrfToken;
      const fields = { userData, password, csrfToken, callbackUrl: 'http://localhost:8080/explorar', json: 'true' };
      return client.request('/api/auth/callback/credentials', withAddress(form(fields)));
    },
  };
}

async function expectTooMany(response: Response | Answer, maxSeconds: number): Promise<void> {
  const body = response instanceof Response ? await response.json() : response.body;
  expect(response.status).toBe(429);
  expect(body).toEqual({ status: 'error', message: MSG.tooManyAttempts });
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
}

let signUps = 0;
function signUpBody(overrides: Record<string, unknown> = {}) {
  signUps += 1;
  return {
    fotografia: null,
    nome: 'Família Teste',
    nomeUsuario: `familia_${signUps}`,
    email: { email: `familia${signUps}@exemplo.ao` },
    numeroTelemovel: { numero: '923456789' },
    password: 'segredo123',
    passwordConfirmacao: 'segredo123',
    ...overrides,
  };
}

async function openConversation(a: Actor, b: Actor): Promise<string> {
  return expectOk(await a.get(`${CONVERSAS}/com/${b.nomeUsuario}`, { 'x-requested-with': 'fichas' }), ConversationResponseSchema).conversa.id;
}

describeOnEachDb(
  'rate limits at their production defaults',
  (server) => {
    // Each of these hashes a password a dozen times: a timeout sized for that on a busy machine, not a speed check.
    it('after 10 wrong passwords an account answers 429 with Retry-After, even to the right password; another account signs in', { timeout: 60_000 }, async () => {
      const script = at(server().app, '203.0.113.5');
      const statuses: number[] = [];
      for (let i = 0; i < 30; i += 1) {
        const res = await script.signIn('demo', `errada${i}xyz`);
        statuses.push(res.status);
        if (res.status === 429) await expectTooMany(res, 15 * 60);
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
      expect(statuses.slice(10)).toEqual(Array(20).fill(429));

      // The owner's right password waits too, from this address or any other, and by e-mail as by username.
      await expectTooMany(await script.signIn('demo', 'demo12345'), 15 * 60);
      await expectTooMany(await at(server().app, '192.0.2.44').signIn('DEMO@fichas.ao', 'demo12345'), 15 * 60);
      const owner = at(server().app, '192.0.2.45');
      await expectTooMany(await owner.signIn('demo', 'demo12345'), 15 * 60);
      expect(owner.client.jar.has('authjs.session-token')).toBe(false);

      const other = at(server().app, '198.51.100.7');
      expect((await other.signIn('moderador', 'moderador123')).status).toBe(200);
      expect(other.client.jar.has('authjs.session-token')).toBe(true);
    });

    it('lets 10 accounts be created in an hour from one address (form mistakes not counted), then 429; another address still signs up', { timeout: 60_000 }, async () => {
      const family = at(server().app, '203.0.113.20');
      const created: string[] = [];
      for (let i = 0; i < 10; i += 1) {
        const mistake = await family.request('/api/auth/signup', json(signUpBody({ passwordConfirmacao: 'outra1234' })));
        expect(mistake.status).toBe(400);
        const body = signUpBody();
        const res = await family.request('/api/auth/signup', json(body));
        expect(res.status).toBe(201);
        created.push(body.nomeUsuario);
      }
      const eleventh = signUpBody();
      await expectTooMany(await family.request('/api/auth/signup', json(eleventh)), 3600);

      const neighbour = signUpBody();
      expect((await at(server().app, '198.51.100.20').request('/api/auth/signup', json(neighbour))).status).toBe(201);
      const names = [...created, eleventh.nomeUsuario, neighbour.nomeUsuario];
      const rows = await server().db.selectFrom('usuarios').select('nome_usuario').where('nome_usuario', 'in', names).execute();
      expect(rows.map((r) => r.nome_usuario).sort()).toEqual([...created, neighbour.nomeUsuario].sort());
    });

    it('lets a user send 60 messages a minute: the 61st is 429, inside an outbox batch too; another user still sends', async () => {
      const [ana, beto, carla] = [await newUser(server(), 'ana'), await newUser(server(), 'beto'), await newUser(server(), 'carla')];
      const conversa = await openConversation(ana, beto);
      for (let i = 0; i < 60; i += 1) {
        expect((await ana.send('POST', `${CONVERSAS}/${conversa}/mensagens`, { mensagem: `mensagem ${i}` })).status).toBe(201);
      }
      await expectTooMany(await ana.send('POST', `${CONVERSAS}/com/${carla.nomeUsuario}/mensagens`, { mensagem: 'mais uma' }), 60);

      const batch = await ana.send('POST', '/api/client/common/lote', {
        pedidos: [{ method: 'POST', path: `${CONVERSAS}/${conversa}/mensagens`, body: { mensagem: 'da fila' }, idempotencyKey: 'rl-batch-1' }],
      });
      const [inner] = BatchResponseSchema.parse(batch.body).respostas;
      expect(inner).toMatchObject({ status: 429, body: { status: 'error', message: MSG.tooManyAttempts } });

      const stored = await server().db.selectFrom('mensagens').select('id').where('sender_id', '=', ana.id).execute();
      expect(stored).toHaveLength(60);
      expect((await beto.send('POST', `${CONVERSAS}/${conversa}/mensagens`, { mensagem: 'eu ainda posso' })).status).toBe(201);
    });
  },
  { env: { TRUST_PROXY: 'on' } },
);

describeOnEachDb(
  'rate limits configured through the environment',
  (server) => {
    it('counts every sign-in attempt per address, whatever the account; another address is unaffected', async () => {
      const script = at(server().app, '203.0.113.30');
      for (const name of ['ninguem_a', 'ninguem_b', 'ninguem_c', 'ninguem_d']) {
        expect((await script.signIn(name, 'qualquer123')).status).toBe(401);
      }
      await expectTooMany(await script.signIn('moderador', 'moderador123'), 15 * 60);
      expect((await at(server().app, '198.51.100.30').signIn('moderador', 'moderador123')).status).toBe(200);
    });

    it('forgets earlier failures once the owner signs in, and never counts an attempt whose password was not checked', async () => {
      const owner = at(server().app, '203.0.113.31');
      for (let i = 0; i < 2; i += 1) expect((await owner.signIn('analista', `errada${i}xyz`)).status).toBe(401);
      expect((await owner.signIn('analista', 'analista123')).status).toBe(200);

      // Without the CSRF token Auth.js refuses before looking at the password: neither limit is charged.
      const forged = at(server().app, '203.0.113.32');
      const authLog = vi.spyOn(console, 'error').mockImplementation(() => {});
      try {
        for (let i = 0; i < 6; i += 1) {
          const res = await forged.request('/api/auth/callback/credentials', form({ userData: 'analista', password: 'x1234567', json: 'true' }));
          expect(res.status).toBe(200);
        }
      } finally {
        authLog.mockRestore();
      }
      const again = at(server().app, '203.0.113.33');
      for (let i = 0; i < 3; i += 1) expect((await again.signIn('analista', `errada${i}xyz`)).status).toBe(401);
      await expectTooMany(await again.signIn('analista', 'analista123'), 15 * 60);
    });

    it('limits availability checks per address', async () => {
      const typing = at(server().app, '203.0.113.40');
      for (const name of ['ana', 'anab', 'anabe']) {
        expect((await typing.request(`/api/auth/isAvailable/nomeUsuario/${name}`)).status).toBe(200);
      }
      await expectTooMany(await typing.request('/api/auth/isAvailable/email/ana%40exemplo.ao'), 60);
      expect((await at(server().app, '198.51.100.40').request('/api/auth/isAvailable/nomeUsuario/ana')).status).toBe(200);
    });

    it('limits password recovery per identifier and per address', async () => {
      const forgetful = at(server().app, '203.0.113.50');
      for (let i = 0; i < 2; i += 1) expect((await forgetful.request('/api/auth/forgotPassword/demo')).status).toBe(200);
      // The same account asked from elsewhere is still limited; a different one from here is not (yet).
      await expectTooMany(await at(server().app, '198.51.100.50').request('/api/auth/forgotPassword/DEMO'), 3600);
      expect((await forgetful.request('/api/auth/forgotPassword/moderador')).status).toBe(200);
      await expectTooMany(await forgetful.request('/api/auth/forgotPassword/privilegiado'), 3600);
    });

    it('limits comments per user', async () => {
      const [owner, fan] = [await newUser(server(), 'dono'), await newUser(server(), 'fa')];
      const [eventId = ''] = await upcomingEventIds(server(), 1);
      const created = await owner.send(
        'POST',
        '/api/client/apostador/fichas/criarFicha',
        { ficha: [await selectionFor(server(), eventId, 'ft_result', 'draw')], valor: 100 },
        idemKey(),
      );
      const slipId = expectOk(created, CreateSlipResponseSchema, 201).ficha.id;
      const path = `/api/client/common/fichas/${slipId}/comentarios`;
      for (const texto of ['Boa!', 'Vou copiar']) expect((await fan.send('POST', path, { texto }, idemKey())).status).toBe(201);
      await expectTooMany(await fan.send('POST', path, { texto: 'Spam' }, idemKey()), 60);
      expect((await owner.send('POST', path, { texto: 'Obrigado' }, idemKey())).status).toBe(201);
    });

    it('holds a limit reached through one server on another server over the same database', async () => {
      const second = server().appWith({});
      const first = at(server().app, '203.0.113.60');
      for (const name of ['um1', 'um2', 'um3']) expect((await first.request(`/api/auth/isAvailable/nomeUsuario/${name}`)).status).toBe(200);
      await expectTooMany(await at(second, '203.0.113.60').request('/api/auth/isAvailable/nomeUsuario/um4'), 60);
    });

    it('lets a user act again once the window has passed, and not a moment before', async () => {
      // The limits' clock is moved along by hand (config.rateLimitClock) rather than waited for.
      let now = Date.parse('2026-03-01T10:00:00Z');
      const clocked = { ...server(), app: server().appWith({ rateLimitClock: () => now }) };
      const [ana, beto] = [await newUser(clocked, 'ana'), await newUser(clocked, 'beto')];
      const conversa = await openConversation(ana, beto);
      const send = () => ana.send('POST', `${CONVERSAS}/${conversa}/mensagens`, { mensagem: 'olá' });
      for (let i = 0; i < 2; i += 1) expect((await send()).status).toBe(201);
      await expectTooMany(await send(), 1);
      now += 999;
      await expectTooMany(await send(), 1);
      now += 1;
      expect((await send()).status).toBe(201);
    });
  },
  {
    env: {
      TRUST_PROXY: 'on',
      RATE_LIMIT_SIGNIN_ACCOUNT: '3/15m',
      RATE_LIMIT_SIGNIN_ADDRESS: '4/15m',
      RATE_LIMIT_AVAILABILITY_ADDRESS: '3/1m',
      RATE_LIMIT_RECOVERY_ADDRESS: '3/1h',
      RATE_LIMIT_RECOVERY_ACCOUNT: '2/1h',
      RATE_LIMIT_COMMENTS_USER: '2/1m',
      RATE_LIMIT_MESSAGES_USER: '2/1s',
    },
  },
);

describeOnEachDb(
  'the rate-limit store (a fixed-window counter in the rate_limits table)',
  (server) => {
    it('counts parallel attempts atomically: exactly the allowed number get through', async () => {
      const limiter = new DbRateLimiter({ db: server().db, keyPrefix: 'parallel', points: 5, duration: 60 });
      const results = await Promise.all(Array.from({ length: 20 }, () => limiter.consume('one-key')));
      expect(results.filter((r) => r.allowed)).toHaveLength(5);
      const row = await server().db.selectFrom('rate_limits').select('points').where('key', '=', 'parallel:one-key').executeTakeFirstOrThrow();
      expect(Number(row.points)).toBe(20);
    });

    it('starts a new window once a counter has expired', async () => {
      let now = Date.parse('2026-03-01T10:00:00Z');
      const limiter = new DbRateLimiter({ db: server().db, keyPrefix: 'clock', points: 2, duration: 60, now: () => now });
      await limiter.consume('k');
      await limiter.consume('k');
      await expect(limiter.consume('k')).resolves.toMatchObject({ allowed: false, remainingPoints: 0, msBeforeNext: 60_000 });
      now += 30_000;
      await expect(limiter.consume('k')).resolves.toMatchObject({ allowed: false, msBeforeNext: 30_000 });
      now += 30_001;
      expect(await limiter.get('k')).toBeNull();
      await expect(limiter.consume('k')).resolves.toEqual({ allowed: true, consumedPoints: 1, remainingPoints: 1, msBeforeNext: 60_000 });
      const row = await server().db.selectFrom('rate_limits').selectAll().where('key', '=', 'clock:k').executeTakeFirstOrThrow();
      expect({ points: Number(row.points), expire: Number(row.expire) }).toEqual({ points: 1, expire: now + 60_000 });
    });

    it('gives a point back within the window, never below zero, and forgets a deleted key', async () => {
      let now = Date.parse('2026-03-01T10:00:00Z');
      const limiter = new DbRateLimiter({ db: server().db, keyPrefix: 'reward', points: 2, duration: 60, now: () => now });
      await limiter.consume('k');
      await limiter.consume('k');
      await limiter.reward('k');
      expect(await limiter.get('k')).toEqual({ consumedPoints: 1, remainingPoints: 1, msBeforeNext: 60_000 });
      await limiter.reward('k');
      await limiter.reward('k');
      expect(await limiter.get('k')).toMatchObject({ consumedPoints: 0, remainingPoints: 2 });
      // A closed window has nothing to give back: the next window starts from nothing, not with a point in hand.
      await limiter.consume('k');
      now += 60_000;
      await limiter.reward('k');
      await limiter.consume('k');
      await limiter.consume('k');
      await expect(limiter.consume('k')).resolves.toMatchObject({ allowed: false, consumedPoints: 3 });
      expect(await limiter.delete('k')).toBe(true);
      expect(await limiter.get('k')).toBeNull();
      await expect(limiter.consume('k')).resolves.toMatchObject({ allowed: true, consumedPoints: 1 });
    });
  },
  { seed: false },
);

describeOnEachDb(
  'the client address of a real connection',
  (server) => {
    it('counts per socket address and ignores X-Forwarded-For unless TRUST_PROXY is on', async () => {
      const http = serve({ fetch: server().app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
      await new Promise<void>((resolve) => (http.listening ? resolve() : http.once('listening', () => resolve())));
      const { port } = http.address() as AddressInfo;
      const get = (localAddress: string, forwardedFor: string) =>
        new Promise<number>((resolve, reject) => {
          const req = httpRequest(
            { host: '127.0.0.1', port, localAddress, path: '/api/auth/isAvailable/nomeUsuario/alguem', headers: { 'x-forwarded-for': forwardedFor } },
            (res) => {
              res.resume();
              res.on('end', () => resolve(res.statusCode ?? 0));
            },
          );
          req.on('error', reject);
          req.end();
        });
      try {
        expect(await get('127.0.0.2', '10.0.0.1')).toBe(200);
        expect(await get('127.0.0.2', '10.0.0.2')).toBe(200);
        expect(await get('127.0.0.2', '10.0.0.3')).toBe(429);
        expect(await get('127.0.0.3', '10.0.0.3')).toBe(200);
      } finally {
        http.closeAllConnections();
        await new Promise<void>((resolve) => http.close(() => resolve()));
      }
    });
  },
  { seed: false, env: { RATE_LIMIT_AVAILABILITY_ADDRESS: '2/1m' } },
);

describe('rate-limit settings and address keys', () => {
  it('reads points/duration, and refuses anything else with a clear error naming the variable', () => {
    expect(parseRateLimit('10/1h')).toEqual({ points: 10, duration: 3600 });
    expect(parseRateLimit('120/1m')).toEqual({ points: 120, duration: 60 });
    for (const bad of ['10', '10/h', '0/1h', '10/0m', '-1/1h', '10 per hour', '10/1w']) expect(parseRateLimit(bad)).toBeNull();

    const dir = mkdtempSync(join(tmpdir(), 'fichas-rate-config-'));
    try {
      const base = { DATA_DIR: dir, AUTH_SECRET: 'a'.repeat(32) };
      const defaults = loadConfig(base);
      expect(defaults.trustProxy).toBe(false);
      expect(defaults.rateLimits).toMatchObject({
        signInAccount: { points: 10, duration: 900 },
        signUpAddress: { points: 10, duration: 3600 },
        availabilityAddress: { points: 120, duration: 60 },
      });
      expect(loadConfig({ ...base, RATE_LIMIT_SIGNUP_ADDRESS: '20/1d' }).rateLimits.signUpAddress).toEqual({ points: 20, duration: 86_400 });
      expect(() => loadConfig({ ...base, RATE_LIMIT_SIGNUP_ADDRESS: '10 per hour' })).toThrow(ConfigError);
      expect(() => loadConfig({ ...base, RATE_LIMIT_SIGNUP_ADDRESS: '10 per hour' })).toThrow(
        /RATE_LIMIT_SIGNUP_ADDRESS: expected points\/duration .* such as 10\/1h \(got "10 per hour"\)/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keys IPv4 as is, IPv4-mapped IPv6 as IPv4, and IPv6 by its /64', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey(' not an address ')).toBe('unknown');
    expect(addressKey(undefined)).toBe('unknown');
  });
});

