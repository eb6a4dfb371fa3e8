import { Migrator, type MigrationResult } from 'kysely';
import type { Db } from './create-db.ts';
import { migrations } from './migrations/index.ts';

export async function migrateToLatest(db: Db): Promise<MigrationResult[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(`Database migration ${failed ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  return results ?? [];
}
