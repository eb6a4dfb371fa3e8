import { expect, it, vi } from 'vitest';
import { MSG } from '../../../contract/messages.ts';
import { AuthUrlResponseSchema, CsrfResponseSchema, SessionSchema } from '../../../contract/schemas/auth.ts';
import { requireSession } from '../../../server/auth/session.ts';
import { browser, form, type Client } from './helpers/http.ts';
import { describeOnEachDb } from './helpers/matrix.ts';

async function csrf(client: Client): Promise<string> {
  const res = await client.request('/api/auth/csrf');
  expect(res.status).toBe(200);
  return CsrfResponseSchema.parse(await res.json()).csrfToken;
}

/** What the next-auth v4 client sends for signIn('credentials', {redirect: false, …}). */
async function signIn(client: Client, userData: string, password: string): Promise<Response> {
  const csrfToken = await csrf(client);
  return client.request(
    '/api/auth/callback/credentials',
    form({ userData, password, csrfToken, callbackUrl: 'http://localhost:8080/explorar', json: 'true' }),
  );
}

describeOnEachDb('Auth.js sign-in, session and sign-out (v4 client contract)', (server) => {
  it('answers GET session with {} when nobody is signed in', async () => {
    const res = await browser(server().app).request('/api/auth/session');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({});
    expect(res.headers.get('cache-control')).toContain('no-store');
  });

  it('signs in with a username, answers 200 {url} and sets the session cookie', async () => {
    const client = browser(server().app);
    const res = await signIn(client, 'demo', 'demo12345');
    expect(res.status).toBe(200);
    expect(AuthUrlResponseSchema.parse(await res.json()).url).toBe('http://localhost:8080/explorar');
    expect(client.jar.has('authjs.session-token')).toBe(true);

    const session = await client.request('/api/auth/session');
    const body = SessionSchema.parse(await session.json());
    const demo = await server().db.selectFrom('usuarios').select('id').where('nome_usuario', '=', 'demo').executeTakeFirstOrThrow();
    expect(body.user).toMatchObject({ id: demo.id, nomeUsuario: 'demo', role: 'usuario', name: 'Utilizador Demo' });
  });

  it('answers GET session without a new cookie while the cookie is less than a day old, and slides it after', async () => {
    const client = browser(server().app);
    const realNow = Date.now();
    // Signed in two days ago: the cookie is re-issued (a new expiry) on the next read of the session.
    vi.useFakeTimers({ toFake: ['Date'], now: realNow - 2 * 86_400_000 });
    try {
      expect((await signIn(client, 'demo', 'demo12345')).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
    const old = client.jar.cookies.get('authjs.session-token');
    const slid = await client.request('/api/auth/session');
    expect(SessionSchema.parse(await slid.json()).user).toMatchObject({ nomeUsuario: 'demo' });
    expect(slid.headers.getSetCookie().some((line) => line.startsWith('authjs.session-token='))).toBe(true);
    expect(client.jar.cookies.get('authjs.session-token')).not.toBe(old);

    // Fresh now: the same session, the same headers, no cookie.
    const fresh = await client.request('/api/auth/session');
    expect(fresh.status).toBe(200);
    expect(fresh.headers.getSetCookie()).toEqual([]);
    expect(fresh.headers.get('cache-control')).toContain('no-store');
    const body = SessionSchema.parse(await fresh.json());
    expect(body.user).toMatchObject({ nomeUsuario: 'demo', role: 'usuario', name: 'Utilizador Demo' });
    expect(Date.parse(body.expires)).toBeGreaterThan(realNow + 29 * 86_400_000);
  });

  it('signs in with the e-mail in any case and carries the moderator role', async () => {
    const client = browser(server().app);
    expect((await signIn(client, 'Moderador@Fichas.AO', 'moderador123')).status).toBe(200);
    const body = SessionSchema.parse(await (await client.request('/api/auth/session')).json());
    expect(body.user).toMatchObject({ nomeUsuario: 'moderador', role: 'moderador' });
  });

  it('signs in a user who just signed up', async () => {
    const client = browser(server().app);
    const signUp = await client.request('/api/auth/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        nome: 'Recém Chegado',
        nomeUsuario: 'recem_chegado',
        email: { email: 'recem@exemplo.ao' },
        numeroTelemovel: { numero: '923111222' },
        password: 'palavra-passe',
        passwordConfirmacao: 'palavra-passe',
      }),
    });
    expect(signUp.status).toBe(201);
    expect((await signIn(client, 'recem_chegado', 'palavra-passe')).status).toBe(200);
    const body = SessionSchema.parse(await (await client.request('/api/auth/session')).json());
    expect(body.user.nomeUsuario).toBe('recem_chegado');
  });

  it.each([
    ['a wrong password', 'demo', 'wrong-password'],
    ['an unknown user', 'ninguem_aqui', 'demo12345'],
    ['a password under 8 characters', 'demo', 'curta'],
  ])('answers %s with 401 and error=CredentialsSignin, without a session', async (_label, userData, password) => {
    const client = browser(server().app);
    const res = await signIn(client, userData, password);
    expect(res.status).toBe(401);
    const url = new URL(AuthUrlResponseSchema.parse(await res.json()).url);
    expect(url.pathname).toBe('/api/auth/error');
    expect(url.searchParams.get('error')).toBe('CredentialsSignin');
    expect(url.searchParams.get('provider')).toBe('credentials');
    expect(client.jar.has('authjs.session-token')).toBe(false);
    expect(await (await client.request('/api/auth/session')).json()).toEqual({});
  });

  it('does not sign in without the CSRF token', async () => {
    const client = browser(server().app);
    await csrf(client);
    const res = await client.request('/api/auth/callback/credentials', form({ userData: 'demo', password: 'demo12345', json: 'true' }));
    const url = new URL(AuthUrlResponseSchema.parse(await res.json()).url);
    expect(url.searchParams.get('error')).toBe('MissingCSRF');
    expect(client.jar.has('authjs.session-token')).toBe(false);
  });

  it('signs out: answers {url}, clears the cookie, and the session is {} again', async () => {
    const client = browser(server().app);
    await signIn(client, 'analista', 'analista123');
    const csrfToken = await csrf(client);
    const res = await client.request('/api/auth/signout', form({ csrfToken, callbackUrl: 'http://localhost:8080/', json: 'true' }));
    expect(res.status).toBe(200);
    expect(AuthUrlResponseSchema.parse(await res.json()).url).toBe('http://localhost:8080/');
    expect(client.jar.has('authjs.session-token')).toBe(false);
    expect(await (await client.request('/api/auth/session')).json()).toEqual({});
  });

  it('lists the credentials provider, and Google only when configured', async () => {
    const providers = (await (await browser(server().app).request('/api/auth/providers')).json()) as Record<string, unknown>;
    expect(Object.keys(providers)).toEqual(['credentials']);
  });

  it('answers the v4 client logger at POST _log with 200 {}', async () => {
    const log = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const res = await browser(server().app).request('/api/auth/_log', form({ level: 'error', code: 'CLIENT_FETCH_ERROR', client: 'true' }));
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({});
      expect(String(log.mock.calls[0]?.[0])).toContain('CLIENT_FETCH_ERROR');
    } finally {
      log.mockRestore();
    }
  });

  it('answers 404 for an unknown /api/auth path instead of passing it to Auth.js', async () => {
    const res = await browser(server().app).request('/api/auth/naoexiste');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ status: 'error', message: MSG.notFound });
  });

  it('uses secure cookie names behind an https proxy (X-Forwarded-Proto, TRUST_PROXY=on)', async () => {
    const client = browser(server().appWith({ trustProxy: true }));
    const csrfRes = await client.request('/api/auth/csrf', { headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'fichas.ao' } });
    const csrfToken = CsrfResponseSchema.parse(await csrfRes.json()).csrfToken;
    expect(client.jar.has('__Host-authjs.csrf-token')).toBe(true);
    const res = await client.request('/api/auth/callback/credentials', {
      ...form({ userData: 'demo', password: 'demo12345', csrfToken, callbackUrl: '/explorar', json: 'true' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'fichas.ao' },
    });
    expect(AuthUrlResponseSchema.parse(await res.json()).url).toBe('https://fichas.ao/explorar');
    expect(client.jar.has('__Secure-authjs.session-token')).toBe(true);
  });

  it('protects app routes with requireSession: 401 without a session, the user with one', async () => {
    const app = server().appWith({});
    app.get('/api/client/common/eu', requireSession, (c) => c.json({ status: 'success', message: '', user: c.get('user') }));
    const anonymous = await browser(app).request('/api/client/common/eu');
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ status: 'error', message: MSG.unauthenticated });

    const client = browser(app);
    await signIn(client, 'fichasoficial', 'oficial12345');
    const res = await client.request('/api/client/common/eu');
    expect(res.status).toBe(200);
    expect(((await res.json()) as { user: unknown }).user).toMatchObject({ nomeUsuario: 'fichasoficial', role: 'usuario' });
    const session = (await (await client.request('/api/auth/session')).json()) as { user: { conta?: unknown } };
    expect(session.user.conta).toBe('oficial');

    const forged = await browser(app).request('/api/client/common/eu', { headers: { cookie: 'authjs.session-token=forged' } });
    expect(forged.status).toBe(401);
  });
});
