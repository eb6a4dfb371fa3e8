import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MSG } from '../../../contract/messages.ts';
import { loadConfig } from '../../../server/config.ts';
import { isDemoDatabase, markDemoDatabase } from '../../../server/seed/demo-flag.ts';
import { seedDemoUsers } from '../../../server/seed/seed.ts';
import { describeOnEachDb } from './helpers/matrix.ts';
import { expectError, idemKey, newUser } from './helpers/social.ts';

describe('the demo is explicit', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'fichas-demo-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const secret = 'x'.repeat(32);

  it('npm start on the embedded database is the demo: seed and the simulated gateway on', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), AUTH_SECRET: secret });
    expect(config).toMatchObject({ demo: true, seed: true, payments: 'simulated' });
  });

  it('with DATABASE_URL, no demo users and no simulated gateway unless asked for', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), AUTH_SECRET: secret, DATABASE_URL: 'postgres://u@db/fichas' });
    expect(config).toMatchObject({ demo: false, seed: false, payments: 'off' });
    const asked = loadConfig({
      DATA_DIR: dataDir(),
      AUTH_SECRET: secret,
      DATABASE_URL: 'postgres://u@db/fichas',
      SEED: 'on',
      PAYMENTS: 'simulated',
    });
    expect(asked).toMatchObject({ seed: true, payments: 'simulated' });
  });

  it('with NODE_ENV=production, off as well, even on the embedded database', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), AUTH_SECRET: secret, NODE_ENV: 'production' });
    expect(config).toMatchObject({ demo: false, seed: false, payments: 'off' });
  });

  it('refuses an unknown PAYMENTS value with a clear error', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), AUTH_SECRET: secret, PAYMENTS: 'free' })).toThrow(/PAYMENTS: expected simulated, emis-gpo, proxypay or off/);
  });
});

// Each on a database of its own, in whichever order they run: one seeds and marks its database.
describeOnEachDb(
  'demo accounts only on a database started as the demo',
  (server) => {
    it('a database with users of its own never gets the demo accounts or the demo mark', async () => {
      await newUser(server(), 'real');
      expect(await seedDemoUsers(server().db)).toBe(false);
      const privileged = await server().db.selectFrom('usuarios').select('id').where('conta', 'is not', null).execute();
      expect(privileged).toEqual([]);
      expect(await isDemoDatabase(server().db)).toBe(false);
    });
  },
  { seed: false },
);

describeOnEachDb(
  'an empty database started as the demo',
  (server) => {
    it('an empty database is seeded and marked, once', async () => {
      const db = server().db;
      await db.deleteFrom('usuarios').execute();
      expect(await seedDemoUsers(db)).toBe(true);
      await markDemoDatabase(db);
      await markDemoDatabase(db);
      expect(await isDemoDatabase(db)).toBe(true);
    });
  },
  { seed: false },
);

describeOnEachDb('PAYMENTS=off', (server) => {
  it('starts no payment: 503 with a clear message and nothing stored', async () => {
    const user = await newUser(server(), 'nopay');
    const renew = await user.get('/api/client/common/licenca/renovarLicenca/mensal', idemKey());
    expectError(renew, 503, MSG.paymentsUnavailable);
    const payments = await server().db.selectFrom('pagamentos').select('id').where('usuario_id', '=', user.id).execute();
    expect(payments).toEqual([]);
  });

  it('serves no simulated payment page and no Pagar button', async () => {
    const app = server().appWith({ payments: 'off' });
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await app.request(`http://localhost/pagamentos/emis/${id}`)).status).toBe(404);
    const button = await app.request(`http://localhost/api/client/public/pagamentos/emis/${id}/confirmar`, {
      method: 'POST',
      headers: { accept: 'application/json', 'x-requested-with': 'fichas', 'sec-fetch-site': 'same-origin' },
    });
    expect(button.status).toBe(404);
  });
}, { env: { PAYMENTS: 'off' } });
