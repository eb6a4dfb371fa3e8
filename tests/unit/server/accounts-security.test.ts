import type { Hono } from 'hono';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { MSG } from '../../../contract/messages.ts';
import { AuthUrlResponseSchema, SessionSchema } from '../../../contract/schemas/auth.ts';
import type { AppEnv } from '../../../server/hono-env.ts';
import { hashAccountToken } from '../../../server/auth/account-tokens.ts';
import { verifyPassword } from '../../../server/auth/password.ts';
import { csrf, newAccountRow, type TestAccount } from './helpers/accounts.ts';
import { startFakeGoogle, type FakeGoogle, type GoogleProfile } from './helpers/fake-google.ts';
import { browser, form, json, type Client } from './helpers/http.ts';
import { describeOnEachDb } from './helpers/matrix.ts';
import { startSmtpInbox, type SmtpInbox } from './helpers/smtp-inbox.ts';
import type { TestServer } from './helpers/test-server.ts';

// Account recovery and Google sign-in (docs/security.md), through a real SMTP server and a stand-in of Google's OpenID
// server: recovery answers alike for every identifier, reset and verification links work once, and a Google sign-in
// only enters an account whose address was verified.

const PROTECTED = '/api/client/common/conta/contactDetails';
/** Every request here comes from one address: the per-address limits (tested in rate-limits.test.ts) stay out of the way. */
const ROOMY_LIMITS = { env: { RATE_LIMIT_RECOVERY_ADDRESS: '1000/1h', RATE_LIMIT_RECOVERY_ACCOUNT: '1000/1h', RATE_LIMIT_SIGNUP_ADDRESS: '1000/1h' } };
const MAIL_FROM = 'Fichas <nao-responder@fichas.ao>';

let inbox: SmtpInbox;
let google: FakeGoogle;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  google = await startFakeGoogle();
});

afterAll(async () => {
  await inbox.close();
  await google.close();
});

let counter = 0;
function unique(prefix: string): string {
  counter += 1;
  return `${prefix}${counter}${Math.random().toString(36).slice(2, 6)}`;
}

async function accountWithPassword(server: TestServer, password: string): Promise<TestAccount> {
  return newAccountRow(server, 'conta', password, null);
}

async function signIn(app: Hono<AppEnv>, userData: string, password: string): Promise<{ client: Client; status: number }> {
  const client = browser(app);
  const csrfToken = await csrf(client);
  const res = await client.request(
    '/api/auth/callback/credentials',
    form({ userData, password, csrfToken, callbackUrl: 'http://localhost:8080/explorar', json: 'true' }),
  );
  return { client, status: res.status };
}

function linkIn(text: string, pattern: RegExp): string {
  const match = pattern.exec(text);
  if (!match?.[1]) throw new Error(`no link matching ${pattern} in:\n${text}`);
  return match[1];
}

describeOnEachDb('accounts: password recovery by mail', (server) => {
  let app: Hono<AppEnv>;
  beforeAll(() => {
    app = server().appWith({ mail: { smtpUrl: inbox.url, from: MAIL_FROM } });
  });
  const forgot = async (identifier: string, host?: string) => {
    const res = await browser(app).request(`/api/auth/forgotPassword/${encodeURIComponent(identifier)}`, host ? { host } : {});
    return { status: res.status, body: (await res.json()) as unknown };
  };

  it('answers a known and an unknown identifier alike; only the account gets a mail, with a single-use link to the app', async () => {
    const account = await accountWithPassword(server(), 'antiga-senha');
    const before = inbox.mails.length;
    const unknown = await forgot('ninguem_com_este_nome');
    const unknownMail = await forgot('ninguem@exemplo.ao');
    const known = await forgot(account.nomeUsuario);
    expect(known).toEqual({ status: 200, body: { status: 'success', message: MSG.recoverySent } });
    expect(unknown).toEqual(known);
    expect(unknownMail).toEqual(known);
    // The answer came after the SMTP server took the mail: exactly one arrived, for the account.
    expect(inbox.mails.length).toBe(before + 1);
    const mail = await inbox.next(account.email);
    expect(mail.raw).toContain(`From: ${MAIL_FROM}`);
    expect(mail.subject).toContain('recuperar a palavra passe');
    const token = linkIn(mail.text, /http:\/\/localhost:8080\/login\?redefinir=([A-Za-z0-9_-]+)/);

    // Only the token's SHA-256 is stored, valid one hour.
    const rows = await server().db.selectFrom('tokens_conta').selectAll().where('usuario_id', '=', account.id).execute();
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row?.token_hash).toBe(hashAccountToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(row?.finalidade).toBe('password');
    expect(Date.parse(row?.expira_em ?? '') - Date.parse(row?.created_at ?? '')).toBe(3_600_000);
  });

  it('says the mail could not be sent when the SMTP server cannot be reached, and never claims otherwise', async () => {
    const account = await accountWithPassword(server(), 'antiga-senha');
    const down = server().appWith({ mail: { smtpUrl: 'smtp://127.0.0.1:1', from: MAIL_FROM } });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const res = await browser(down).request(`/api/auth/forgotPassword/${account.nomeUsuario}`);
      expect(res.status).toBe(502);
      expect(await res.json()).toEqual({ status: 'error', message: MSG.forgotFailed });
      const logged = errors.mock.calls.map((call) => call.map(String).join(' ')).join('\n');
      expect(logged).not.toContain(account.email);
      // The link that was never delivered is withdrawn: it does not count as a recent send.
      expect(await server().db.selectFrom('tokens_conta').select('token_hash').where('usuario_id', '=', account.id).execute()).toEqual([]);
    } finally {
      errors.mockRestore();
    }
    // The SMTP server is back: the very next request sends the mail (it is not taken for a send a minute ago).
    const res = await forgot(account.nomeUsuario);
    expect(res.status).toBe(200);
    expect((await inbox.next(account.email)).text).toMatch(/\/login\?redefinir=/);
  });

  it('puts only its own origin in a link, whatever Host the request named', async () => {
    const account = await accountWithPassword(server(), 'antiga-senha');
    await forgot(account.nomeUsuario, 'atacante.example');
    expect((await inbox.next(account.email)).text).toMatch(/ http:\/\/localhost:8080\/login\?redefinir=/);

    const configured = server().appWith({ mail: { smtpUrl: inbox.url, from: MAIL_FROM }, publicUrls: ['https://fichas.ao', 'https://slipmates.com'] });
    const other = await accountWithPassword(server(), 'antiga-senha');
    await browser(configured).request(`/api/auth/forgotPassword/${other.nomeUsuario}`, { host: 'atacante.example' });
    expect((await inbox.next(other.email)).text).toMatch(/ https:\/\/fichas\.ao\/login\?redefinir=/);
    // On the English brand's own host, the English brand's link and language.
    const third = await accountWithPassword(server(), 'antiga-senha');
    await browser(configured).request(`/api/auth/forgotPassword/${third.nomeUsuario}`, { host: 'slipmates.com' });
    const english = await inbox.next(third.email);
    expect(english.text).toMatch(/ https:\/\/slipmates\.com\/login\?redefinir=/);
    expect(english.subject).toContain('reset your password');
  });

  it('sends one mail a minute per account, with the same answer', async () => {
    const account = await accountWithPassword(server(), 'antiga-senha');
    expect((await forgot(account.email)).status).toBe(200);
    await inbox.next(account.email);
    const before = inbox.mails.length;
    expect(await forgot(account.email)).toEqual({ status: 200, body: { status: 'success', message: MSG.recoverySent } });
    expect(inbox.mails.length).toBe(before);
  });

  it('sets a new password with the link once, ending every session; the old password and the link stop working', async () => {
    const account = await accountWithPassword(server(), 'antiga-senha');
    const signedIn = await signIn(app, account.nomeUsuario, 'antiga-senha');
    expect(signedIn.status).toBe(200);
    await forgot(account.nomeUsuario);
    const token = linkIn((await inbox.next(account.email)).text, /redefinir=([A-Za-z0-9_-]+)/);
    const reset = (body: unknown) => browser(app).request('/api/auth/redefinirPassword', json(body));

    const mismatch = await reset({ token, password: 'nova-senha-1', passwordConfirmacao: 'nova-senha-2' });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.json()).toEqual({ status: 'error', message: MSG.passwordMismatch });
    const short = await reset({ token, password: 'curta', passwordConfirmacao: 'curta' });
    expect(await short.json()).toEqual({ status: 'error', message: MSG.passwordMismatch });

    const ok = await reset({ token, password: 'nova-senha-1', passwordConfirmacao: 'nova-senha-1' });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ status: 'success', message: MSG.passwordChanged });
    const row = await server().db.selectFrom('usuarios').selectAll().where('id', '=', account.id).executeTakeFirstOrThrow();
    expect(await verifyPassword('nova-senha-1', row.password_hash)).toBe(true);
    // Following the link proved the address is the owner's.
    expect(row.email_verificado_em).not.toBeNull();

    expect((await signedIn.client.request(PROTECTED)).status).toBe(401);
    expect((await signIn(app, account.nomeUsuario, 'antiga-senha')).status).toBe(401);
    const fresh = await signIn(app, account.nomeUsuario, 'nova-senha-1');
    expect(fresh.status).toBe(200);
    expect((await fresh.client.request(PROTECTED)).status).toBe(200);

    const again = await reset({ token, password: 'outra-senha-1', passwordConfirmacao: 'outra-senha-1' });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ status: 'error', message: MSG.resetLinkInvalid });
  });

  it('refuses an expired, unknown or malformed link, and a request that is not JSON', async () => {
    const account = await accountWithPassword(server(), 'antiga-senha');
    await forgot(account.nomeUsuario);
    const token = linkIn((await inbox.next(account.email)).text, /redefinir=([A-Za-z0-9_-]+)/);
    await server().db.updateTable('tokens_conta').set({ expira_em: new Date(Date.now() - 1000).toISOString() }).where('usuario_id', '=', account.id).execute();
    const body = { password: 'nova-senha-1', passwordConfirmacao: 'nova-senha-1' };
    for (const candidate of [token, 'A'.repeat(43), 'curto', '../../etc']) {
      const res = await browser(app).request('/api/auth/redefinirPassword', json({ token: candidate, ...body }));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ status: 'error', message: MSG.resetLinkInvalid });
    }
    const notJson = await browser(app).request('/api/auth/redefinirPassword', form({ token, ...body }));
    expect(notJson.status).toBe(400);
    const row = await server().db.selectFrom('usuarios').select('password_hash').where('id', '=', account.id).executeTakeFirstOrThrow();
    expect(await verifyPassword('antiga-senha', row.password_hash)).toBe(true);
  });

  it('lets one link set one password when it is used twice at once', async () => {
    const account = await accountWithPassword(server(), 'antiga-senha');
    await forgot(account.nomeUsuario);
    const token = linkIn((await inbox.next(account.email)).text, /redefinir=([A-Za-z0-9_-]+)/);
    const answers = await Promise.all(
      ['primeira-senha', 'segunda-senha'].map((password) =>
        browser(app).request('/api/auth/redefinirPassword', json({ token, password, passwordConfirmacao: password })),
      ),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([200, 400]);
  });

  it('keeps only the newest link working', async () => {
    const account = await accountWithPassword(server(), 'antiga-senha');
    await forgot(account.nomeUsuario);
    const first = linkIn((await inbox.next(account.email)).text, /redefinir=([A-Za-z0-9_-]+)/);
    await server().db.updateTable('tokens_conta').set({ created_at: new Date(Date.now() - 120_000).toISOString() }).where('usuario_id', '=', account.id).execute();
    await forgot(account.nomeUsuario);
    const second = linkIn((await inbox.next(account.email)).text, /redefinir=([A-Za-z0-9_-]+)/);
    const body = { password: 'nova-senha-1', passwordConfirmacao: 'nova-senha-1' };
    expect((await browser(app).request('/api/auth/redefinirPassword', json({ token: first, ...body }))).status).toBe(400);
    expect((await browser(app).request('/api/auth/redefinirPassword', json({ token: second, ...body }))).status).toBe(200);
  });
}, ROOMY_LIMITS);

describeOnEachDb('accounts: e-mail verification', (server) => {
  let app: Hono<AppEnv>;
  beforeAll(() => {
    app = server().appWith({ mail: { smtpUrl: inbox.url, from: MAIL_FROM } });
  });

  async function signUp(): Promise<{ nomeUsuario: string; email: string; id: string }> {
    const nomeUsuario = unique('novo');
    const email = `${nomeUsuario}@exemplo.ao`;
    const res = await browser(app).request(
      '/api/auth/signup',
      json({
        nome: 'Nova Conta',
        nomeUsuario,
        email: { email },
        numeroTelemovel: { numero: '923000222' },
        password: 'segredo123',
        passwordConfirmacao: 'segredo123',
      }),
    );
    expect(res.status).toBe(201);
    const row = await server().db.selectFrom('usuarios').select(['id', 'email_verificado_em']).where('nome_usuario', '=', nomeUsuario).executeTakeFirstOrThrow();
    expect(row.email_verificado_em).toBeNull();
    return { nomeUsuario, email, id: row.id };
  }

  const verifiedAt = async (id: string) =>
    (await server().db.selectFrom('usuarios').select('email_verificado_em').where('id', '=', id).executeTakeFirstOrThrow()).email_verificado_em;

  it('mails a verification link at sign-up; following it once verifies the address (JSON when asked)', async () => {
    const account = await signUp();
    const mail = await inbox.next(account.email);
    expect(mail.subject).toContain('confirma o teu e-mail');
    const path = linkIn(mail.text, /http:\/\/localhost:8080(\/api\/auth\/verificarEmail\/[A-Za-z0-9_-]+)/);
    const row = await server().db.selectFrom('tokens_conta').selectAll().where('usuario_id', '=', account.id).executeTakeFirstOrThrow();
    expect(row.finalidade).toBe('email');
    expect(Date.parse(row.expira_em) - Date.parse(row.created_at)).toBe(24 * 3_600_000);

    const res = await browser(app).request(path, { headers: { accept: 'application/json' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'success', message: MSG.emailVerified });
    expect(await verifiedAt(account.id)).not.toBeNull();

    const again = await browser(app).request(path, { headers: { accept: 'application/json' } });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ status: 'error', message: MSG.emailLinkInvalid });
  });

  it('sends a browser that follows the link on to the app, or to the sign-in page when the link is no good', async () => {
    const account = await signUp();
    const path = linkIn((await inbox.next(account.email)).text, /(\/api\/auth\/verificarEmail\/[A-Za-z0-9_-]+)/);
    const res = await browser(app).request(path, { headers: { accept: 'text/html', 'sec-fetch-site': 'cross-site' } });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/explorar');
    expect(await verifiedAt(account.id)).not.toBeNull();
    const used = await browser(app).request(path, { headers: { accept: 'text/html' } });
    expect(used.headers.get('location')).toBe('/login?error=Verification');
    const unknown = await browser(app).request('/api/auth/verificarEmail/naoexiste', { headers: { accept: 'text/html' } });
    expect(unknown.headers.get('location')).toBe('/login?error=Verification');
  });

  it('refuses an expired link and verifies nothing', async () => {
    const account = await signUp();
    const path = linkIn((await inbox.next(account.email)).text, /(\/api\/auth\/verificarEmail\/[A-Za-z0-9_-]+)/);
    await server().db.updateTable('tokens_conta').set({ expira_em: new Date(Date.now() - 1000).toISOString() }).where('usuario_id', '=', account.id).execute();
    expect((await browser(app).request(path, { headers: { accept: 'application/json' } })).status).toBe(400);
    expect(await verifiedAt(account.id)).toBeNull();
  });

  it('mails a new link on request (at most one a minute) and says when the address is already verified', async () => {
    const account = await signUp();
    await inbox.next(account.email);
    const { client } = await signIn(app, account.nomeUsuario, 'segredo123');
    const ask = () => client.request('/api/client/common/conta/confirmarEmail', { method: 'POST' });
    const soon = await ask();
    expect(soon.status).toBe(429);
    expect(await soon.json()).toEqual({ status: 'error', message: MSG.verificationWait });

    await server().db.updateTable('tokens_conta').set({ created_at: new Date(Date.now() - 120_000).toISOString() }).where('usuario_id', '=', account.id).execute();
    const sent = await ask();
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ status: 'success', message: MSG.verificationSent });
    const path = linkIn((await inbox.next(account.email)).text, /(\/api\/auth\/verificarEmail\/[A-Za-z0-9_-]+)/);
    expect((await browser(app).request(path, { headers: { accept: 'application/json' } })).status).toBe(200);

    const details = (await (await client.request(PROTECTED)).json()) as { contactDetails: { email: { verificado: boolean } } };
    expect(details.contactDetails.email.verificado).toBe(true);
    expect(await (await ask()).json()).toEqual({ status: 'success', message: MSG.emailAlreadyVerified });
  });
}, ROOMY_LIMITS);

describeOnEachDb('accounts: Google sign-in takes over only a verified address', (server) => {
  let app: Hono<AppEnv>;
  beforeAll(() => {
    app = server().appWith({ google: { clientId: google.clientId, clientSecret: google.clientSecret, issuer: google.issuer } });
  });

  /** The whole browser round trip: sign-in POST, Google's consent (the stand-in), the callback. */
  async function googleSignIn(profile: GoogleProfile): Promise<{ client: Client; location: string }> {
    const client = browser(app);
    const csrfToken = await csrf(client);
    const start = await client.request('/api/auth/signin/google', form({ csrfToken, callbackUrl: 'http://localhost:8080/explorar', json: 'true' }));
    const authorize = new URL(AuthUrlResponseSchema.parse(await start.json()).url);
    expect(authorize.origin).toBe(google.issuer);
    expect(authorize.searchParams.get('client_id')).toBe(google.clientId);
    const code = google.issueCode(profile, authorize.searchParams.get('nonce'));
    const params = new URLSearchParams({ code });
    const state = authorize.searchParams.get('state');
    if (state) params.set('state', state);
    const callback = await client.request(`/api/auth/callback/google?${params}`);
    expect(callback.status).toBe(302);
    return { client, location: callback.headers.get('location') ?? '' };
  }

  const profileFor = (email: string, verified = true): GoogleProfile => ({
    sub: unique('google'),
    email,
    email_verified: verified,
    name: 'Pessoa Google',
  });

  it('lists Google among the providers when configured', async () => {
    const providers = (await (await browser(app).request('/api/auth/providers')).json()) as Record<string, unknown>;
    expect(Object.keys(providers).sort()).toEqual(['credentials', 'google']);
  });

  it('refuses to sign into an account registered in advance with an unverified address, and changes nothing', async () => {
    // The squatter signs up with the victim's address and knows the password.
    const squatted = await accountWithPassword(server(), 'senha-do-intruso');
    const users = async () => (await server().db.selectFrom('usuarios').select('id').execute()).length;
    const before = await users();

    const { client, location } = await googleSignIn(profileFor(squatted.email));
    expect(location).toBe('http://localhost:8080/login?error=OAuthAccountNotLinked');
    expect(client.jar.has('authjs.session-token')).toBe(false);
    expect(await (await client.request('/api/auth/session')).json()).toEqual({});
    expect(await users()).toBe(before);
    expect(MSG.googleLinkRefused).toContain('confirma o teu e-mail');
  });

  it('signs into that account once its owner verified the address', async () => {
    const owner = await accountWithPassword(server(), 'senha-do-dono');
    await server().db.updateTable('usuarios').set({ email_verificado_em: new Date().toISOString() }).where('id', '=', owner.id).execute();
    const { client, location } = await googleSignIn(profileFor(owner.email.toUpperCase()));
    expect(location).toBe('http://localhost:8080/explorar');
    const session = SessionSchema.parse(await (await client.request('/api/auth/session')).json());
    expect(session.user).toMatchObject({ id: owner.id, nomeUsuario: owner.nomeUsuario });
    expect((await client.request(PROTECTED)).status).toBe(200);
  });

  it('creates a new account with the trial and a verified address when none has it; signs into it again later', async () => {
    const email = `${unique('novo.google')}@gmail.com`;
    const first = await googleSignIn(profileFor(email));
    expect(first.location).toBe('http://localhost:8080/explorar');
    const row = await server().db.selectFrom('usuarios').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(row.email_verificado_em).not.toBeNull();
    expect(row.nome).toBe('Pessoa Google');
    const licence = await server().db.selectFrom('licencas').selectAll().where('usuario_id', '=', row.id).executeTakeFirstOrThrow();
    expect(licence.tipo).toBe('experimental');
    const session = SessionSchema.parse(await (await first.client.request('/api/auth/session')).json());
    expect(session.user.id).toBe(row.id);

    const second = await googleSignIn(profileFor(email));
    expect(SessionSchema.parse(await (await second.client.request('/api/auth/session')).json()).user.id).toBe(row.id);
  });

  it('refuses an address Google did not verify', async () => {
    const email = `${unique('nao.verificado')}@gmail.com`;
    const { client, location } = await googleSignIn(profileFor(email, false));
    expect(new URL(location).searchParams.get('error')).toBe('AccessDenied');
    expect(client.jar.has('authjs.session-token')).toBe(false);
    expect(await server().db.selectFrom('usuarios').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();
  });
});
