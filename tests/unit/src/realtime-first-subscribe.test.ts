import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { AppDb } from '../../../src/db/app-db.ts';
import { storeSignedIn } from './helpers/signed-in.ts';

// pusher-js and the config call stand in for the live connection: what is checked is what connectRealtime does with
// the channel's events (the e2e suite runs the real pusher-js against the real server).
type Handler = (data: unknown) => void;
const bound = new Map<string, Handler>();
vi.mock('pusher-js', () => ({
  default: class {
    connection = { bind: () => undefined };
    signin() {}
    subscribe() {
      return { bind: (event: string, handler: Handler) => bound.set(event, handler) };
    }
    disconnect() {}
  },
}));
vi.mock('../../../src/api/realtime.ts', () => ({
  fetchClientConfig: async () => ({ kind: 'ok', data: { pusher: { key: 'k', cluster: 'mt1', authEndpoint: '/api/auth/pusher/auth' } } }),
  fetchOnlineUsers: async () => ({ kind: 'ok', data: { usuarios: [] } }),
}));

const { connectRealtime } = await import('../../../src/sync/realtime/connect.ts');

describe('the live channel (Pusher never replays)', () => {
  it('asks the caller to catch up once the channel is first live, not again when it resubscribes after a reconnect', async () => {
    vi.stubGlobal('location', new URL('http://localhost:8080/explorar'));
    const db = new AppDb(`realtime-first-${Date.now()}`);
    await storeSignedIn(db, { id: 'u1', nomeUsuario: 'ana' });
    const onFirstSubscribed = vi.fn();
    const onReconnect = vi.fn();
    await connectRealtime(db, 'u1', { onFirstSubscribed, onReconnect, onSessionStillLive: vi.fn() });
    expect(onFirstSubscribed).not.toHaveBeenCalled();
    const members = { each: (callback: (member: { id: string }) => void) => callback({ id: 'u2' }) };
    bound.get('pusher:subscription_succeeded')?.(members);
    expect(onFirstSubscribed).toHaveBeenCalledTimes(1);
    bound.get('pusher:subscription_succeeded')?.(members);
    expect(onFirstSubscribed).toHaveBeenCalledTimes(1);
    // The presence list the subscription reported is kept.
    await vi.waitFor(async () => expect((await db.kv.get('onlineUsers')) as unknown).toMatchObject({ ids: expect.arrayContaining(['u1', 'u2']) }));
    db.close();
    vi.unstubAllGlobals();
  });
});
