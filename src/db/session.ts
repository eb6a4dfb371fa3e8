import type { AppDb } from './app-db.ts';
import type { SessionRecord } from './types.ts';

export async function readSessionRecord(db: AppDb): Promise<SessionRecord | undefined> {
  const record = await db.kv.get('session');
  return record?.key === 'session' ? record : undefined;
}

/**
 * Whose personal rows the mirror holds: the stored session's user (past its expiry too: nobody else has signed in
 * since), null when signed out. Signing in as someone else or signing out clears those rows in the same
 * transaction that writes the session (sync/mirror-owner.ts), so this is also who may see them.
 */
export async function readMirrorOwner(db: AppDb): Promise<string | null> {
  return (await readSessionRecord(db))?.session?.user.id ?? null;
}
