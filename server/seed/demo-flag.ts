import type { Db } from '../db/create-db.ts';

const DEMO_KEY = 'demo';

/** Records that this database was started as the demo (its privileged accounts have published passwords). */
export async function markDemoDatabase(db: Db, now = new Date()): Promise<void> {
  await db
    .insertInto('servidor_meta')
    .values({ chave: DEMO_KEY, valor: '1', updated_at: now.toISOString() })
    .onConflict((oc) => oc.column('chave').doNothing())
    .execute();
}

export async function isDemoDatabase(db: Db): Promise<boolean> {
  const row = await db.selectFrom('servidor_meta').select('valor').where('chave', '=', DEMO_KEY).executeTakeFirst();
  return row?.valor === '1';
}
