import type { Db } from '../../db/create-db.ts';

// The football feed's bookkeeping in `feed_estado`: one JSON value per key (the plan used today, the leagues'
// seasons, when each kind of read last ran). A value that does not parse reads as missing, so a damaged row costs a
// read again, never a crash.

export async function readFeedState<T>(db: Db, chave: string): Promise<T | null> {
  const row = await db.selectFrom('feed_estado').select('valor').where('chave', '=', chave).executeTakeFirst();
  if (!row) return null;
  try {
    return JSON.parse(row.valor) as T;
  } catch {
    return null;
  }
}

export async function writeFeedState(db: Db, chave: string, value: unknown, now: Date): Promise<void> {
  const valor = JSON.stringify(value);
  const updated_at = now.toISOString();
  await db
    .insertInto('feed_estado')
    .values({ chave, valor, updated_at })
    .onConflict((oc) => oc.column('chave').doUpdateSet({ valor, updated_at }))
    .execute();
}
