import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it, vi } from 'vitest';
import { MSG } from '../../../contract/messages.ts';
import { IsAvailableResponseSchema, MessageResponseSchema, SignUpResponseSchema } from '../../../contract/schemas/auth.ts';
import { browser, json, ORIGIN } from './helpers/http.ts';
import { describeOnEachDb } from './helpers/matrix.ts';

const PNG_1PX =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

let counter = 0;
/** A valid sign-up for the pt host (which asks for a phone), unique per call. */
function validSignUp(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    fotografia: null,
    nome: 'Joana Teste',
    nomeUsuario: `joana_${counter}`,
    email: { email: `joana${counter}@exemplo.ao` },
    numeroTelemovel: { numero: '923 456 789' },
    password: 'segredo123',
    passwordConfirmacao: 'segredo123',
    ...overrides,
  };
}

describeOnEachDb('POST /api/auth/signup', (server) => {
  const signUp = (body: unknown, host?: string) =>
    browser(server().app).request('/api/auth/signup', { ...json(body), ...(host ? { host } : {}) });

  it('creates the user, answers 201 with novoUsuario, and starts a 3-day trial licence', async () => {
    const res = await signUp(validSignUp({ nomeUsuario: 'Joana.Nova', email: { email: 'Joana.Nova@Exemplo.AO' }, fotografia: PNG_1PX }));
    expect(res.status).toBe(201);
    const body = SignUpResponseSchema.parse(await res.json());
    expect(body.status).toBe('success');
    expect(body.message).toBe(MSG.signUpSuccess);
    expect(body.novoUsuario).toMatchObject({ nome: 'Joana Teste', nomeUsuario: 'joananova', role: 'usuario', fotografia: PNG_1PX });

    const { db } = server();
    const user = await db.selectFrom('usuarios').selectAll().where('id', '=', body.novoUsuario.id).executeTakeFirstOrThrow();
    expect(user.email).toBe('joana.nova@exemplo.ao');
    expect(user.telefone).toBe('923456789');
    expect(user.password_hash).not.toContain('segredo123');
    const licences = await db.selectFrom('licencas').selectAll().where('usuario_id', '=', user.id).execute();
    expect(licences).toHaveLength(1);
    const [licence] = licences;
    expect(licence?.estado).toBe('habilitada');
    expect(Date.parse(licence?.expira_em ?? '') - Date.parse(user.created_at)).toBe(3 * 86_400_000);
  });

  it.each([
    ['a name under 3 characters', { nome: 'Jo' }, MSG.nameLength],
    ['a username under 3 characters after normalising', { nomeUsuario: 'a!' }, MSG.usernameLength],
    ['a username over 20 characters', { nomeUsuario: 'a'.repeat(21) }, MSG.usernameLength],
    ['an e-mail without a domain', { email: { email: 'joana@' } }, MSG.emailInvalid],
    ['a phone that is not 9 digits', { numeroTelemovel: { numero: '92345' } }, MSG.phoneInvalid],
    ['no phone on the brand that asks for one', { numeroTelemovel: undefined }, MSG.phoneInvalid],
    ['a password under 8 characters', { password: 'curta', passwordConfirmacao: 'curta' }, MSG.passwordMismatch],
    ['a confirmation that differs', { passwordConfirmacao: 'segredo124' }, MSG.passwordMismatch],
  ])('refuses %s with 400 and the rule message', async (_label, overrides, message) => {
    const res = await signUp(validSignUp(overrides));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { status: string; message: string; campos: Record<string, string> };
    expect(body).toMatchObject({ status: 'error', message });
    expect(Object.values(body.campos)).toEqual([message]);
  });

  it('answers every broken rule and the taken name and e-mail at once, each under its field, the first as the message', async () => {
    const res = await signUp(
      validSignUp({ nome: 'J', nomeUsuario: 'Demo', email: { email: 'DEMO@fichas.ao' }, numeroTelemovel: { numero: '92345' }, passwordConfirmacao: 'outra1234' }),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      status: 'error',
      message: MSG.nameLength,
      campos: {
        nome: MSG.nameLength,
        nomeUsuario: MSG.usernameTaken,
        email: MSG.emailTaken,
        numeroTelemovel: MSG.phoneInvalid,
        passwordConfirmacao: MSG.passwordMismatch,
      },
    });
  });

  it('tells a broken username rule, not its being taken, and a short password once', async () => {
    const res = await signUp(validSignUp({ nomeUsuario: 'x', password: '1', passwordConfirmacao: '1' }));
    expect(await res.json()).toEqual({
      status: 'error',
      message: MSG.usernameLength,
      campos: { nomeUsuario: MSG.usernameLength, password: MSG.passwordMismatch },
    });
  });

  it('does not ask for a phone on the English brand', async () => {
    const res = await signUp(validSignUp({ numeroTelemovel: undefined }), 'en.localhost:8080');
    expect(res.status).toBe(201);
  });

  it('refuses a username or e-mail that is already taken, whatever the case', async () => {
    const byName = await signUp(validSignUp({ nomeUsuario: 'DEMO' }));
    expect(byName.status).toBe(400);
    expect(await byName.json()).toEqual({ status: 'error', message: MSG.usernameTaken, campos: { nomeUsuario: MSG.usernameTaken } });
    const byEmail = await signUp(validSignUp({ email: { email: 'Demo@Fichas.ao' } }));
    expect(byEmail.status).toBe(400);
    expect(await byEmail.json()).toEqual({ status: 'error', message: MSG.emailTaken, campos: { email: MSG.emailTaken } });
  });

  it("refuses the official account's English alias as a handle, on either host: on en it would read as the official account", async () => {
    for (const host of ['localhost:8080', 'en.localhost:8080']) {
      const res = await signUp(validSignUp({ nomeUsuario: 'SlipmatesOfficial' }), host);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ status: 'error', message: MSG.usernameTaken, campos: { nomeUsuario: MSG.usernameTaken } });
    }
  });

  it.each([
    ['over 1,000,000 bytes', `data:image/png;base64,iVBORw0KGgo${'A'.repeat(1_340_000)}`],
    ['not an image type', 'data:text/plain;base64,aGVsbG8gd29ybGQh'],
    ['bytes that are not the declared type', 'data:image/png;base64,/9j/4AAQSkZJRgABAQAAAQABAAD'],
    ['not a data URL at all', 'https://example.com/photo.png'],
  ])('answers 413 with the image message for a photo %s', async (_label, fotografia) => {
    const res = await signUp(validSignUp({ fotografia }));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ status: 'error', message: MSG.imageProblem });
  });

  it('answers 413 to a body over the limit without reading it all', async () => {
    const res = await signUp(validSignUp({ fotografia: `data:image/png;base64,${'A'.repeat(3_000_000)}` }));
    expect(res.status).toBe(413);
    expect(MessageResponseSchema.parse(await res.json()).message).toBe(MSG.imageProblem);
  });

  it('answers 400 (never 500) to malformed JSON or the wrong shape', async () => {
    const client = browser(server().app);
    const broken = await client.request('/api/auth/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"nome": "Jo',
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ status: 'error', message: MSG.invalidRequest });
    const wrongShape = await signUp(validSignUp({ email: 'joana@exemplo.ao' }));
    expect(wrongShape.status).toBe(400);
    expect(await wrongShape.json()).toEqual({ status: 'error', message: MSG.invalidRequest });
  });

  it('stores an existing referrer and ignores an unknown one', async () => {
    const { db } = server();
    const demo = await db.selectFrom('usuarios').select('id').where('nome_usuario', '=', 'demo').executeTakeFirstOrThrow();
    const referred = SignUpResponseSchema.parse(await (await signUp(validSignUp({ referrer: 'Demo' }))).json());
    const unknown = await signUp(validSignUp({ referrer: 'ninguem_aqui' }));
    expect(unknown.status).toBe(201);
    const stranger = SignUpResponseSchema.parse(await unknown.json());
    const rows = await db
      .selectFrom('usuarios')
      .select(['id', 'referrer_id'])
      .where('id', 'in', [referred.novoUsuario.id, stranger.novoUsuario.id])
      .execute();
    expect(rows.find((r) => r.id === referred.novoUsuario.id)?.referrer_id).toBe(demo.id);
    expect(rows.find((r) => r.id === stranger.novoUsuario.id)?.referrer_id).toBeNull();
  });

  it('refuses a sign-up posted from another site (Origin check) and creates nothing', async () => {
    const body = validSignUp();
    const res = await browser(server().app).request('/api/auth/signup', json(body, { origin: 'https://evil.example' }));
    expect(res.status).toBe(403);
    const sameSite = await browser(server().app).request('/api/auth/signup', json(validSignUp(), { origin: ORIGIN }));
    expect(sameSite.status).toBe(201);
    const created = await server().db.selectFrom('usuarios').select('id').where('nome_usuario', '=', body.nomeUsuario).execute();
    expect(created).toHaveLength(0);
  });
});

describeOnEachDb('availability and password recovery', (server) => {
  const get = async (path: string) => {
    const res = await browser(server().app).request(path);
    return { status: res.status, body: (await res.json()) as unknown };
  };

  it('says a taken username is unavailable, after normalising it', async () => {
    for (const name of ['demo', 'DEMO', 'Démo']) {
      const { status, body } = await get(`/api/auth/isAvailable/nomeUsuario/${encodeURIComponent(name)}`);
      expect(status).toBe(200);
      expect(IsAvailableResponseSchema.parse(body)).toEqual({ status: 'success', message: '', disponivel: false });
    }
    const free = await get('/api/auth/isAvailable/nomeUsuario/ninguem_tem_isto');
    expect(IsAvailableResponseSchema.parse(free.body).disponivel).toBe(true);
  });

  it('says a taken e-mail is unavailable in any case, and a free one is available', async () => {
    const taken = await get(`/api/auth/isAvailable/email/${encodeURIComponent('DEMO@fichas.ao')}`);
    expect(IsAvailableResponseSchema.parse(taken.body).disponivel).toBe(false);
    const free = await get(`/api/auth/isAvailable/email/${encodeURIComponent('livre@exemplo.ao')}`);
    expect(IsAvailableResponseSchema.parse(free.body).disponivel).toBe(true);
  });

  it('answers a recovery request alike for a known and an unknown account; only the known one gets a mail', async () => {
    const log = vi.spyOn(console, 'info').mockImplementation(() => {});
    const mailDir = join(server().config.dataDir, 'mail');
    const mails = () => (existsSync(mailDir) ? readdirSync(mailDir).length : 0);
    try {
      const before = mails();
      const known = await get(`/api/auth/forgotPassword/${encodeURIComponent('Analista@Fichas.ao')}`);
      expect(mails()).toBe(before + 1);
      const unknown = await get('/api/auth/forgotPassword/ninguem_aqui');
      expect(mails()).toBe(before + 1);
      expect(unknown).toEqual(known);
      expect(known).toEqual({ status: 200, body: { status: 'success', message: MSG.recoverySent } });
      // Without SMTP_URL the mail is a file, and the log says where, not to whom.
      const logged = log.mock.calls.map((call) => call.map(String).join(' ')).join('\n');
      expect(logged).toContain(mailDir);
      expect(logged).not.toMatch(/analista|@fichas\.ao/i);
    } finally {
      log.mockRestore();
    }
  });

  it('answers 400 for an empty identifier', async () => {
    for (const path of ['/api/auth/forgotPassword/', '/api/auth/forgotPassword', '/api/auth/forgotPassword/%20%21']) {
      expect(await get(path)).toEqual({ status: 400, body: { status: 'error', message: MSG.forgotIdentifier } });
    }
  });
});
