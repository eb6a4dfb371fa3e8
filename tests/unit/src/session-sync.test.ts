import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppDb } from '../../../src/db/app-db.ts';
import { readSessionRecord } from '../../../src/db/session-record.ts';
import { refreshSession, signOut } from '../../../src/sync/session-actions.ts';

const SESSION = {
  user: { id: 'u1', nomeUsuario: 'demo', role: 'usuario' },
  expires: new Date(Date.now() + 86_400_000).toISOString(),
};

type Handler = (request: Request) => Response | Promise<Response>;
let calls: string[] = [];
let online = true;
let handler: Handler = () => new Response('{}');

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let db: AppDb;
let counter = 0;

beforeEach(() => {
  calls = [];
  online = true;
  vi.stubGlobal('location', new URL('http://localhost:8080/explorar'));
  vi.stubGlobal('localStorage', { setItem: () => {}, getItem: () => null });
  vi.stubGlobal('fetch', async (input: Request | string, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    calls.push(`${request.method} ${new URL(request.url).pathname}`);
    if (!online) throw new TypeError('Failed to fetch');
    return handler(request);
  });
  db = new AppDb(`session-test-${++counter}`);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await db.delete();
});

function server(session: typeof SESSION | null): Handler {
  return (request) => {
    const path = new URL(request.url).pathname;
    if (path === '/api/auth/session') return json(session ?? {});
    if (path === '/api/auth/csrf') return json({ csrfToken: 'token' });
    if (path === '/api/auth/signout') return json({ url: 'http://localhost:8080/' });
    return json({ status: 'error', message: 'nope' }, 404);
  };
}

describe('session on the phone (SPEC §4 Session status)', () => {
  it('stores the session the server reports', async () => {
    handler = server(SESSION);
    await refreshSession(db);
    expect((await readSessionRecord(db))?.session?.user.nomeUsuario).toBe('demo');
  });

  it('keeps the last known session when the network is gone', async () => {
    handler = server(SESSION);
    await refreshSession(db);
    online = false;
    await refreshSession(db);
    expect((await readSessionRecord(db))?.session?.user.id).toBe('u1');
  });

  it('knows nobody on a first start without network', async () => {
    online = false;
    await refreshSession(db);
    const record = await readSessionRecord(db);
    expect(record?.session).toBeNull();
    expect(record?.checkedAt).toBe(0);
  });

  it('maps the v4 empty answer {} to no session', async () => {
    handler = server(null);
    await refreshSession(db);
    expect((await readSessionRecord(db))?.session).toBeNull();
  });

  it('signs out on the phone while offline and tells the server when back', async () => {
    handler = server(SESSION);
    await refreshSession(db);
    online = false;
    expect(await signOut(db)).toEqual({ reachedServer: false });
    expect(await readSessionRecord(db)).toMatchObject({ session: null, signOutPending: true });

    // Still signed out locally even though the server would still report the old session.
    online = true;
    calls = [];
    handler = server(SESSION);
    await refreshSession(db);
    expect(calls.slice(0, 2)).toEqual(['GET /api/auth/csrf', 'POST /api/auth/signout']);
    handler = server(null);
    await refreshSession(db);
    expect(await readSessionRecord(db)).toMatchObject({ session: null, signOutPending: false });
  });

  it('does not resurrect the session when the pending sign-out cannot be sent', async () => {
    handler = server(SESSION);
    await refreshSession(db);
    online = false;
    await signOut(db);
    await refreshSession(db);
    expect(await readSessionRecord(db)).toMatchObject({ session: null, signOutPending: true });
  });
});
