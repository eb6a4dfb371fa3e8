import { encode } from '@auth/core/jwt';
import { expect } from 'vitest';
import type { z } from 'zod';
import { newSessionClaims } from '../../../../server/auth/session-revocation.ts';
import { createUser } from '../../../../server/auth/users-repo.ts';
import type { Conta, Role } from '../../../../server/db/schema.ts';
import type { GroupAddPolicy } from '../../../../contract/group-add-policy.ts';
import { ORIGIN } from './http.ts';
import type { TestServer } from './test-server.ts';

// Helpers of the social-area tests: sessions minted like Auth.js mints them (no password hashing per test), a
// small JSON client, fresh users, and tiny valid images.

export const PNG_1PX =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** A PNG data URL of about `bytes` decoded bytes (valid signature, padded body). */
export function pngOfSize(bytes: number): string {
  const head = Buffer.from(PNG_1PX.slice(PNG_1PX.indexOf(',') + 1), 'base64');
  const body = Buffer.concat([head, Buffer.alloc(Math.max(0, bytes - head.length), 0)]);
  return `data:image/png;base64,${body.toString('base64')}`;
}

export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

export interface Actor {
  id: string;
  nomeUsuario: string;
  /** The session cookie it sends (empty for the anonymous client), for a request to another app on the same database. */
  cookie: string;
  get(path: string, headers?: Record<string, string>): Promise<Answer>;
  send(method: 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown, headers?: Record<string, string>): Promise<Answer>;
  raw(path: string, init: RequestInit): Promise<Response>;
}

interface ActorUser {
  id: string;
  nome: string;
  nome_usuario: string;
  email: string;
  role: Role;
  conta: Conta | null;
}

async function sessionCookie(server: TestServer, user: ActorUser): Promise<string> {
  const token = await encode({
    secret: server.config.authSecret,
    salt: 'authjs.session-token',
    token: {
      sub: user.id,
      id: user.id,
      name: user.nome,
      email: user.email,
      nomeUsuario: user.nome_usuario,
      role: user.role,
      conta: user.conta,
      // The session's own id and sign-in time, as the sign-in sets them (server/auth/session-revocation.ts).
      ...newSessionClaims(),
    },
  });
  return `authjs.session-token=${token}`;
}

function client(server: TestServer, cookie: string | null, who: { id: string; nomeUsuario: string }): Actor {
  const raw = async (path: string, init: RequestInit): Promise<Response> => {
    const headers = new Headers(init.headers);
    if (cookie) headers.set('cookie', cookie);
    headers.set('host', new URL(ORIGIN).host);
    // The app's own mark, sent by its client on every call (src/api/http.ts).
    if (!headers.has('x-requested-with')) headers.set('x-requested-with', 'fichas');
    return server.app.request(new URL(path, ORIGIN).toString(), { ...init, headers });
  };
  const answer = async (response: Response): Promise<Answer> => {
    const text = await response.text();
    let body: Record<string, unknown>;
    try {
      body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      body = { raw: text };
    }
    return { status: response.status, body, headers: response.headers };
  };
  return {
    ...who,
    cookie: cookie ?? '',
    raw,
    async get(path, headers = {}) {
      return answer(await raw(path, { method: 'GET', headers }));
    },
    async send(method, path, body, headers = {}) {
      const init: RequestInit = { method, headers: { ...headers } };
      if (body !== undefined) {
        init.headers = { 'content-type': 'application/json', ...headers };
        init.body = typeof body === 'string' ? body : JSON.stringify(body);
      }
      return answer(await raw(path, init));
    },
  };
}

/** A signed-in client for an existing user. */
export async function actor(server: TestServer, nomeUsuario: string): Promise<Actor> {
  const user = await server.db
    .selectFrom('usuarios')
    .select(['id', 'nome', 'nome_usuario', 'email', 'role', 'conta'])
    .where('nome_usuario', '=', nomeUsuario)
    .executeTakeFirstOrThrow();
  return client(server, await sessionCookie(server, user), { id: user.id, nomeUsuario });
}

export function anonymous(server: TestServer): Actor {
  return client(server, null, { id: '', nomeUsuario: '' });
}

let counter = 0;

/**
 * A new ordinary user (unusable password: tests sign in with minted sessions) and a client for them. Test users let
 * anyone add them to a group ('todos'), as the suites about group roles, seats and paywalls need; the product's
 * default ('seguidos': an add from a stranger becomes an invitation) is what `adicionarGrupos: null` gives, and
 * group-invitations.test.ts proves it.
 */
export async function newUser(
  server: TestServer,
  prefix = 'user',
  extra: { role?: Role; conta?: Conta | null; telefone?: string | null; adicionarGrupos?: GroupAddPolicy | null } = {},
): Promise<Actor> {
  counter += 1;
  const nomeUsuario = `${prefix}${counter}${Math.random().toString(36).slice(2, 6)}`.slice(0, 20);
  await createUser(
    server.db,
    {
      nome: `Teste ${nomeUsuario}`,
      nomeUsuario,
      email: `${nomeUsuario}@teste.ao`,
      telefone: extra.telefone === undefined ? '923999000' : extra.telefone,
      fotografia: null,
      passwordHash: 'none$x',
      role: extra.role ?? 'usuario',
      conta: extra.conta ?? null,
      referrerId: null,
    },
    { estado: 'habilitada', tipo: 'anual', days: 365 },
  );
  const made = await actor(server, nomeUsuario);
  const policy = extra.adicionarGrupos === undefined ? 'todos' : extra.adicionarGrupos;
  if (policy) await server.db.insertInto('privacidade').values({ usuario_id: made.id, adicionar_grupos: policy }).execute();
  return made;
}

let keyCounter = 0;
export function idemKey(): Record<string, string> {
  keyCounter += 1;
  return { 'idempotency-key': `test:${Date.now()}:${keyCounter}` };
}

/** Asserts a success envelope with the status and parses the body with its contract schema. */
export function expectOk<S extends z.ZodType>(answer: Answer, schema: S, status = 200): z.infer<S> {
  expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(status);
  expect(String(answer.body.status).toLowerCase()).toBe('success');
  return schema.parse(answer.body);
}

export function expectError(answer: Answer, status: number, message?: string): void {
  expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(status);
  expect(answer.body.status).toBe('error');
  if (message !== undefined) expect(answer.body.message).toBe(message);
}

/** Row counts of the social tables and the state of what social calls change: what a replay must leave untouched. */
export async function snapshot(server: TestServer) {
  const { db } = server;
  const count = async (table: 'mensagens' | 'grupos' | 'grupo_membros' | 'notificacoes' | 'seguidores' | 'conversas' | 'pagamentos' | 'imagens' | 'eventos_externos' | 'verificacoes_telefone') =>
    Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
  const counters = await db.selectFrom('contadores').selectAll().orderBy('usuario_id').orderBy('nome').execute();
  const perfis = await db.selectFrom('perfis').selectAll().orderBy('usuario_id').execute();
  const external = await db.selectFrom('eventos_externos').selectAll().orderBy('evento_id').execute();
  const groups = await db.selectFrom('grupos').select(['id', 'nome', 'updated_at', 'last_message_at']).orderBy('id').execute();
  const conversations = await db.selectFrom('conversas').select(['id', 'primeiro_nao_lidas', 'segundo_nao_lidas']).orderBy('id').execute();
  const notes = await db.selectFrom('notificacoes').select(['id', 'lida']).orderBy('id').execute();
  const users = await db.selectFrom('usuarios').select(['id', 'nome', 'telefone', 'fotografia', 'password_hash']).orderBy('id').execute();
  const roles = await db.selectFrom('grupo_membros').select(['grupo_id', 'usuario_id', 'role', 'expira_em']).orderBy('grupo_id').orderBy('usuario_id').execute();
  return {
    mensagens: await count('mensagens'),
    grupos: await count('grupos'),
    membros: await count('grupo_membros'),
    notificacoes: await count('notificacoes'),
    seguidores: await count('seguidores'),
    conversas: await count('conversas'),
    pagamentos: await count('pagamentos'),
    imagens: await count('imagens'),
    eventosExternos: await count('eventos_externos'),
    verificacoes: await count('verificacoes_telefone'),
    counters,
    perfis,
    external,
    groups,
    roles,
    conversations,
    notes,
    users,
  };
}

/**
 * DESIGN §4: the call made twice with one Idempotency-Key answers the same the second time, says it replayed, and
 * the second time changes nothing that `take` reads (the social tables by default). Returns the first answer.
 */
export async function expectReplay(
  server: TestServer,
  call: (key: Record<string, string>) => Promise<Answer>,
  take: (server: TestServer) => Promise<unknown> = snapshot,
): Promise<Answer> {
  const key = idemKey();
  const first = await call(key);
  expect(first.status, JSON.stringify(first.body).slice(0, 300)).toBeLessThan(300);
  const before = await take(server);
  const signalsBefore = server.signals.sent.length;
  const second = await call(key);
  expect(second.status).toBe(first.status);
  expect(second.body).toEqual(first.body);
  expect(second.headers.get('idempotent-replayed')).toBe('true');
  expect(await take(server)).toEqual(before);
  expect(server.signals.sent.length).toBe(signalsBefore);
  return first;
}
