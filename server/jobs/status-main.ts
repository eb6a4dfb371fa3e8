import { ConfigError, loadConfig } from '../config.ts';
import { createDb } from '../db/create-db.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { listLeases } from './lease.ts';
import type { Db } from '../db/create-db.ts';
import { PLAN_KEY, type PlanState } from '../sports/api-football/quota.ts';
import { readFeedState } from '../sports/api-football/feed-state.ts';

/** The real football feed's day, when there is one: requests used, what the API says is left, the last success and error. */
async function printFeedPlan(db: Db): Promise<void> {
  const plan = await readFeedState<PlanState>(db, PLAN_KEY);
  if (!plan) return;
  const left = plan.api?.dayRemaining;
  console.log(
    `API-Football  ${plan.day}: ${plan.used} pedidos feitos${left !== null && left !== undefined ? `, ${left} por fazer segundo a API` : ''}` +
      `${plan.slowedOn === plan.day ? ' (quase gasto: ao vivo mais devagar)' : ''}; último êxito ${plan.lastSuccessAt ?? 'nenhum'}` +
      `${plan.lastError ? `; último erro ${plan.lastErrorAt}: ${plan.lastError}` : ''}`,
  );
}

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
    await printFeedPlan(db);
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
