import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '../../../contract/schemas/auth.ts';
import { AppDb } from '../../../src/db/app-db.ts';
import { readSessionRecord } from '../../../src/db/session-record.ts';
import { storeSignedIn } from './helpers/signed-in.ts';

// What the app does when the server closes its live connection with 4009 because sessions of the user ended
// (server side: tests/unit/server/session-end.test.ts, with the real pusher-js, which stays disconnected after
// 4009). pusher-js and the server's answers stand in here: what is checked is the decision the app takes.
type Handler = (data: unknown) => void;
const connection = {
  state: 'connected',
  handlers: new Map<string, Set<Handler>>(),
  bind(event: string, handler: Handler) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)?.add(handler);
  },
  unbind(event: string, handler: Handler) {
    this.handlers.get(event)?.delete(handler);
  },
  emit(event: string, data: unknown) {
    for (const handler of [...(this.handlers.get(event) ?? [])]) handler(data);
  },
};
const connects = vi.fn();
const signins = vi.fn();
const options: unknown[] = [];
vi.mock('pusher-js', () => ({
  default: class {
    constructor(_key: string, settings: unknown) {
      options.push(settings);
    }
    signin() {
      signins();
    }
    connection = connection;
    subscribe() {
      return { bind: () => undefined };
    }
    connect() {
      connects();
    }
    disconnect() {}
  },
}));
vi.mock('../../../src/api/realtime.ts', () => ({
  fetchClientConfig: async () => ({ kind: 'ok', data: { pusher: { key: 'k', cluster: 'mt1', authEndpoint: '/api/auth/pusher/', userAuthEndpoint: '/api/auth/pusher/user-auth' } } }),
  fetchOnlineUsers: async () => ({ kind: 'ok', data: { usuarios: [] } }),
}));
let serverSession: Session | null = null;
vi.mock('../../../src/api/auth.ts', () => ({
  fetchSession: async () => ({ kind: 'ok', data: serverSession }),
  signOutRequest: async () => ({ kind: 'ok', data: null }),
}));

const { connectRealtime } = await import('../../../src/sync/realtime/connect.ts');
const { trackSessionChange } = await import('../../../src/sync/session-changes.ts');

/** The server's pusher:error 4009, then the close that makes pusher-js give up (protocols §1.4). */
function closedWith4009(): void {
  connection.emit('error', { type: 'PusherError', data: { code: 4009, message: 'Connection unauthorized: the session ended' } });
  connection.state = 'disconnected';
  connection.emit('state_change', { previous: 'connected', current: 'disconnected' });
}

/** A phone signed in as u1 on `path`, its live connection up; what it calls when its session is found live. */
async function connectedPhone(path: string, name: string) {
  vi.stubGlobal('location', new URL(`http://localhost:8080${path}`));
  const db = new AppDb(`realtime-${name}-${Date.now()}`);
  await storeSignedIn(db, { id: 'u1', nomeUsuario: 'ana' });
  const onSessionStillLive = vi.fn();
  await connectRealtime(db, 'u1', { onFirstSubscribed: vi.fn(), onReconnect: vi.fn(), onSessionStillLive });
  return { db, onSessionStillLive };
}

/** The session the server answers for u1 while it is live. */
const liveSession = () => ({ user: { id: 'u1', nomeUsuario: 'ana', role: 'usuario' }, expires: new Date(Date.now() + 86_400_000).toISOString() }) as Session;

afterEach(() => {
  connection.handlers.clear();
  connection.state = 'connected';
  connects.mockReset();
  vi.unstubAllGlobals();
});

describe('a live connection closed because sessions ended (4009)', () => {
  it('signs the connection in as its user, so the server (hosted Pusher too) can close it when sessions end', async () => {
    signins.mockReset();
    const { db } = await connectedPhone('/explorar', 'signin');
    expect(signins).toHaveBeenCalledTimes(1);
    expect(options.at(-1)).toMatchObject({ userAuthentication: { endpoint: '/api/auth/pusher/user-auth', transport: 'ajax' } });
    db.close();
  });

  it('signs out on this phone when its own session ended too, and does not connect again', async () => {
    const { db, onSessionStillLive } = await connectedPhone('/explorar', 'ended');
    serverSession = null;
    closedWith4009();
    await vi.waitFor(async () => expect((await readSessionRecord(db))?.session).toBeNull());
    expect(connects).not.toHaveBeenCalled();
    expect(onSessionStillLive).not.toHaveBeenCalled();
    db.close();
  });

  it('after its own password change, asks about its session only once the change has answered (with the renewed cookie)', async () => {
    const { db, onSessionStillLive } = await connectedPhone('/dashboard/conta', 'own-change');
    // The close comes while the change's answer (and its renewed cookie) is still on its way: the old cookie's
    // session has ended.
    let answer: (value: unknown) => void = () => {};
    const change = trackSessionChange(new Promise((resolve) => (answer = resolve)));
    serverSession = null;
    closedWith4009();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await readSessionRecord(db))?.session?.user.id).toBe('u1');
    serverSession = liveSession();
    answer(undefined);
    await change;
    await vi.waitFor(() => expect(connects).toHaveBeenCalledTimes(1));
    expect(onSessionStillLive).toHaveBeenCalledTimes(1);
    expect((await readSessionRecord(db))?.session?.user.id).toBe('u1');
    db.close();
  });

  it('connects again, and binds its push again, when this phone\'s session is still live', async () => {
    const { db, onSessionStillLive } = await connectedPhone('/explorar', 'live');
    serverSession = liveSession();
    closedWith4009();
    await vi.waitFor(() => expect(connects).toHaveBeenCalledTimes(1));
    expect(onSessionStillLive).toHaveBeenCalledTimes(1);
    expect((await readSessionRecord(db))?.session?.user.id).toBe('u1');
    db.close();
  });
});
