import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ClientConfigResponseSchema } from '../../../contract/schemas/realtime.ts';
import { createApp } from '../../../server/app.ts';
import { ConfigError, loadConfig, type Config } from '../../../server/config.ts';
import { createDb } from '../../../server/db/create-db.ts';
import { createMemorySignals } from '../../../server/signals/signals.ts';

// PUSHER_*, BEAMS_*, VAPID_* and the client settings derived from them (docs/api/realtime.md, Configuration).

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'fichas-realtime-config-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const load = (env: Record<string, string> = {}) => loadConfig({ DATA_DIR: tempDir(), AUTH_SECRET: 'x'.repeat(32), ...env });

async function clientConfig(config: Config) {
  const { db } = createDb(config, { sqliteFile: ':memory:' });
  try {
    const app = createApp({ config, db, signals: createMemorySignals() });
    const res = await app.request('http://fichas.localhost:8080/api/client/public/config');
    expect(res.status).toBe(200);
    return ClientConfigResponseSchema.parse(await res.json());
  } finally {
    await db.destroy();
  }
}

describe('realtime configuration', () => {
  it('defaults to the embedded Pusher server and embedded push, with keys generated once and kept', () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir, AUTH_SECRET: 'x'.repeat(32) });
    expect(first.realtime.pusher).toMatchObject({ mode: 'embedded', cluster: 'eu', host: null, useTLS: false });
    expect(first.realtime.pusher.key).toMatch(/^[0-9a-f]{20}$/);
    expect(first.realtime.beams.mode).toBe('embedded');
    expect(first.realtime.vapid.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(statSync(join(dir, 'realtime-keys.json')).mode & 0o777).toBe(0o600);

    const again = loadConfig({ DATA_DIR: dir, AUTH_SECRET: 'x'.repeat(32) });
    expect(again.realtime).toEqual(first.realtime);
  });

  it('uses keys given in the environment for the embedded server', () => {
    const config = load({ PUSHER_APP_ID: '123', PUSHER_KEY: 'chave', PUSHER_SECRET: 'segredo-longo' });
    expect(config.realtime.pusher).toMatchObject({ mode: 'embedded', appId: '123', key: 'chave', secret: 'segredo-longo' });
  });

  it('switches to hosted Pusher with PUSHER_MODE=hosted and the app\'s keys', async () => {
    const config = load({ PUSHER_MODE: 'hosted', PUSHER_APP_ID: '123', PUSHER_KEY: 'chave', PUSHER_SECRET: 'segredo-longo' });
    expect(config.realtime.pusher).toMatchObject({ mode: 'external', host: null, cluster: 'eu', useTLS: true });
    expect((await clientConfig(config)).pusher).toEqual({
      key: 'chave',
      cluster: 'eu',
      wsHost: 'ws-eu.pusher.com',
      wsPort: 80,
      wssPort: 443,
      forceTLS: true,
      enabledTransports: ['ws', 'wss'],
      authEndpoint: '/api/auth/pusher/',
      userAuthEndpoint: '/api/auth/pusher/user-auth',
    });
  });

  it('points at another Pusher-compatible server with PUSHER_HOST', () => {
    const config = load({ PUSHER_HOST: 'soketi.interno', PUSHER_PORT: '6001', PUSHER_APP_ID: 'app', PUSHER_KEY: 'k', PUSHER_SECRET: 'segredo-longo' });
    expect(config.realtime.pusher).toMatchObject({ mode: 'external', host: 'soketi.interno', port: 6001, useTLS: false, wsHost: 'soketi.interno', wsPort: 6001 });
  });

  it.each([
    [{ PUSHER_MODE: 'hosted' }, 'PUSHER_APP_ID'],
    [{ PUSHER_HOST: 'soketi.interno', PUSHER_KEY: 'k' }, 'PUSHER_SECRET'],
    [{ PUSHER_MODE: 'embedded', PUSHER_HOST: 'x' }, 'PUSHER_HOST'],
    [{ PUSHER_MODE: 'nuvem' }, 'PUSHER_MODE'],
    [{ BEAMS_INSTANCE_ID: 'abc' }, 'BEAMS_SECRET_KEY'],
    [{ VAPID_PUBLIC_KEY: 'B'.repeat(87) }, 'VAPID_PRIVATE_KEY'],
    [{ VAPID_SUBJECT: 'suporte@fichas.ao' }, 'VAPID_SUBJECT'],
    [{ PUSHER_PORT: '70000', PUSHER_HOST: 'h', PUSHER_APP_ID: 'a', PUSHER_KEY: 'k', PUSHER_SECRET: 'segredo-longo' }, 'PUSHER_PORT'],
  ])('refuses %o with a message naming %s', (env, name) => {
    expect(() => load(env as Record<string, string>)).toThrow(ConfigError);
    expect(() => load(env as Record<string, string>)).toThrow(name);
  });

  it('tells the app to use the page\'s own host and port, and this server\'s Beams device API, by default', async () => {
    const config = load();
    const body = await clientConfig(config);
    expect(body).toEqual({
      status: 'success',
      message: '',
      pusher: {
        key: config.realtime.pusher.key,
        cluster: 'eu',
        wsHost: '',
        wsPort: null,
        wssPort: null,
        forceTLS: false,
        enabledTransports: ['ws', 'wss'],
        authEndpoint: '/api/auth/pusher/',
        userAuthEndpoint: '/api/auth/pusher/user-auth',
      },
      beams: {
        instanceId: config.realtime.beams.instanceId,
        endpointOverride: 'http://fichas.localhost:8080/api/beams',
        tokenUrl: '/api/auth/beams/',
      },
      vapidPublicKey: config.realtime.vapid.publicKey,
    });
  });
});
