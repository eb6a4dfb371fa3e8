import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppDb } from '../../../src/db/app-db.ts';
import { fetchTransport } from '../../../src/api/outbox-transport.ts';
import { refreshProfile } from '../../../src/sync/resources/account.ts';
import { changePassword, endAllSessions } from '../../../src/sync/resources/account-settings.ts';
import { updateAccount } from '../../../src/sync/resources/account-update.ts';
import { discardRejected, flushOutbox } from '../../../src/sync/outbox/replayer.ts';
import { APPLIERS } from '../../../src/sync/outbox/registry.ts';
import { MSG } from '../../../contract/messages.ts';
import { startTestServer, type TestServer } from '../server/helpers/test-server.ts';
import { actor, type Actor } from '../server/helpers/social.ts';
import { newAccountRow } from '../server/helpers/accounts.ts';
import { fetchAs } from './helpers/fetch-as.ts';

// The settings screen's writes against the real server: name and phone through the outbox (the stored profile
// shows them at once, then the server's answer), a refused change undone, and the calls that need the network.

let server: TestServer;
let demo: Actor;
let db: AppDb;
let counter = 0;

beforeAll(async () => {
  server = await startTestServer({ name: 'sqlite', available: true });
});

// Each test is its own user on its own phone: one test ends every session, another renames the user.
beforeEach(async () => {
  demo = await actor(server, (await newAccountRow(server, 'definicoes', 'antiga12345')).nomeUsuario);
  vi.stubGlobal('location', new URL('http://localhost:8080/'));
  vi.stubGlobal('fetch', fetchAs(demo));
  db = new AppDb(`account-settings-${Date.now()}-${++counter}`);
  await db.kv.put({
    key: 'session',
    session: { user: { id: demo.id, nomeUsuario: demo.nomeUsuario, role: 'usuario' }, expires: new Date(Date.now() + 86_400_000).toISOString() },
    checkedAt: Date.now(),
  });
  await refreshProfile(db, { force: true });
});

afterEach(async () => {
  await db.delete();
});

afterAll(async () => {
  vi.unstubAllGlobals();
  await server.close();
});

const flush = () =>
  flushOutbox({
    db,
    appliers: APPLIERS,
    transport: fetchTransport({ origin: () => location.origin }),
  });

async function storedUser() {
  const record = await db.kv.get('profile');
  if (record?.key !== 'profile') throw new Error('no profile stored');
  return record.value.usuario;
}

async function serverUser() {
  const answer = await demo.get('/api/client/common/perfil/mostrarMeuPerfil');
  return answer.body.usuario as { nome: string; numeroTelemovel: string | null; telefoneVerificado: boolean };
}

describe('account changes through the outbox', () => {
  it('shows a new name and number at once, unverified, and keeps the server’s profile once sent', async () => {
    await updateAccount(db, demo.id, { nome: 'Demo Renomeado', numeroTelemovel: '923456789' });
    expect(await storedUser()).toMatchObject({ nome: 'Demo Renomeado', numeroTelemovel: '923456789', telefoneVerificado: false });
    expect((await serverUser()).nome).not.toBe('Demo Renomeado');

    expect((await flush()).stop).toBe('empty');
    expect(await db.outbox.count()).toBe(0);
    expect(await serverUser()).toMatchObject({ nome: 'Demo Renomeado', numeroTelemovel: '923456789', telefoneVerificado: false });
    expect((await storedUser()).nome).toBe('Demo Renomeado');
  });

  it('keeps a refused change with the server’s reason, and a discarded one leaves the server’s name after a refresh', async () => {
    const before = (await serverUser()).nome;
    const mutationId = await updateAccount(db, demo.id, { nome: 'D' });
    expect((await storedUser()).nome).toBe('D');
    expect((await flush()).rejected).toBe(1);
    expect(await db.outbox.get(mutationId)).toMatchObject({ state: 'rejected', error: MSG.nameLength });

    expect(await discardRejected(db, APPLIERS, mutationId)).toBe(true);
    await refreshProfile(db);
    expect((await storedUser()).nome).toBe(before);
  });
});

describe('calls that need the network', () => {
  it('a wrong current password is refused with its message and the password stays', async () => {
    const result = await changePassword(db, { passwordActual: 'errada12345', password: 'novasenha123', passwordConfirmacao: 'novasenha123' });
    expect(result).toEqual({ ok: false, message: MSG.passwordCurrentWrong });
    expect((await demo.get('/api/auth/session')).body).toHaveProperty('user');
  });

  it('ending every session signs this phone out and the server forgets the session', async () => {
    const result = await endAllSessions(db);
    expect(result).toEqual({ ok: true, message: MSG.sessionsEnded });
    const record = await db.kv.get('session');
    expect(record?.key === 'session' && record.session).toBeNull();
    expect((await demo.get('/api/client/common/perfil/mostrarMeuPerfil')).status).toBe(401);
  });
});
