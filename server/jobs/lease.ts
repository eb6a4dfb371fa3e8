import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/create-db.ts';
import type { JobLeasesTable } from '../db/schema.ts';

/** This process's name in the lease table: host, pid and a random tail (a restarted pid is another holder). */
export function processHolderId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}

export interface LeaseRequest {
  job: string;
  holder: string;
  ttlMs: number;
  now: Date;
}

/**
 * Takes or renews the lease of one job. The row is created if missing (the first process wins the insert); then one
 * conditional UPDATE gives the lease to `holder` only if it already holds it or the lease has run out, so two
 * processes never both hold it: the database decides, on SQLite and PostgreSQL alike. Times come from the
 * processes' clocks, which is why hosts must keep them synchronised (docs/operations.md).
 */
export async function acquireLease(db: Db, request: LeaseRequest): Promise<boolean> {
  const at = request.now.toISOString();
  const expires = new Date(request.now.getTime() + request.ttlMs).toISOString();
  await db
    .insertInto('job_leases')
    .values({ job: request.job, holder: request.holder, expires_at: expires, acquired_at: at, heartbeat_at: at })
    .onConflict((oc) => oc.column('job').doNothing())
    .execute();
  const taken = await db
    .updateTable('job_leases')
    .set((eb) => ({
      expires_at: expires,
      heartbeat_at: at,
      acquired_at: eb.case().when('holder', '=', request.holder).then(eb.ref('acquired_at')).else(at).end(),
      holder: request.holder,
    }))
    .where('job', '=', request.job)
    .where((eb) => eb.or([eb('holder', '=', request.holder), eb('expires_at', '<', at)]))
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

/** Gives the lease up at once (a clean stop), so another process takes the job without waiting for it to run out. */
export async function releaseLease(db: Db, job: string, holder: string): Promise<void> {
  await db
    .updateTable('job_leases')
    .set({ expires_at: new Date(0).toISOString() })
    .where('job', '=', job)
    .where('holder', '=', holder)
    .execute();
}

export async function listLeases(db: Db): Promise<JobLeasesTable[]> {
  return db.selectFrom('job_leases').selectAll().orderBy('job').execute();
}
