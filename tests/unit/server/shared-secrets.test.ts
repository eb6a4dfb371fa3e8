import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config.ts';
import { shareGeneratedSecrets } from '../../../server/shared-secrets.ts';
import { describeOnEachDb } from './helpers/matrix.ts';

describeOnEachDb(
  'keys shared by several processes on one database',
  (server) => {
    const dirs: string[] = [];
    const processConfig = (extra: Record<string, string> = {}) => {
      const dir = mkdtempSync(join(tmpdir(), 'fichas-secret-'));
      dirs.push(dir);
      const url = server().config.databaseUrl;
      return loadConfig({ DATA_DIR: dir, ...(url ? { DATABASE_URL: url } : {}), ...extra });
    };
    afterEach(() => {
      for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
    });

    it('processes with different DATA_DIRs and no keys in the environment agree on every key (PostgreSQL)', async () => {
      const kind = server().backend;
      const first = processConfig();
      const second = processConfig();
      // Each DATA_DIR generated its own keys.
      expect(second.authSecret).not.toBe(first.authSecret);
      const a = await shareGeneratedSecrets(first, server().db, kind, {});
      const b = await shareGeneratedSecrets(second, server().db, kind, {});
      if (kind === 'sqlite') {
        // One SQLite file is one process: its DATA_DIR keys stay as they are.
        expect(a).toEqual(first);
        return;
      }
      expect(b.authSecret).toBe(a.authSecret);
      expect(b.realtime.pusher).toEqual(a.realtime.pusher);
      expect(b.realtime.beams).toEqual(a.realtime.beams);
      expect(b.realtime.vapid).toEqual(a.realtime.vapid);
      expect(a.authSecret).toBe(first.authSecret);
    });

    it('a key given in the environment always wins', async () => {
      const env = { AUTH_SECRET: 'segredo-do-operador-com-32-caracteres' };
      const config = processConfig(env);
      const shared = await shareGeneratedSecrets(config, server().db, server().backend, env);
      expect(shared.authSecret).toBe(env.AUTH_SECRET);
    });
  },
  { seed: false },
);
