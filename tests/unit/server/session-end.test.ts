import { encode } from '@auth/core/jwt';
import { expect, it } from 'vitest';
import { MSG } from '../../../contract/messages.ts';
import { SessionSchema } from '../../../contract/schemas/auth.ts';
import { browser, form, json, type Client } from './helpers/http.ts';
import { describeOnEachDb } from './helpers/matrix.ts';
import { csrf, newAccount } from './helpers/accounts.ts';
import type { TestServer } from './helpers/test-server.ts';

// Issue 10, item 5: sign-out, a password change and "sign out of every device" end sessions on the server, so a
// copy of the cookie taken before stops working.

const PROTECTED = '/api/client/common/conta/contactDetails';
const PASSWORD = 'segredo-antigo';




async function signIn(server: TestServer, userData: string, password = PASSWORD): Promise<Client> {
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
