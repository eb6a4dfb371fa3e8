import type { AppDb } from './app-db.ts';
import type { SessionRecord } from './types.ts';

export async function readSessionRecord(db: AppDb): Promise<SessionRecord | undefined> {
  const record = await db.kv.get('session');
  return record?.key === 'session' ? record : undefined;
}
