import { expect, it } from 'vitest';
import { acquireLease, listLeases } from '../../../server/jobs/lease.ts';
import { DEFAULT_HEARTBEAT_MS, DEFAULT_LEASE_MS, JobScheduler, type JobDefinition } from '../../../server/jobs/scheduler.ts';
import { housekeeping } from '../../../server/jobs/housekeeping.ts';
import { describeOnEachDb } from './helpers/matrix.ts';
import { newUser } from './helpers/social.ts';

const quiet = () => {};

describeOnEachDb(
  'background jobs run in one process at a time',
  (server) => {
    const jobs = (runs: string[], prefix: string): JobDefinition[] =>
      ['a', 'b'].map((name) => ({ name: `${prefix}-${name}`, everyMs: 60_000, run: async () => void runs.push(`${prefix}-${name}`) }));

    it('a dead holder is taken over within 30 s by default', () => {
      expect(DEFAULT_LEASE_MS + DEFAULT_HEARTBEAT_MS).toBeLessThanOrEqual(30_000);
    });

    it('one of two processes holds each job; the other takes over when the holder stops or dies', async () => {
      const db = server().db;
      const runs: string[] = [];
      const first = new JobScheduler({ db, jobs: jobs(runs, 't1'), holder: 'processo-a', leaseMs: 20_000, heartbeatMs: 5_000, log: quiet });
      const second = new JobScheduler({ db, jobs: jobs(runs, 't1'), holder: 'processo-b', leaseMs: 20_000, heartbeatMs: 5_000, log: quiet });
      const t0 = new Date('2026-11-24T10:00:00Z');

      expect(await first.heartbeat(t0)).toEqual(['t1-a', 't1-b']);
      expect(await second.heartbeat(t0)).toEqual([]);
      // Renewed by its heartbeat, the holder keeps the jobs past the first lease.
      expect(await first.heartbeat(new Date(t0.getTime() + 15_000))).toEqual(['t1-a', 't1-b']);
      expect(await second.heartbeat(new Date(t0.getTime() + 30_000))).toEqual([]);

      // The holder dies (no more heartbeats): its lease runs out 20 s after the last renewal and B takes the jobs.
      expect(await second.heartbeat(new Date(t0.getTime() + 35_001))).toEqual(['t1-a', 't1-b']);
      // A, back from a long pause, no longer holds them: its own view ran out before the database's.
      expect(first.held(t0.getTime() + 35_001)).toEqual([]);
      expect(await first.heartbeat(new Date(t0.getTime() + 36_000))).toEqual([]);
      expect((await listLeases(db)).filter((l) => l.job.startsWith('t1-')).map((l) => l.holder)).toEqual(['processo-b', 'processo-b']);
    });

    it('a clean stop hands the jobs over at once, and a job runs only where it is held', async () => {
      const db = server().db;
      const runs: string[] = [];
      const first = new JobScheduler({ db, jobs: jobs(runs, 't2'), holder: 'a', log: quiet });
      const second = new JobScheduler({ db, jobs: jobs(runs, 't2'), holder: 'b', log: quiet });
      const now = new Date();
      await first.heartbeat(now);
      await second.heartbeat(now);
      const [jobA] = jobs([], 't2');
      expect(second.runIfHeld({ ...jobA!, run: async () => void runs.push('b ran') }, now)).toBeUndefined();
      await first.runIfHeld({ ...jobA!, run: async () => void runs.push('a ran') }, now);
      expect(runs).toEqual(['a ran']);

      await first.stop();
      expect(await second.heartbeat(new Date())).toEqual(['t2-a', 't2-b']);
    });

    it('many processes racing for a free lease: exactly one gets it', async () => {
      const db = server().db;
      const now = new Date();
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) => acquireLease(db, { job: 'corrida', holder: `p${i}`, ttlMs: 20_000, now })),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
    });

    it('housekeeping sweeps old idempotency keys, ended sessions past expiry and closed rate-limit windows only', async () => {
      const db = server().db;
      const user = await newUser(server(), 'limpeza');
      const now = new Date('2026-11-24T12:00:00Z');
      const old = new Date(now.getTime() - 8 * 86_400_000).toISOString();
      const recent = new Date(now.getTime() - 86_400_000).toISOString();
      await db
        .insertInto('idempotency')
        .values([
          { user_id: user.id, key: 'velha', status: 200, body: '{}', created_at: old, fingerprint: null },
          { user_id: user.id, key: 'nova', status: 200, body: '{}', created_at: recent, fingerprint: null },
        ])
        .execute();
      await db
        .insertInto('sessoes_terminadas')
        .values([
          { sid: 'expirada', usuario_id: user.id, expira_em: recent },
          { sid: 'valida', usuario_id: user.id, expira_em: new Date(now.getTime() + 86_400_000).toISOString() },
        ])
        .execute();
      await db
        .insertInto('rate_limits')
        .values([
          { key: 'fechada', points: 3, expire: now.getTime() - 1 },
          { key: 'aberta', points: 3, expire: now.getTime() + 60_000 },
        ])
        .execute();
      await housekeeping(db, now);
      const keys = await db.selectFrom('idempotency').select('key').where('user_id', '=', user.id).execute();
      expect(keys.map((k) => k.key)).toEqual(['nova']);
      const sessions = await db.selectFrom('sessoes_terminadas').select('sid').where('usuario_id', '=', user.id).execute();
      expect(sessions.map((s) => s.sid)).toEqual(['valida']);
      const limits = await db.selectFrom('rate_limits').select('key').where('key', 'in', ['fechada', 'aberta']).execute();
      expect(limits.map((l) => l.key)).toEqual(['aberta']);
    });
  },
  { seed: false },
);
