import type { Db } from '../db/create-db.ts';
import { sweepIdempotencyKeys } from '../idempotency/idempotent.ts';

const DAY_MS = 86_400_000;

/**
 * What the database no longer needs: idempotency keys past their 7 days (DESIGN §4), sessions ended by sign-out
 * once the token itself would have expired, account links used or expired more than a day ago, and rate-limit
 * counters whose window has closed. Each delete is bounded by an index and safe to repeat.
 */
export async function housekeeping(db: Db, now = new Date()): Promise<void> {
  await sweepIdempotencyKeys(db, now.getTime());
  const at = now.toISOString();
  await db.deleteFrom('sessoes_terminadas').where('expira_em', '<', at).execute();
  await db
    .deleteFrom('tokens_conta')
    .where('expira_em', '<', new Date(now.getTime() - DAY_MS).toISOString())
    .execute();
  await db.deleteFrom('rate_limits').where('expire', '<', now.getTime()).execute();
}
