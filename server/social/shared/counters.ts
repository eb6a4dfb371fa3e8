import { sql, type Kysely } from 'kysely';
import type { Updates } from '../../../contract/schemas/profile.ts';
import { COUNTER_NAMES, type CounterName } from '../../../contract/schemas/signals.ts';
import type { Database } from '../../db/schema.ts';
import type { Trx } from '../../idempotency/idempotent.ts';

/** Every unread counter of SPEC §3, 0 when never raised. */
export async function readCounters(db: Kysely<Database>, userId: string): Promise<Updates> {
  const rows = await db.selectFrom('contadores').select(['nome', 'count']).where('usuario_id', '=', userId).execute();
  const counts = new Map(rows.map((row) => [row.nome, row.count]));
  return Object.fromEntries(COUNTER_NAMES.map((name) => [name, { count: Math.max(0, counts.get(name) ?? 0) }])) as Updates;
}

export async function resetCounter(trx: Trx, userId: string, counter: CounterName): Promise<void> {
  await trx.updateTable('contadores').set({ count: 0 }).where('usuario_id', '=', userId).where('nome', '=', counter).execute();
}

/** Lowers a counter by what was just read, never below 0. */
export async function lowerCounter(trx: Trx, userId: string, counter: CounterName, by: number): Promise<void> {
  if (by <= 0) return;
  await trx
    .updateTable('contadores')
    .set({ count: sql<number>`case when count > ${by} then count - ${by} else 0 end` })
    .where('usuario_id', '=', userId)
    .where('nome', '=', counter)
    .execute();
}
