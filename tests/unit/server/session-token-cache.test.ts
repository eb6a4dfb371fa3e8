import { decode } from '@auth/core/jwt';
import { Hono } from 'hono';
import type { KyselyPlugin } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../../contract/messages.ts';
import { SessionSchema } from '../../../contract/schemas/auth.ts';
import type { AppEnv } from '../../../server/hono-env.ts';
import { getSessionUser, readSessionToken, requireSession } from '../../../server/auth/session.ts';
import { endSession, endSessionsBefore } from '../../../server/auth/session-revocation.ts';
import { keptTokens, KeptTokens, readKey, type KeptToken } from '../../../server/auth/token-cache.ts';
import { browser, form, type Client } from './helpers/http.ts';
import { describeOnEachDb } from './helpers/matrix.ts';
import { csrf, newAccount } from './helpers/accounts.ts';
import type { TestServer } from './helpers/test-server.ts';

// For the server's throughput (DESIGN §10): what Auth.js read from the session cookie is kept by the request's headers,
// and nothing else about the session is: an ended, expired or altered session is refused at once, cached decode or not.

const COOKIE = 'authjs.session-token';

const SECRET = 'a-test-secret-of-enough-length-0123456789';

function readOf(sub: string, exp = Math.floor(Date.now() / 1000) + 3600): KeptToken {
  return { token: { sub, sid: `sid-${sub}`, authAt: 1, exp }, cookieName: COOKIE, secure: false };
}

const keyOf = (value: string) => readKey(false, `${COOKIE}=${value}`, '');

describe('KeptTokens', () => {
  it('gives back what was kept under the same headers and secret, as a copy', () => {
    const kept = new KeptTokens();
    kept.set(keyOf('a'), SECRET, readOf('u1'));
    const first = kept.get(keyOf('a'), SECRET);
    expect(first?.token.sub).toBe('u1');
    if (first) first.token.sub = 'changed';
    expect(kept.get(keyOf('a'), SECRET)?.token.sub).toBe('u1');
    expect(kept.get(keyOf('b'), SECRET)).toBeNull();
    expect(kept.get(keyOf('a'), `${SECRET}-other`)).toBeNull();
  });

  it('keys on every header Auth.js reads and on the cookie name tried first', () => {
    const keys = new Set([
      readKey(false, 'a=1', ''),
      readKey(true, 'a=1', ''),
      readKey(false, 'a=1', 'Bearer x'),
      readKey(false, '', 'Bearer xa=1'),
      readKey(false, 'a=1; b=2', ''),
    ]);
    expect(keys.size).toBe(5);
  });

  it('keeps at most `max` entries and `maxChars` characters of keys, the least recently used going first', () => {
    const kept = new KeptTokens({ max: 3 });
    for (const name of ['a', 'b', 'c']) kept.set(keyOf(name), SECRET, readOf(name));
    // 'a' used again: 'b' is now the least recently used.
    expect(kept.get(keyOf('a'), SECRET)).not.toBeNull();
    kept.set(keyOf('d'), SECRET, readOf('d'));
    kept.set(keyOf('e'), SECRET, readOf('e'));
    expect(kept.size).toBe(3);
    expect(kept.has(keyOf('a'))).toBe(true);
    expect(kept.has(keyOf('b'))).toBe(false);
    expect(kept.has(keyOf('c'))).toBe(false);
    for (let i = 0; i < 50; i += 1) kept.set(keyOf(`many${i}`), SECRET, readOf(`many${i}`));
    expect(kept.size).toBe(3);

    const long = 'x'.repeat(1000);
    const byChars = new KeptTokens({ maxChars: 2500 });
    for (const name of ['a', 'b', 'c']) byChars.set(keyOf(`${name}${long}`), SECRET, readOf(name));
    expect(byChars.size).toBe(2);
    expect(byChars.chars).toBeLessThanOrEqual(2500);
    expect(byChars.has(keyOf(`a${long}`))).toBe(false);
    byChars.set(keyOf('y'.repeat(3000)), SECRET, readOf('huge'));
    expect(byChars.has(keyOf('y'.repeat(3000)))).toBe(false);
    expect(byChars.size).toBe(2);
  });

  it('drops an entry once its token has expired, and after its time in memory', () => {
    let now = Date.now();
    const kept = new KeptTokens({ ttlMs: 60_000, now: () => now });
    kept.set(keyOf('short'), SECRET, readOf('short', Math.floor(now / 1000) + 30));
    kept.set(keyOf('long'), SECRET, readOf('long'));
    now += 31_000;
    expect(kept.get(keyOf('short'), SECRET)).toBeNull();
    expect(kept.has(keyOf('short'))).toBe(false);
    expect(kept.get(keyOf('long'), SECRET)?.token.sub).toBe('long');
    now += 60_000;
    expect(kept.get(keyOf('long'), SECRET)).toBeNull();
    expect(kept.size).toBe(0);
    expect(kept.chars).toBe(0);
  });
});

const PROTECTED = '/api/client/common/conta/contactDetails';
const PASSWORD = 'segredo-da-cache';



async function signIn(server: TestServer): Promise<Client> {
  const client = browser(server.app);
  const userData = await newAccount(server, 'cache', PASSWORD);
  const csrfToken = await csrf(client);
  const res = await client.request(
    '/api/auth/callback/credentials',
    form({ userData, password: PASSWORD, csrfToken, callbackUrl: 'http://localhost:8080/explorar', json: 'true' }),
  );
  expect(res.status).toBe(200);
  return client;
}

function cookieOf(client: Client): string {
  const value = client.jar.cookies.get(COOKIE);
  if (!value) throw new Error('no session cookie');
  return value;
}

async function withCookie(server: TestServer, value: string, path: string): Promise<Response> {
  return server.app.request(`http://localhost:8080${path}`, { headers: { cookie: `${COOKIE}=${value}`, 'x-requested-with': 'fichas' } });
}

/** Reads the session and a protected route with this cookie: both accept it, and its decode is now kept. */
async function expectAccepted(server: TestServer, value: string): Promise<void> {
  expect(SessionSchema.parse(await (await withCookie(server, value, '/api/auth/session')).json()).user.id).toBeTruthy();
  expect((await withCookie(server, value, PROTECTED)).status).toBe(200);
  expect(keptTokens.has(keyOf(value))).toBe(true);
}

async function expectRefused(server: TestServer, value: string): Promise<void> {
  expect(await (await withCookie(server, value, '/api/auth/session')).json()).toEqual({});
  const res = await withCookie(server, value, PROTECTED);
  expect(res.status).toBe(401);
  expect(await res.json()).toEqual({ status: 'error', message: MSG.unauthenticated });
}

describeOnEachDb('the session cookie, read through the cache of decoded tokens', (server) => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sign-out refuses a copy of the cookie at once, though its decode is kept', async () => {
    const client = await signIn(server());
    const copied = cookieOf(client);
    await expectAccepted(server(), copied);
    const out = await client.request('/api/auth/signout', form({ csrfToken: await csrf(client), callbackUrl: 'http://localhost:8080/', json: 'true' }));
    expect(out.status).toBe(200);
    expect(keptTokens.has(keyOf(copied))).toBe(true);
    await expectRefused(server(), copied);
  });

  it('signed out through one app, a copy of the cookie is refused at once by another app on the same database', async () => {
    const other = server().appWith({});
    const client = await signIn(server());
    const copied = cookieOf(client);
    const onOther = (path: string) =>
      other.request(`http://localhost:8080${path}`, { headers: { cookie: `${COOKIE}=${copied}`, 'x-requested-with': 'fichas' } });
    expect(SessionSchema.parse(await (await onOther('/api/auth/session')).json()).user.id).toBeTruthy();
    expect((await onOther(PROTECTED)).status).toBe(200);
    const out = await client.request('/api/auth/signout', form({ csrfToken: await csrf(client), callbackUrl: 'http://localhost:8080/', json: 'true' }));
    expect(out.status).toBe(200);
    expect(await (await onOther('/api/auth/session')).json()).toEqual({});
    expect((await onOther(PROTECTED)).status).toBe(401);
  });

  it('a session ended elsewhere (another process writing the same database) is refused on the next call', async () => {
    const client = await signIn(server());
    const value = cookieOf(client);
    await expectAccepted(server(), value);
    const token = await readSessionTokenOf(server(), value);
    // What sign-out and "sign out of every device" write, straight into the database as another process would.
    await endSession(server().db, String(token.sub), String(token.sid), token.exp);
    await expectRefused(server(), value);

    const other = cookieOf(await signIn(server()));
    await expectAccepted(server(), other);
    const otherToken = await readSessionTokenOf(server(), other);
    await endSessionsBefore(server().db, String(otherToken.sub), new Date(Date.now() + 1000));
    await expectRefused(server(), other);
  });

  it('an altered cookie is refused while the real one is kept', async () => {
    const value = cookieOf(await signIn(server()));
    await expectAccepted(server(), value);
    const at = Math.floor(value.length / 2);
    const altered = `${value.slice(0, at)}${value[at] === 'A' ? 'B' : 'A'}${value.slice(at + 1)}`;
    await expectRefused(server(), altered);
    expect(keptTokens.has(keyOf(altered))).toBe(false);
    await expectAccepted(server(), value);
  });

  it('an expired cookie is refused, though its decode was kept moments before', async () => {
    const signedInAt = Date.now() - 31 * 86_400_000;
    vi.useFakeTimers({ toFake: ['Date'], now: signedInAt });
    const client = await signIn(server());
    const value = cookieOf(client);
    // Five seconds before the 30-day expiry: accepted, and kept.
    vi.setSystemTime(signedInAt + 30 * 86_400_000 - 5_000);
    expect((await withCookie(server(), value, PROTECTED)).status).toBe(200);
    expect(keptTokens.has(keyOf(value))).toBe(true);
    // Twenty seconds after it (beyond Auth.js's 15 s tolerance), well within the entry's time in memory.
    vi.setSystemTime(signedInAt + 30 * 86_400_000 + 20_000);
    await expectRefused(server(), value);
  });

  it('one request reads the cookie and asks the database once, however many times it asks; the next asks again', async () => {
    let queries = 0;
    const counter: KyselyPlugin = {
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        queries += 1;
        return args.result;
      },
    };
    const db = server().db.withPlugin(counter);
    const app = new Hono<AppEnv>();
    app.use(async (c, next) => {
      c.set('config', server().config);
      c.set('db', db);
      await next();
    });
    app.get('/twice', requireSession, async (c) => {
      const again = await getSessionUser(c);
      const token = await readSessionToken(c);
      return c.json({ same: again?.id === c.get('user').id && token?.token.sub === again?.id });
    });
    const client = await signIn(server());
    const value = cookieOf(client);
    const ask = () => app.request('http://localhost:8080/twice', { headers: { cookie: `${COOKIE}=${value}` } });

    const first = await ask();
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ same: true });
    expect(queries).toBe(1);
    expect((await ask()).status).toBe(200);
    expect(queries).toBe(2);

    const token = await readSessionTokenOf(server(), value);
    await endSession(server().db, String(token.sub), String(token.sid), token.exp);
    expect((await ask()).status).toBe(401);
  });
});

/** The decoded token behind a cookie value, as the app reads it. */
async function readSessionTokenOf(server: TestServer, value: string) {
  const payload = await decode({ token: value, secret: server.config.authSecret, salt: COOKIE });
  if (!payload) throw new Error('undecodable cookie');
  return payload;
}
