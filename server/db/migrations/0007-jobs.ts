import type { Kysely, Migration } from 'kysely';

// Background jobs run in one server process at a time (docs/operations.md, "Running several processes"): the
// process holding a job's lease renews it with a heartbeat; when it stops or dies, the lease runs out and another
// process takes the job over.
export const jobs: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('job_leases')
      .addColumn('job', 'text', (c) => c.primaryKey())
      .addColumn('holder', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('acquired_at', 'text', (c) => c.notNull())
      .addColumn('heartbeat_at', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('job_leases').ifExists().execute();
  },
};
