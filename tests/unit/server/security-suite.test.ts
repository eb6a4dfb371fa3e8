import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { MSG } from '../../../contract/messages.ts';
import { SignUpRequestSchema } from '../../../contract/schemas/auth.ts';
import { BatchRequestSchema } from '../../../contract/schemas/batch.ts';
import { SendMessageRequestSchema } from '../../../contract/schemas/chats.ts';
import { CreateGroupRequestSchema, UpdateGroupRequestSchema } from '../../../contract/schemas/groups.ts';
import { ActivationRequestSchema, LicenceDecisionSchema } from '../../../contract/schemas/licence.ts';
import { MarkNotificationsReadRequestSchema } from '../../../contract/schemas/notifications.ts';
import { RegisterDeviceRequestSchema } from '../../../contract/schemas/push.ts';
import { PusherAuthRequestSchema, TriggerRequestSchema } from '../../../contract/schemas/realtime.ts';
import { SendRewardRequestSchema } from '../../../contract/schemas/rewards.ts';
import { ModeratorEventRequestSchema } from '../../../contract/schemas/rooms.ts';
import { AccountUpdateRequestSchema, PasswordChangeRequestSchema } from '../../../contract/schemas/settings.ts';
import { AddSelectionRequestSchema, CommentRequestSchema, CreateSlipRequestSchema } from '../../../contract/schemas/slips.ts';
import { hashPassword, verifyPassword } from '../../../server/auth/password.ts';
import { CpuWorkInTransactionError, transaction } from '../../../server/db/transaction.ts';
import { newAccountRow } from './helpers/accounts.ts';
import { jsonSchemaOf, plausible } from '../helpers/schema-samples.ts';
import { startLiveServer, type LiveServer } from './helpers/live-server.ts';
import { describeOnEachDb } from './helpers/matrix.ts';
import { appPath, RawClient } from './helpers/pusher-client.ts';
import { actor, anonymous, idemKey, newUser, snapshot, type Actor, type Answer } from './helpers/social.ts';
import { createGroup, G } from './helpers/social-groups.ts';
import type { TestServer } from './helpers/test-server.ts';

// The security suite of docs/security.md: every route the app registers, taken from the router itself so a new
// route cannot be left out, checked for the role matrix (SPEC §6), hostile input generated from the contract's
// request schemas, and cross-site attempts on every call that changes state. It prints one line of figures.

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';
interface Route {
  method: Method;
  path: string;
}

const ID = '00000000-0000-4000-8000-000000000001';

/** The spec's GETs that change state (SPEC §7), and the app's own: each must be refused cross-site like a POST. */
const MUTATING_GETS = [
  '/api/client/common/conversas/setUnreadMessageToFalse',
  '/api/client/common/conversas/:id/shareToChat',
  '/api/client/common/grupos/salas/:id/shareToRoom',
  '/api/client/common/grupos/:id/shareToGroup',
  '/api/client/common/grupos/:id/sairDoGrupo',
  '/api/client/common/grupos/:id/entrar',
  '/api/client/common/grupos/:id/adicionarUsuario/:userId',
  '/api/client/common/grupos/:id/removerUsuario/:userId',
  '/api/client/common/grupos/:id/setAdmin/:userId',
  '/api/client/common/grupos/:id/unsetAdmin/:userId',
  '/api/client/common/grupos/:id/subscrever/:plan',
  '/api/client/common/contacto/criarNumeroVerifyToken',
  '/api/client/common/contacto/verifyNumeroTelemovel/:token',
  '/api/client/common/licenca/activarLicenca',
  '/api/client/common/licenca/renovarLicenca/:plan',
  '/api/client/common/licenca/comprarLicenca/:id',
  '/api/client/common/licenca/usarCodigoLicenca/:code',
];

/** Request bodies by route, from contract/schemas: the shapes hostile input is generated from. */
const BODY_SCHEMAS: Record<string, z.ZodType> = {
  'POST /api/client/common/conversas/com/:nomeUsuario/mensagens': SendMessageRequestSchema,
  'POST /api/client/common/conversas/:id/mensagens': SendMessageRequestSchema,
  'POST /api/client/common/grupos/salas/:id/mensagens': SendMessageRequestSchema,
  'POST /api/client/common/grupos/:id/mensagens': SendMessageRequestSchema,
  'POST /api/client/common/grupos/criarGrupo': CreateGroupRequestSchema,
  'PATCH /api/client/common/grupos/:id/actualizarGrupo': UpdateGroupRequestSchema,
  'POST /api/client/common/notificacoes/marcarLidas': MarkNotificationsReadRequestSchema,
  'POST /api/client/common/recompensas': SendRewardRequestSchema,
  'PATCH /api/client/common/conta/actualizar': AccountUpdateRequestSchema,
  'PATCH /api/client/common/conta/actualizarPassword': PasswordChangeRequestSchema,
  'PATCH /api/client/moderador/evento/:id': ModeratorEventRequestSchema,
  'PATCH /api/client/moderador/licencas/:id': LicenceDecisionSchema,
  'POST /api/client/apostador/fichas/criarFicha': CreateSlipRequestSchema,
  'POST /api/client/apostador/fichas/addSelection': AddSelectionRequestSchema,
  'POST /api/client/common/fichas/:id/comentarios': CommentRequestSchema,
  'PATCH /api/client/common/licenca/solicitarActivacao': ActivationRequestSchema,
  'POST /api/client/common/lote': BatchRequestSchema,
  'POST /api/auth/signup': SignUpRequestSchema,
  'POST /api/auth/pusher': PusherAuthRequestSchema,
  'POST /apps/:appId/events': TriggerRequestSchema,
  'POST /api/beams/device_api/v1/instances/:instanceId/devices/web': RegisterDeviceRequestSchema,
};

const HOSTILE_STRINGS = [
  '',
  'x'.repeat(100_000),
  '\u0000nul',
  '\u202Eevil\u202C',
  '\ud800',
  "' or '1'='1' --",
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '%00%2e%2e%2f',
  '{"$gt":""}',
  '1e309',
  '-1',
];
const HOSTILE_VALUES: unknown[] = [null, true, -1, 0, 1e308, -1e308, [], {}, [[[[[[]]]]]], { __proto__: { admin: true } }, 'x'.repeat(5000)];
/** Nested far past any parser's stack, and just inside the API's depth limit (server/lib/json-depth.ts). */
const DEEP_BODIES = [
  `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
  `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`,
  `{"mensagem":${'['.repeat(20_000)}${']'.repeat(20_000)}}`,
];
const nested = (depth: number): unknown => (depth === 0 ? 'fundo' : { a: nested(depth - 1) });
const HOSTILE_PARAMS = ["1' or '1'='1", 'x'.repeat(3000), '%00', '..%2f..%2f', '\u202E', '-1', '0', 'null', '%E0%A4%A'];

/** Hostile bodies generated from a request schema: each field broken in turn, required fields dropped, junk added. */
function hostileBodies(schema: z.ZodType | undefined): unknown[] {
  const generic: unknown[] = ['{"a":', '[]', 'null', '"texto"', ...DEEP_BODIES, nested(28), ...HOSTILE_VALUES.slice(0, 6)];
  if (!schema) return generic;
  const json = jsonSchemaOf(schema);
  const base = plausible(json);
  const bodies: unknown[] = [...generic, base];
  if (base && typeof base === 'object' && !Array.isArray(base)) {
    for (const key of Object.keys(json.properties ?? {})) {
      for (const value of [...HOSTILE_STRINGS, ...HOSTILE_VALUES]) bodies.push({ ...base, [key]: value });
      const { [key]: _dropped, ...rest } = base as Record<string, unknown>;
      bodies.push(rest);
    }
    bodies.push({ ...base, __proto__: { role: 'moderador' }, constructor: { prototype: { role: 'moderador' } }, extra: 'x'.repeat(1000) });
  }
  return bodies;
}

function fill(path: string, value: (name: string) => string): string {
  return path.replace(/:(\w+)\??/g, (_match, name: string) => encodeURIComponent(value(name)));
}

function plainParam(name: string): string {
  if (name === 'plan') return 'mensal';
  if (name === 'nomeUsuario' || name === 'name') return 'demo';
  if (name === 'appId' || name === 'instanceId') return 'app';
  return ID;
}

/** Every concrete route of the app (no middleware wildcards), deduplicated. */
function routesOf(server: TestServer): Route[] {
  const seen = new Map<string, Route>();
  for (const route of server.app.routes) {
    if (route.method === 'ALL' || route.path.includes('*')) continue;
    const path = route.path.replace(/\/$/, '') || '/';
    seen.set(`${route.method} ${path}`, { method: route.method as Method, path });
  }
  return [...seen.values()];
}

const isMutating = (route: Route) => route.method !== 'GET' || MUTATING_GETS.includes(route.path);
const needsSession = (route: Route) => /^\/api\/client\/(common|apostador|moderador)\//.test(route.path);
const moderatorOnly = (route: Route) => route.path.startsWith('/api/client/moderador/');

async function call(who: Actor, route: Route, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  if (route.method === 'GET') return who.get(path, headers);
  if (route.method === 'PUT') {
    const response = await who.raw(path, { method: 'PUT', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body ?? {}) });
    return { status: response.status, body: {}, headers: response.headers };
  }
  return who.send(route.method, path, body, headers);
}

const figures = {
  routes: 0,
  roleChecks: 0,
  hostileRequests: 0,
  serverErrors: 0,
  crossSiteAttempts: 0,
  crossSiteRefused: 0,
  realtimeFrames: 0,
  realtimeAlive: true,
};

/** Hostile input of every generous limit: the suite wants each request to reach its handler, not the limiter. */
const GENEROUS_LIMITS = Object.fromEntries(
  ['SIGNIN_ACCOUNT', 'SIGNIN_ADDRESS', 'SIGNUP_ADDRESS', 'RECOVERY_ADDRESS', 'RECOVERY_ACCOUNT', 'AVAILABILITY_ADDRESS', 'MESSAGES_USER', 'COMMENTS_USER'].map(
    (name) => [`RATE_LIMIT_${name}`, '100000/1m'],
  ),
);

describeOnEachDb('security suite: every route of the app', (server) => {
  it('knows every route the app registers, and every protected one needs a session (401 without)', async () => {
    const routes = routesOf(server());
    expect(routes.length).toBeGreaterThan(100);
    figures.routes = Math.max(figures.routes, routes.length);
    const anon = anonymous(server());
    for (const route of routes.filter(needsSession)) {
      const answer = await call(anon, route, fill(route.path, plainParam), {});
      figures.roleChecks += 1;
      expect(answer.status, `${route.method} ${route.path}`).toBe(401);
      expect(answer.body).toEqual({ status: 'error', message: MSG.unauthenticated });
    }
  });

  it('moderator calls refuse ordinary users and the official account (403), and answer moderators', async () => {
    const routes = routesOf(server()).filter(moderatorOnly);
    expect(routes.length).toBeGreaterThan(0);
    const usuario = await newUser(server(), 'papel');
    const oficial = await actor(server(), 'fichasoficial');
    const moderador = await actor(server(), 'moderador');
    for (const route of routes) {
      const path = fill(route.path, plainParam);
      for (const who of [usuario, oficial]) {
        const answer = await call(who, route, path, {});
        figures.roleChecks += 1;
        expect(answer.status, `${who.nomeUsuario} ${route.method} ${route.path}`).toBe(403);
      }
      const answer = await call(moderador, route, path, {});
      figures.roleChecks += 1;
      expect([401, 403], `moderador ${route.method} ${route.path}`).not.toContain(answer.status);
    }
  });

  it('answers hostile input generated from the contract schemas on every route with a 4xx, never a 5xx', async () => {
    const user = await newUser(server(), 'hostil');
    const failures: string[] = [];
    for (const route of routesOf(server())) {
      const schema = BODY_SCHEMAS[`${route.method} ${route.path}`];
      const paths = [fill(route.path, plainParam), ...HOSTILE_PARAMS.map((param) => fill(route.path, () => param))];
      const bodies = route.method === 'GET' ? [undefined] : hostileBodies(schema);
      for (const path of route.path.includes(':') ? paths : [paths[0] ?? route.path]) {
        // A hostile path parameter is sent with one body: every broken body is already sent on the plain path.
        for (const body of path === paths[0] ? bodies : bodies.slice(0, 1)) {
          const answer = await call(user, route, path, body, { 'idempotency-key': `hostil-${figures.hostileRequests}` });
          figures.hostileRequests += 1;
          if (answer.status >= 500) {
            figures.serverErrors += 1;
            failures.push(`${route.method} ${path.slice(0, 80)} ${JSON.stringify(body)?.slice(0, 60)} → ${answer.status}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    // Some 5,000 requests: a test timeout sized for them, not a speed check (the figures line prints the counts).
  }, 120_000);

  it('answers hostile bodies inside an outbox batch with a 4xx, for the batch or for each item, never a 5xx', async () => {
    const user = await newUser(server(), 'lotehostil');
    const failures: string[] = [];
    const batchable = routesOf(server()).filter((route) => needsSession(route) && route.method !== 'GET' && route.path !== '/api/client/common/lote');
    const itemBodies = [nested(25), [], null, 'texto', { __proto__: { role: 'moderador' } }, 'x'.repeat(5000)];
    for (const route of batchable) {
      const path = fill(route.path, plainParam);
      const pedidos = itemBodies.map((body, n) => ({ method: route.method, path, idempotencyKey: `lote-hostil-${figures.hostileRequests}-${n}`, body }));
      const answers = [
        await user.send('POST', '/api/client/common/lote', { pedidos }),
        // The whole batch too deep: refused before it is parsed.
        await user.send('POST', '/api/client/common/lote', `{"pedidos":[{"method":"${route.method}","path":"${path}","idempotencyKey":"k","body":${DEEP_BODIES[1]}}]}`),
      ];
      for (const answer of answers) {
        figures.hostileRequests += 1;
        const statuses = [answer.status, ...((answer.body.respostas as { status: number }[] | undefined) ?? []).map((item) => item.status)];
        if (statuses.some((status) => status >= 500)) {
          figures.serverErrors += 1;
          failures.push(`batch of ${route.method} ${route.path} → ${statuses.join(',')}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('refuses every state-changing call made cross-site, and nothing changes', async () => {
    const victim = await actor(server(), 'demo');
    const before = await snapshot(server());
    const attempts: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
      { referer: 'https://evil.example/page' },
    ];
    const accepted: string[] = [];
    for (const route of routesOf(server()).filter((r) => needsSession(r) && isMutating(r))) {
      for (const headers of attempts) {
        const answer = await call(victim, route, fill(route.path, plainParam), plausible(undefined), { ...headers });
        figures.crossSiteAttempts += 1;
        if (answer.status === 403) figures.crossSiteRefused += 1;
        else accepted.push(`${route.method} ${route.path} ${JSON.stringify(headers)} → ${answer.status}`);
      }
    }
    expect(accepted).toEqual([]);
    expect(await snapshot(server())).toEqual(before);
  });
}, { env: GENEROUS_LIMITS });

/** What the suite checked of the holes a probe of the running server found (docs/security.md). */
const holes = {
  cpuInTransaction: 'allowed',
  guessesChecked: 0,
  guessesSent: 0,
  unpaidRewardRead: 'allowed',
  failedMailRetried: 'no',
  strangerAdd: 'member',
  followNotices: 0,
  followCycles: 0,
  endedSocket: 'open',
};

describeOnEachDb('security suite: one user stalling the server, guessing, failed mails, unpaid rewards', (server) => {
  it('refuses password hashing inside a transaction, and checks at most 10 of 40 parallel wrong current passwords', async () => {
    const stored = await hashPassword('fora123');
    const inside = await transaction(server().db, () => verifyPassword('fora123', stored)).then(
      () => 'allowed',
      (error: unknown) => (error instanceof CpuWorkInTransactionError ? 'refused' : 'failed'),
    );
    holes.cpuInTransaction = inside;
    expect(inside).toBe('refused');
    const guesser = await actor(server(), (await newAccountRow(server(), 'adivinha', 'certa1234')).nomeUsuario);
    const change = (n: number) => ({ passwordActual: `errada${n}x`, password: 'novanova1', passwordConfirmacao: 'novanova1' });
    const answers = await Promise.all(Array.from({ length: 40 }, (_, n) => guesser.send('PATCH', '/api/client/common/conta/actualizarPassword', change(n))));
    holes.guessesSent = answers.length;
    holes.guessesChecked = answers.filter((answer) => answer.status === 400).length;
    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
    expect(holes.guessesChecked).toBe(10);
  });

  it('hides an unpaid reward from its recipient, and sends the recovery mail after a failed one', async () => {
    const recipient = await newUser(server(), 'recebe');
    const sender = await newUser(server(), 'envia');
    const sent = await sender.send('POST', '/api/client/common/recompensas', { destinatario: recipient.nomeUsuario, valor: 500 });
    const id = (sent.body.respostaEmis as { id: string }).id;
    const read = await recipient.get(`/api/client/common/recompensas/${id}`);
    holes.unpaidRewardRead = read.status === 200 ? 'allowed' : `refused (${read.status})`;
    expect(read.status).toBe(404);

    const account = await newAccountRow(server(), 'correio', 'certa1234');
    const down = server().appWith({ mail: { smtpUrl: 'smtp://127.0.0.1:1', from: 'Fichas <nao-responder@fichas.ao>' } });
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    try {
      const recover = { headers: { 'x-requested-with': 'fichas' } };
      expect((await down.request(`http://localhost:8080/api/auth/forgotPassword/${account.nomeUsuario}`, recover)).status).toBe(502);
      const again = await server().app.request(`http://localhost:8080/api/auth/forgotPassword/${account.nomeUsuario}`, recover);
      const links = await server().db.selectFrom('tokens_conta').select('token_hash').where('usuario_id', '=', account.id).execute();
      holes.failedMailRetried = again.status === 200 && links.length === 1 ? 'yes' : 'no';
      expect(holes.failedMailRetried).toBe('yes');
    } finally {
      quiet.mockRestore();
      info.mockRestore();
    }
  });
});

describeOnEachDb('security suite: notification spam', (server) => {
  it('turns a stranger\'s group add into an invitation, and merges a follow cycle\'s notices into one a day', async () => {
    const target = await newUser(server(), 'alvo', { adicionarGrupos: null });
    const stranger = await newUser(server(), 'estranho');
    const group = await createGroup(stranger, { nome: 'Grupo Estranho' });
    expect((await stranger.get(`${G}/${group.id}/adicionarUsuario/${target.id}`, idemKey())).status).toBe(200);
    const member = await server().db.selectFrom('grupo_membros').select('usuario_id').where('grupo_id', '=', group.id).where('usuario_id', '=', target.id).executeTakeFirst();
    const invited = await server().db.selectFrom('grupo_convites').select('usuario_id').where('grupo_id', '=', group.id).where('usuario_id', '=', target.id).executeTakeFirst();
    holes.strangerAdd = member ? 'member' : invited ? 'invitation' : 'nothing';
    expect(holes.strangerAdd).toBe('invitation');

    for (let cycle = 0; cycle < 5; cycle += 1) {
      expect((await stranger.send('POST', `/api/client/common/perfil/${target.nomeUsuario}/seguir`, undefined, idemKey())).status).toBe(200);
      expect((await stranger.send('DELETE', `/api/client/common/perfil/${target.nomeUsuario}/seguir`, undefined, idemKey())).status).toBe(200);
      holes.followCycles = cycle + 1;
    }
    const notices = await server().db.selectFrom('notificacoes').select('id').where('usuario_id', '=', target.id).where('tipo', '=', 'novoSeguidor').execute();
    holes.followNotices = notices.length;
    expect(notices).toHaveLength(1);
  });
});

/** Malformed realtime frames, each on a connection of its own; the server must answer with the protocol and live on. */
const HOSTILE_FRAMES: string[] = [
  'not json',
  '[]',
  'null',
  '{"event":',
  JSON.stringify({ event: 'pusher:subscribe' }),
  JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'x'.repeat(5000) } }),
  JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'presence-\u0000', auth: 'a:b' } }),
  JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'private-a', auth: 'x'.repeat(10_000) } }),
  JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'publico' } }),
  JSON.stringify({ event: 'pusher:unsubscribe', data: { channel: 'nunca-subscrito' } }),
  JSON.stringify({ event: 'client-evento', channel: 'private-a', data: 'x' }),
  JSON.stringify({ event: 'client-evento', channel: 'presence-a', data: { a: 'x'.repeat(20_000) } }),
  JSON.stringify({ event: 'pusher:ping', data: { __proto__: { a: 1 } } }),
  `{"event":"client-x","channel":"private-a","data":${'['.repeat(40_000)}${']'.repeat(40_000)}}`,
  `{"event":"pusher:ping","data":${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}}`,
  'x'.repeat(70_000),
  JSON.stringify({ event: 'pusher:signin', data: { auth: 'y', user_data: '{"id":' } }),
];

describe('security suite: malformed realtime traffic', () => {
  let live: LiveServer;
  beforeAll(async () => {
    live = await startLiveServer({ name: 'sqlite', available: true });
  });
  afterAll(async () => {
    await live?.close();
  });

  const stillServes = async () => {
    const estado = await fetch(`${live.url}/api/client/public/estado`);
    const fresh = new RawClient(`ws://127.0.0.1:${live.port}${appPath(live)}`);
    const socketId = await fresh.socketId().catch(() => null);
    fresh.ws.close();
    return estado.status === 200 && socketId !== null;
  };

  it('closes a live connection with 4009 once its user\'s sessions end', async () => {
    const user = await actor(live.base, 'demo');
    const raw = new RawClient(`ws://127.0.0.1:${live.port}${appPath(live)}`);
    const socketId = await raw.socketId();
    const signed = await live.app.request('http://localhost:8080/api/auth/pusher/user-auth', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: user.cookie },
      body: new URLSearchParams({ socket_id: socketId }).toString(),
    });
    expect(signed.status).toBe(200);
    raw.send({ event: 'pusher:signin', data: await signed.json() });
    await raw.next((frame) => frame.event === 'pusher:signin_success');
    const ended = await live.app.request('http://localhost:8080/api/client/common/conta/terminarSessoes', {
      method: 'POST',
      headers: { cookie: user.cookie, 'x-requested-with': 'fichas' },
    });
    expect(ended.status).toBe(200);
    const closed = await raw.closing();
    holes.endedSocket = closed.code === 4009 ? 'closed (4009)' : `open (${closed.code})`;
    expect(closed.code).toBe(4009);
  });

  it('answers every malformed frame and upgrade with the protocol, and goes on serving', async () => {
    const upgrades = ['/app/%', '/app/%E0%A4%A', `/app/${'k'.repeat(200)}`, `${appPath(live)}`.replace('protocol=7', `protocol=${'9'.repeat(200)}`)];
    for (const path of upgrades) {
      const raw = new RawClient(`ws://127.0.0.1:${live.port}${path}`);
      await raw.closing();
      figures.realtimeFrames += 1;
    }
    for (const frame of HOSTILE_FRAMES) {
      const raw = new RawClient(`ws://127.0.0.1:${live.port}${appPath(live)}`);
      await raw.socketId();
      raw.send(frame);
      figures.realtimeFrames += 1;
      // A ping after it: its pong says the frame was handled (frames are handled in order), or the socket was closed
      // with a code for it. Either way the server decided; it did not crash.
      await raw.settle().catch(() => raw.closing());
      raw.ws.close();
    }
    figures.realtimeAlive = await stillServes();
    expect(figures.realtimeAlive).toBe(true);
  });
});

afterAll(() => {
  console.log(
    `security: routes=${figures.routes} role-checks=${figures.roleChecks} hostile-requests=${figures.hostileRequests} ` +
      `5xx=${figures.serverErrors} cross-site=${figures.crossSiteRefused}/${figures.crossSiteAttempts} refused ` +
      `realtime-malformed=${figures.realtimeFrames} server-alive=${figures.realtimeAlive ? 'yes' : 'no'} ` +
      `hash-in-transaction=${holes.cpuInTransaction} password-guesses-checked=${holes.guessesChecked}/${holes.guessesSent} ` +
      `unpaid-reward-to-recipient=${holes.unpaidRewardRead} mail-after-failed-send=${holes.failedMailRetried} ` +
      `ended-session-socket=${holes.endedSocket} stranger-group-add=${holes.strangerAdd} ` +
      `follow-notices=${holes.followNotices}-for-${holes.followCycles}-follows`,
  );
});
