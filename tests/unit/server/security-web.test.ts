import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { Hono } from 'hono';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../../contract/messages.ts';
import { CsrfResponseSchema, MessageResponseSchema, type SessionUser } from '../../../contract/schemas/auth.ts';
import { BatchResponseSchema } from '../../../contract/schemas/batch.ts';
import { PaymentStartResponseSchema } from '../../../contract/schemas/licence.ts';
import type { AppEnv } from '../../../server/hono-env.ts';
import { API_BODY_LIMIT } from '../../../server/app.ts';
import { refuseUpgradeInMaintenance } from '../../../server/lib/maintenance.ts';
import { loadConfig } from '../../../server/config.ts';
import { idempotent, ok } from '../../../server/idempotency/idempotent.ts';
import { CLIENT_LOG_LINES_PER_MINUTE } from '../../../server/security/client-log.ts';
import { mutatingGetGuard } from '../../../server/security/csrf.ts';
import { WIDGET_SCRIPT_ORIGIN } from '../../../server/security/headers.ts';
import { LINK_GETS, MUTATING_GETS, READ_ONLY_GETS } from '../../../server/security/state-changing.ts';
import { browser, form } from './helpers/http.ts';
import { describeOnEachDb } from './helpers/matrix.ts';
import { createGroup, G } from './helpers/social-groups.ts';
import { actor, expectError, expectOk, idemKey, newUser, type Actor } from './helpers/social.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

// Cross-site requests, outbox batches, idempotency keys, the headers of personal pages, maintenance and the `_log`
// call (docs/security.md): every request here is built header by header, as the browser of the threat model would
// send it.

const ORIGIN = 'http://localhost:8080';
const HOST = 'localhost:8080';
const EVIL = 'https://evil.example';
const BATCH = '/api/client/common/lote';

interface Raw {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

/** Signs in through Auth.js with a seeded account, as the app does, and returns the session cookie. */
async function signInCookie(server: TestServer, userData: string, password: string): Promise<string> {
  const client = browser(server.app);
  const { csrfToken } = CsrfResponseSchema.parse(await (await client.request('/api/auth/csrf')).json());
  const res = await client.request('/api/auth/callback/credentials', form({ userData, password, csrfToken, callbackUrl: `${ORIGIN}/`, json: 'true' }));
  expect(res.status).toBe(200);
  return client.jar.header();
}

/** Exactly these headers (plus Host and the cookie): no app mark unless the test adds one. */
async function rawRequest(app: Hono<AppEnv>, cookie: string | null, path: string, init: Raw = {}): Promise<Response> {
  const headers = new Headers({ host: HOST, ...init.headers });
  if (cookie) headers.set('cookie', cookie);
  return app.request(`${ORIGIN}${path}`, { method: init.method ?? 'GET', headers, ...(init.body !== undefined ? { body: init.body } : {}) });
}

async function expectForbidden(response: Response, why: string): Promise<void> {
  expect(response.status, why).toBe(403);
  expect(await response.json(), why).toEqual({ status: 'error', message: MSG.forbidden });
}

/** A concrete path for a route pattern: every parameter becomes `x`. */
const samplePath = (pattern: string) => pattern.replace(/:[A-Za-z]+\??/g, 'x');

const directives = (policy: string | null) =>
  new Map((policy ?? '').split(';').map((part) => {
    const [name = '', ...values] = part.trim().split(/\s+/);
    return [name, values] as const;
  }));

/** A valid sign-up (the v4 client's shape), for the paths that must not reach the sign-up route. */
const signupBody = (nomeUsuario: string) => ({
  nome: 'Conta Forjada',
  nomeUsuario,
  email: { email: `${nomeUsuario}@exemplo.ao` },
  numeroTelemovel: { numero: '923000111' },
  password: 'segredo123',
  passwordConfirmacao: 'segredo123',
});

const sha256Source = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describeOnEachDb('security: cross-site requests, batches, idempotency keys, maintenance', (server) => {
  let cookie: string;
  let demo: Actor;
  const raw = (path: string, init?: Raw) => rawRequest(server().app, cookie, path, init);
  const memberIds = async (groupId: string) =>
    (await server().db.selectFrom('grupo_membros').select('usuario_id').where('grupo_id', '=', groupId).execute()).map((row) => row.usuario_id);

  beforeAll(async () => {
    cookie = await signInCookie(server(), 'demo', 'demo12345');
    demo = await actor(server(), 'demo');
  });

  describe('CSRF on every state-changing call', () => {
    it("a page on another site cannot make a signed-in victim add its author to the victim's group", async () => {
      const group = await createGroup(demo, { nome: 'Grupo da vítima' });
      const attacker = await newUser(server(), 'atacante');
      const path = `${G}/${group.id}/adicionarUsuario/${attacker.id}`;
      const attempts: [string, Record<string, string>][] = [
        ['a link or redirect on another site', { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' }],
        ['an <img> on a sibling host', { 'sec-fetch-site': 'same-site', 'sec-fetch-dest': 'image' }],
        ['a URL opened from outside any page', { 'sec-fetch-site': 'none' }],
        ['a browser without fetch metadata following a link', { referer: `${EVIL}/armadilha.html` }],
        ['a sandboxed frame', { origin: 'null' }],
        ['another origin even with the app header', { origin: EVIL, 'x-requested-with': 'fichas' }],
        ['no mark at all', {}],
      ];
      for (const [why, headers] of attempts) await expectForbidden(await raw(path, { headers }), why);
      expect(await memberIds(group.id)).not.toContain(attacker.id);

      // The app itself: its header, or a browser that says same-origin.
      expect((await raw(path, { headers: { 'x-requested-with': 'fichas' } })).status).toBe(200);
      const second = await newUser(server(), 'convidado');
      expect((await raw(`${G}/${group.id}/adicionarUsuario/${second.id}`, { headers: { 'sec-fetch-site': 'same-origin' } })).status).toBe(200);
      expect(await memberIds(group.id)).toEqual(expect.arrayContaining([attacker.id, second.id]));
    });

    it('refuses every listed mutating GET from another site before it reaches the handler', async () => {
      const paths = MUTATING_GETS.flatMap((pattern) => [samplePath(pattern), samplePath(pattern.replace(/\/:[A-Za-z]+\?$/, ''))]);
      for (const path of new Set(paths)) {
        await expectForbidden(await raw(path, { headers: { 'sec-fetch-site': 'cross-site' } }), path);
        await expectForbidden(await raw(path), `${path} without marks`);
        // HEAD runs the GET handler in Hono: it is guarded the same way (its 403 has no body).
        expect((await raw(path, { method: 'HEAD', headers: { 'sec-fetch-site': 'cross-site' } })).status, `HEAD ${path}`).toBe(403);
      }
    });

    it('knows every GET route of the client and auth APIs as a mutation, a mailed link or a read, and every listed mutation exists', () => {
      const routes = server().app.routes.filter((route) => route.method === 'GET' && /^\/api\/(client|auth)\//.test(route.path));
      const declared = new Set([...MUTATING_GETS, ...LINK_GETS, ...READ_ONLY_GETS]);
      expect(routes.map((route) => route.path).filter((path) => !declared.has(path))).toEqual([]);
      const handled = new Set(routes.filter((route) => route.handler !== mutatingGetGuard).map((route) => route.path));
      expect(MUTATING_GETS.filter((path) => !handled.has(path))).toEqual([]);
    });

    it('still refuses cross-site a mutation that nobody listed, in idempotent() itself', async () => {
      const user: SessionUser = { id: demo.id, nomeUsuario: 'demo', role: 'usuario', conta: null, name: null, email: null, image: null };
      const app = new Hono<AppEnv>();
      app.use(async (c, next) => {
        c.set('config', server().config);
        c.set('db', server().db);
        c.set('user', user);
        await next();
      });
      let effects = 0;
      app.get('/api/client/common/accaoNova', (c) =>
        idempotent(c, async () => {
          effects += 1;
          return ok(MessageResponseSchema, {});
        }),
      );
      await expectForbidden(await rawRequest(app, null, '/api/client/common/accaoNova', { headers: { 'sec-fetch-site': 'cross-site' } }), 'unlisted');
      expect(effects).toBe(0);
      expect((await rawRequest(app, null, '/api/client/common/accaoNova', { headers: { 'x-requested-with': 'fichas' } })).status).toBe(200);
      expect(effects).toBe(1);
    });

    it('refuses a form-encoded or text POST that carries none of the marks, and keeps JSON calls of the app working', async () => {
      const before = await server().db.selectFrom('grupos').select('id').execute();
      const sameSite = { 'sec-fetch-site': 'same-site', 'content-type': 'text/plain' };
      await expectForbidden(await raw(`${G}/criarGrupo`, { method: 'POST', headers: sameSite, body: JSON.stringify({ nome: 'Forjado' }) }), 'same-site');
      await expectForbidden(
        await raw(`${G}/criarGrupo`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ nome: 'Forjado' }) }),
        'no marks',
      );
      expect(await server().db.selectFrom('grupos').select('id').execute()).toHaveLength(before.length);
      const created = await raw(`${G}/criarGrupo`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ nome: 'Grupo legítimo', privado: false, allowedSenders: false }),
      });
      expect(created.status).toBe(201);
    });

    it('lets the payment page buttons work from our own page and nowhere else', async () => {
      const user = await newUser(server(), 'pagador');
      const start = await user.get('/api/client/common/licenca/renovarLicenca/mensal', idemKey());
      const id = PaymentStartResponseSchema.parse(start.body).respostaEmis.id;
      const confirm = `/api/client/public/pagamentos/emis/${id}/confirmar`;
      const formPost = { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' };
      const state = async () => (await server().db.selectFrom('pagamentos').select('estado').where('id', '=', id).executeTakeFirstOrThrow()).estado;

      await expectForbidden(await rawRequest(server().app, null, confirm, { method: 'POST', headers: { ...formPost, 'sec-fetch-site': 'cross-site', origin: EVIL } }), 'cross-site');
      await expectForbidden(await rawRequest(server().app, null, confirm, { method: 'POST', headers: { ...formPost, 'sec-fetch-site': 'same-site' } }), 'same-site');
      await expectForbidden(await rawRequest(server().app, null, confirm, { method: 'POST', headers: formPost }), 'no marks');
      expect(await state()).toBe('pendente');

      const paid = await rawRequest(server().app, null, confirm, {
        method: 'POST',
        headers: { ...formPost, 'sec-fetch-site': 'same-origin', origin: ORIGIN, referer: `${ORIGIN}/pagamentos/emis/${id}` },
      });
      expect(paid.status).toBe(200);
      expect(await paid.text()).toContain('Pagamento concluído');
      expect(await state()).toBe('concluido');
    });

    it('leaves Auth.js to its own CSRF token: signing in needs no app mark', async () => {
      expect(await signInCookie(server(), 'demo', 'demo12345')).toContain('authjs.session-token=');
    });

    it('believes X-Forwarded-* only with TRUST_PROXY=on when comparing Origin', async () => {
      const behindProxy = {
        method: 'POST',
        headers: {
          host: 'app.interno:8080',
          origin: 'https://fichas.ao',
          'x-forwarded-proto': 'https',
          'x-forwarded-host': 'fichas.ao',
          'content-type': 'application/json',
        },
        body: JSON.stringify({ nome: 'Via proxy', privado: false, allowedSenders: false }),
      };
      await expectForbidden(await rawRequest(server().app, cookie, `${G}/criarGrupo`, behindProxy), 'TRUST_PROXY off');
      expect((await rawRequest(server().appWith({ trustProxy: true }), cookie, `${G}/criarGrupo`, behindProxy)).status).toBe(201);
    });
  });

  describe('outbox batches', () => {
    let receiver: Actor;
    beforeAll(async () => {
      receiver = await actor(server(), 'moderador');
    });
    let counter = 0;
    const key = () => `seguranca:${Date.now()}:${++counter}`;
    const message = (text: string) => ({
      method: 'POST',
      path: `/api/client/common/conversas/com/${receiver.nomeUsuario}/mensagens`,
      body: { mensagem: text, imagens: [] },
      idempotencyKey: key(),
    });
    const stored = async (text: string) => (await server().db.selectFrom('mensagens').select('id').where('mensagem', '=', text).execute()).length;
    const batch = (body: unknown, headers: Record<string, string> = {}) =>
      raw(BATCH, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

    it('refuses a batch from another site before any item runs', async () => {
      const text = `lote-cross-${Date.now()}`;
      await expectForbidden(await batch({ pedidos: [message(text)] }, { 'sec-fetch-site': 'same-site' }), 'same-site batch');
      await expectForbidden(await batch({ pedidos: [message(text)] }, { origin: EVIL }), 'foreign origin');
      expect(await stored(text)).toBe(0);
    });

    it("judges each inner request on the batch's own headers: a mutating GET inside the app's batch works", async () => {
      const group = await createGroup(demo, { nome: 'Grupo do lote' });
      const guest = await newUser(server(), 'lotado');
      const res = await batch(
        { pedidos: [{ method: 'GET', path: `${G}/${group.id}/adicionarUsuario/${guest.id}`, idempotencyKey: key() }] },
        { 'sec-fetch-site': 'same-origin' },
      );
      const { respostas } = BatchResponseSchema.parse(await res.json());
      expect(respostas.map((r) => r.status)).toEqual([200]);
      expect(await memberIds(group.id)).toContain(guest.id);
    });

    it('normalises each path before checking it: no nested batch, whatever the spelling', async () => {
      const spellings = [
        '/api/client/common/./lote',
        '/api/client/common/%2e/lote',
        '/api/client/common/x/../lote',
        '/api/client/common/x/%2E%2E/lote',
        '/api/client/common/%6cote',
        '/api/client/common//lote',
        '/api/client/common/lote?x=1',
      ];
      for (const path of spellings) {
        const text = `aninhado-${Date.now()}-${counter}`;
        const res = await batch({ pedidos: [{ method: 'POST', path, body: { pedidos: [message(text)] }, idempotencyKey: key() }] }, { 'x-requested-with': 'fichas' });
        const { respostas } = BatchResponseSchema.parse(await res.json());
        expect(respostas.map((r) => r.status), path).toEqual([400]);
        expect(await stored(text), path).toBe(0);
      }
    });

    it('never leaves the session API: no sign-up, no public payment button', async () => {
      const nomeUsuario = `lote${randomBytes(3).toString('hex')}`;
      const signup = signupBody(nomeUsuario);
      for (const path of ['/api/client/../auth/signup', '/api/client/%2e%2e/auth/signup', '/api/client/common/../../auth/signup']) {
        const res = await batch({ pedidos: [{ method: 'POST', path, body: signup, idempotencyKey: key() }] }, { 'x-requested-with': 'fichas' });
        expect(BatchResponseSchema.parse(await res.json()).respostas.map((r) => r.status), path).toEqual([400]);
      }
      expect(await server().db.selectFrom('usuarios').select('id').where('nome_usuario', '=', nomeUsuario).execute()).toEqual([]);

      const user = await newUser(server(), 'lotepag');
      const id = PaymentStartResponseSchema.parse((await user.get('/api/client/common/licenca/renovarLicenca/mensal', idemKey())).body).respostaEmis.id;
      const res = await batch(
        { pedidos: [{ method: 'POST', path: `/api/client/public/pagamentos/emis/${id}/confirmar`, idempotencyKey: key() }] },
        { 'x-requested-with': 'fichas' },
      );
      expect(BatchResponseSchema.parse(await res.json()).respostas.map((r) => r.status)).toEqual([400]);
      expect((await server().db.selectFrom('pagamentos').select('estado').where('id', '=', id).executeTakeFirstOrThrow()).estado).toBe('pendente');
    });

    it('bounds a batch: at most 25 items and the API body limit for the whole', async () => {
      expectError(await demo.send('POST', BATCH, { pedidos: Array.from({ length: 26 }, () => message('x')) }), 400, MSG.invalidRequest);
      const huge = { pedidos: [{ ...message('grande'), body: { mensagem: 'x'.repeat(API_BODY_LIMIT), imagens: [] } }] };
      expect((await batch(huge, { 'x-requested-with': 'fichas' })).status).toBe(413);
      expect(await stored('grande')).toBe(0);
    });
  });

  describe('idempotency keys scoped to their request', () => {
    let sender: Actor;
    let receiver: Actor;
    let other: Actor;
    beforeAll(async () => {
      sender = await newUser(server(), 'chave');
      receiver = await newUser(server(), 'destino');
      other = await newUser(server(), 'outro');
    });
    const to = (who: Actor) => `/api/client/common/conversas/com/${who.nomeUsuario}/mensagens`;
    const texts = async (prefix: string) =>
      (await server().db.selectFrom('mensagens').select('mensagem').where('mensagem', 'like', `${prefix}%`).execute()).map((row) => row.mensagem).sort();

    it('answers 422 to a key reused for another body, path or method, and never with the other call', async () => {
      const prefix = `chave-${Date.now()}`;
      const headers = idemKey();
      const first = await sender.send('POST', to(receiver), { mensagem: `${prefix}-a`, imagens: [] }, headers);
      expect(first.status).toBe(201);
      expectError(await sender.send('POST', to(receiver), { mensagem: `${prefix}-b`, imagens: [] }, headers), 422, MSG.idempotencyKeyReused);
      expectError(await sender.send('POST', to(other), { mensagem: `${prefix}-a`, imagens: [] }, headers), 422, MSG.idempotencyKeyReused);
      expectError(await sender.get('/api/client/common/licenca/activarLicenca', headers), 422, MSG.idempotencyKeyReused);
      expect(await texts(prefix)).toEqual([`${prefix}-a`]);

      const again = await sender.send('POST', to(receiver), { mensagem: `${prefix}-a`, imagens: [] }, headers);
      expect(again.status).toBe(201);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.body).toEqual(first.body);
    });

    it('treats one entry sent alone and then inside a batch as the same request', async () => {
      const prefix = `mesma-${Date.now()}`;
      const headers = idemKey();
      const single = await sender.raw(to(receiver), {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: `{ "mensagem": "${prefix}", "imagens": [] }`,
      });
      expect(single.status).toBe(201);
      const res = await sender.send('POST', BATCH, {
        pedidos: [{ method: 'POST', path: to(receiver), body: { mensagem: prefix, imagens: [] }, idempotencyKey: headers['idempotency-key'] }],
      });
      const { respostas } = expectOk(res, BatchResponseSchema);
      expect(respostas.map((r) => [r.status, r.replayed])).toEqual([[201, true]]);
      expect(await texts(prefix)).toEqual([prefix]);
    });

    it('replays a key stored before fingerprints existed as it always did', async () => {
      const key = `antiga:${Date.now()}`;
      const body = { status: 'success', message: '', antiga: true };
      await server().db.insertInto('idempotency').values({ user_id: sender.id, key, status: 201, body: JSON.stringify(body), created_at: new Date().toISOString(), fingerprint: null }).execute();
      const res = await sender.send('POST', to(receiver), { mensagem: 'qualquer', imagens: [] }, { 'idempotency-key': key });
      expect(res.status).toBe(201);
      expect(res.body).toEqual(body);
      expect(res.headers.get('idempotent-replayed')).toBe('true');
    });
  });

  describe('maintenance mode closes every way in and every write', () => {
    let closed: Hono<AppEnv>;
    beforeAll(() => {
      closed = server().appWith({ maintenance: true });
    });
    const expectMaintenance = async (response: Response, why: string) => {
      expect(response.status, why).toBe(503);
      expect(await response.json(), why).toEqual({ status: 'error', message: MSG.maintenance });
    };

    it('refuses sign-up, sign-in and password recovery with 503, and keeps the session readable', async () => {
      const nomeUsuario = `manut${randomBytes(3).toString('hex')}`;
      const signup = await rawRequest(closed, null, '/api/auth/signup', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'fichas' },
        body: JSON.stringify(signupBody(nomeUsuario)),
      });
      await expectMaintenance(signup, 'signup');
      expect(await server().db.selectFrom('usuarios').select('id').where('nome_usuario', '=', nomeUsuario).execute()).toEqual([]);

      const client = browser(closed);
      const { csrfToken } = CsrfResponseSchema.parse(await (await client.request('/api/auth/csrf')).json());
      await expectMaintenance(
        await client.request('/api/auth/callback/credentials', form({ userData: 'demo', password: 'demo12345', csrfToken, callbackUrl: `${ORIGIN}/`, json: 'true' })),
        'sign-in',
      );
      await expectMaintenance(await client.request('/api/auth/signin/google', form({ csrfToken, callbackUrl: `${ORIGIN}/`, json: 'true' })), 'google');
      await expectMaintenance(await client.request('/api/auth/forgotPassword/demo'), 'recovery');

      const session = await rawRequest(closed, cookie, '/api/auth/session');
      expect(session.status).toBe(200);
      expect(await session.json()).toMatchObject({ user: { nomeUsuario: 'demo' } });
      expect((await rawRequest(closed, null, '/api/client/public/estado')).status).toBe(200);
    });

    it('refuses realtime and push authorisation and device registration', async () => {
      const me = await server().db.selectFrom('usuarios').select('id').where('nome_usuario', '=', 'demo').executeTakeFirstOrThrow();
      await expectMaintenance(
        await rawRequest(closed, cookie, '/api/auth/pusher', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
          body: new URLSearchParams({ socket_id: '1.2', channel_name: `presence-${me.id}` }).toString(),
        }),
        'pusher',
      );
      await expectMaintenance(await rawRequest(closed, cookie, `/api/auth/beams/?user_id=${me.id}`), 'beams token');
      const instance = server().config.realtime.beams.instanceId;
      await expectMaintenance(
        await rawRequest(closed, null, `/api/beams/device_api/v1/instances/${instance}/devices/web`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ token: 'https://push.example/x', metadata: {} }),
        }),
        'device registration',
      );
    });

    it("refuses the payment page's buttons and shows the page without them", async () => {
      const user = await newUser(server(), 'manutpag');
      const id = PaymentStartResponseSchema.parse((await user.get('/api/client/common/licenca/renovarLicenca/mensal', idemKey())).body).respostaEmis.id;
      const page = await rawRequest(closed, null, `/pagamentos/emis/${id}`);
      expect(page.status).toBe(503);
      const html = await page.text();
      expect(html).toContain('Em manutenção');
      expect(html).not.toContain('<form');
      const confirm = await rawRequest(closed, null, `/api/client/public/pagamentos/emis/${id}/confirmar`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin', origin: ORIGIN, accept: 'application/json' },
      });
      await expectMaintenance(confirm, 'confirmar');
      expect((await server().db.selectFrom('pagamentos').select('estado').where('id', '=', id).executeTakeFirstOrThrow()).estado).toBe('pendente');
    });

    it('gives the WebSocket upgrade handler a 503 to answer with', () => {
      const socket = new PassThrough();
      let written = '';
      socket.on('data', (chunk: Buffer) => {
        written += chunk.toString();
      });
      expect(refuseUpgradeInMaintenance(false, socket)).toBe(false);
      expect(written).toBe('');
      expect(refuseUpgradeInMaintenance(true, socket)).toBe(true);
      expect(written).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r\n/);
      expect(written).toContain(MSG.maintenance);
    });
  });

  describe('headers of pages with personal data', () => {
    it('lets the payment page be framed only by the app itself, with its inline code allowed by hash', async () => {
      const user = await newUser(server(), 'moldura');
      const id = PaymentStartResponseSchema.parse((await user.get('/api/client/common/licenca/renovarLicenca/mensal', idemKey())).body).respostaEmis.id;
      const pending = await rawRequest(server().app, null, `/pagamentos/emis/${id}`);
      expect(pending.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(pending.headers.get('cache-control')).toBe('no-store');
      const policy = directives(pending.headers.get('content-security-policy'));
      expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
      expect(policy.get('default-src')).toEqual(["'none'"]);
      const style = /<style>([\s\S]*?)<\/style>/.exec(await pending.text())?.[1] ?? '';
      expect(policy.get('style-src')).toContain(sha256Source(style));

      const done = await rawRequest(server().app, null, `/api/client/public/pagamentos/emis/${id}/confirmar`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin', origin: ORIGIN, accept: 'text/html' },
      });
      const script = /<script>([\s\S]*?)<\/script>/.exec(await done.text())?.[1] ?? '';
      expect(script).toContain('postMessage');
      const after = directives(done.headers.get('content-security-policy'));
      expect(after.get('script-src')).toEqual([sha256Source(script)]);
      expect(done.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    });

    it('marks every personal answer no-store and every API answer unframeable and inert', async () => {
      for (const path of ['/api/client/common/grupos', '/api/client/common/licenca', '/api/auth/session', '/api/client/common/perfil/mostrarMeuPerfil']) {
        const res = await raw(path, { headers: { 'x-requested-with': 'fichas' } });
        expect(res.status, path).toBe(200);
        expect(res.headers.get('cache-control'), path).toBe('no-store');
        expect(res.headers.get('x-frame-options'), path).toBe('DENY');
        expect(directives(res.headers.get('content-security-policy')).get('frame-ancestors'), path).toEqual(["'none'"]);
      }
    });
  });
});

// Headers of the app shell and the client log do not depend on the database engine: once, on SQLite.
describe('security: app shell headers, proxies and the client log', () => {
  const TEMPLATE = `<!doctype html>
<html lang="%LANG%">
  <head>
    <title>%BRAND_NAME%</title>
    <style>
      html,body{margin:0;background:%BACKGROUND%}
    </style>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ name: 'sqlite', available: true }, { seed: false });
    mkdirSync(server.config.staticDir, { recursive: true });
    writeFileSync(join(server.config.staticDir, 'index.html'), TEMPLATE);
  });
  afterAll(() => server.close());
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  const page = (app: Hono<AppEnv>, headers: Record<string, string> = {}) => rawRequest(app, null, '/', { headers: { accept: 'text/html', ...headers } });

  it('serves the app shell with a strict policy: no inline script, its boot style by hash, no framing', async () => {
    const res = await page(server.app);
    expect(res.status).toBe(200);
    const html = await res.text();
    const policy = directives(res.headers.get('content-security-policy'));
    const scriptSrc = policy.get('script-src') ?? [];
    expect(scriptSrc).toEqual(["'self'", WIDGET_SCRIPT_ORIGIN]);
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    expect(style).toContain('background:#');
    expect(policy.get('style-src')).toContain(sha256Source(style));
    expect(policy.get('style-src')).not.toContain("'unsafe-inline'");
    expect(policy.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
    expect(policy.get('connect-src')).toEqual(expect.arrayContaining(["'self'", `ws://${HOST}`, `wss://${HOST}`]));
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('strict-transport-security')).toBeNull();

    // A revalidation keeps the stored policy (and its hashes) rather than replacing it with one that lacks them.
    const etag = res.headers.get('etag') ?? '';
    const revalidated = await page(server.app, { 'if-none-match': etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('content-security-policy')).toBeNull();
  });

  it("allows the sports widget loader the app really uses", () => {
    const source = readFileSync(join(import.meta.dirname, '../../../src/components/events/LiveWidget.tsx'), 'utf8');
    const loader = /https:\/\/[^'"`]+/.exec(source)?.[0] ?? '';
    expect(new URL(loader).origin).toBe(WIDGET_SCRIPT_ORIGIN);
  });

  it('allows the hosted Pusher and Beams hosts only when they are configured', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fichas-csp-'));
    try {
      const hosted = loadConfig({
        DATA_DIR: dir,
        AUTH_SECRET: randomBytes(24).toString('hex'),
        PUSHER_MODE: 'hosted',
        PUSHER_APP_ID: '123',
        PUSHER_KEY: 'chave',
        PUSHER_SECRET: 'segredo-longo',
        BEAMS_INSTANCE_ID: 'instancia-1',
        BEAMS_SECRET_KEY: 'segredo-beams',
      }).realtime;
      const connect = directives((await page(server.appWith({ realtime: hosted }))).headers.get('content-security-policy')).get('connect-src');
      expect(connect).toEqual(["'self'", 'wss://ws-eu.pusher.com', 'https://instancia-1.pushnotifications.pusher.com', 'https://*.sportradar.com']);
      const embedded = directives((await page(server.app)).headers.get('content-security-policy')).get('connect-src') ?? [];
      expect(embedded.filter((source) => source.includes('pusher'))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('never writes a Host header that could open a new directive into the policy', async () => {
    const res = await page(server.app, { host: 'localhost;script-src' });
    expect(res.headers.get('content-security-policy')).not.toContain('script-src;');
    expect((directives(res.headers.get('content-security-policy')).get('script-src') ?? []).join(' ')).not.toContain('localhost');
  });

  it('believes X-Forwarded-Proto and X-Forwarded-Host only with TRUST_PROXY=on (brand and HSTS)', async () => {
    const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'en.localhost:8080' };
    const untrusted = await page(server.app, forwarded);
    expect(await untrusted.text()).toContain('<html lang="pt">');
    expect(untrusted.headers.get('strict-transport-security')).toBeNull();

    const trusted = await page(server.appWith({ trustProxy: true }), forwarded);
    expect(await trusted.text()).toContain('<html lang="en">');
    expect(trusted.headers.get('strict-transport-security')).toBe('max-age=31536000');
    const api = await rawRequest(server.appWith({ trustProxy: true }), null, '/api/client/public/estado', { headers: forwarded });
    expect(api.headers.get('strict-transport-security')).toBe('max-age=31536000');
  });

  describe('POST /api/auth/_log', () => {
    const post = (body: string) =>
      rawRequest(server.app, null, '/api/auth/_log', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });

    it('writes one line with no newline, control or bidi character, whatever is posted', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 3_600_000);
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      const code = 'CLIENT_FETCH_ERROR\n[server] GET /api/admin 200 \u202eforjado\u0000\r\u2028';
      const res = await post(new URLSearchParams({ level: 'error\nfalso', code }).toString());
      expect(res.status).toBe(200);
      const lines = warn.mock.calls.map((call) => call.join(' '));
      expect(lines).toEqual(['[auth][client] log CLIENT_FETCH_ERRORserverGETapiadmin200forjado']);
    });

    it('refuses a body over 2 KB without logging it', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 7_200_000);
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      const res = await post(`level=error&code=${'A'.repeat(3000)}`);
      expect(res.status).toBe(413);
      expect(warn).not.toHaveBeenCalled();
    });

    it(`writes at most ${CLIENT_LOG_LINES_PER_MINUTE} lines a minute`, async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const start = Date.now() + 10_800_000;
      vi.setSystemTime(start);
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      for (let i = 0; i < CLIENT_LOG_LINES_PER_MINUTE + 10; i += 1) expect((await post('level=error&code=INUNDACAO')).status).toBe(200);
      expect(warn).toHaveBeenCalledTimes(CLIENT_LOG_LINES_PER_MINUTE);
      vi.setSystemTime(start + 61_000);
      await post('level=warn&code=DEPOIS');
      expect(warn.mock.calls.slice(CLIENT_LOG_LINES_PER_MINUTE).map((call) => call.join(' '))).toEqual([
        '[auth][client] 10 entries dropped in the last minute',
        '[auth][client] warn DEPOIS',
      ]);
    });
  });
});
