import { ConfigError, loadConfig } from '../config.ts';
import { createDb } from '../db/create-db.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { listLeases } from './lease.ts';

// `npm run jobs`: which process holds which background job, on the database the environment points at.
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const { db } = createDb(config);
  try {
    await migrateToLatest(db);
    const leases = await listLeases(db);
    const now = Date.now();
    if (leases.length === 0) console.log('Nenhuma tarefa de fundo foi ainda iniciada nesta base de dados.');
    for (const lease of leases) {
      const live = Date.parse(lease.expires_at) > now;
      const state = live ? `com ${lease.holder} (desde ${lease.acquired_at}, último sinal ${lease.heartbeat_at})` : 'livre (a lease expirou)';
      console.log(`${lease.job.padEnd(10)} ${state}`);
    }
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
