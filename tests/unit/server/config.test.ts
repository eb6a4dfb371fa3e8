import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config.ts';

describe('loadConfig', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'fichas-config-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('applies the documented defaults', () => {
    const dir = tempDir();
    const config = loadConfig({ DATA_DIR: dir, AUTH_SECRET: 'x'.repeat(32) });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: resolve(dir),
      databaseUrl: null,
      google: null,
      staticDir: resolve('dist'),
      maintenance: false,
      seed: true,
    });
  });

  it('reads every variable, treating empty ones as unset', () => {
    const config = loadConfig({
      PORT: '3000',
      HOST: '127.0.0.1',
      DATA_DIR: tempDir(),
      DATABASE_URL: 'postgres://u@db:5432/fichas',
      AUTH_SECRET: 'a-long-enough-secret',
      AUTH_GOOGLE_ID: 'id',
      AUTH_GOOGLE_SECRET: 'secret',
      STATIC_DIR: '',
      MAINTENANCE: 'on',
      SEED: 'off',
    });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: 'postgres://u@db:5432/fichas',
      google: { clientId: 'id', clientSecret: 'secret' },
      staticDir: resolve('dist'),
      maintenance: true,
      seed: false,
    });
  });

  it('generates AUTH_SECRET once, keeps it in DATA_DIR for the owner only, and reuses it', () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir }).authSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dir, 'auth-secret'), 'utf8').trim()).toBe(first);
    expect(statSync(join(dir, 'auth-secret')).mode & 0o077).toBe(0);
    expect(loadConfig({ DATA_DIR: dir }).authSecret).toBe(first);
  });

  it.each([
    [{ PORT: 'abc' }, /PORT: .*"abc"/],
    [{ PORT: '70000' }, /PORT: expected 0 to 65535/],
    [{ MAINTENANCE: 'maybe' }, /MAINTENANCE: expected one of on\/off/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL: expected a postgres:\/\//],
    [{ AUTH_SECRET: 'short' }, /AUTH_SECRET: expected at least 16 characters/],
    [{ AUTH_GOOGLE_ID: 'only-the-id' }, /AUTH_GOOGLE_ID and AUTH_GOOGLE_SECRET must be set together/],
  ])('refuses %o with a clear error', (env, message) => {
    const load = () => loadConfig({ DATA_DIR: tempDir(), AUTH_SECRET: 'x'.repeat(32), ...env });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(message);
  });
});
