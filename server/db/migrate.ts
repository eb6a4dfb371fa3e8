import { Migrator, PostgresAdapter, sql, type MigrationResult } from 'kysely';
import type { Db } from './create-db.ts';
import { migrations } from './migrations/index.ts';

/**
 * On PostgreSQL the migration tables live in the connection's current schema. Kysely otherwise looks for them in
 * every schema, so a `kysely_migration_lock` in another schema (a parallel test run's) reads as "already there"
 * and the migration fails with 'relation "kysely_migration_lock" does not exist'.
 */
async function migrationSchema(db: Db): Promise<string | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}

export async function migrateToLatest(db: Db): Promise<MigrationResult[]> {
  const migrationTableSchema = await migrationSchema(db);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(`Database migration ${failed ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  return results ?? [];
}
