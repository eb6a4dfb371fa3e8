import type { AppDb } from '../../db/app-db.ts';

/** This installation's id (DESIGN §4), made once and kept in the phone's store. Call inside a transaction on kv. */
export async function clientIdOf(db: Pick<AppDb, 'kv'>): Promise<string> {
  const stored = await db.kv.get('clientId');
  if (stored?.key === 'clientId') return stored.value;
  const value = crypto.randomUUID();
  await db.kv.put({ key: 'clientId', value });
  return value;
}

/** The next mutation id: monotonic for this client. Call inside a transaction on kv. */
export async function takeMutationId(db: Pick<AppDb, 'kv'>): Promise<number> {
  const stored = await db.kv.get('nextMutationId');
  const value = stored?.key === 'nextMutationId' ? stored.value : 1;
  await db.kv.put({ key: 'nextMutationId', value: value + 1 });
  return value;
}
