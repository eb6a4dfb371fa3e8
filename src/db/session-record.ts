import type { PromiseExtended } from 'dexie';
import type { AppDb } from './app-db.ts';
import type { SessionRecord } from './types.ts';

// Chains of Dexie's promises, not async functions, so that they can be one of a transaction's reads
// (StoreRead in state/personal-atom.ts).

export function readSessionRecord(db: Pick<AppDb, 'kv'>): PromiseExtended<SessionRecord | undefined> {
  return db.kv.get('session').then((record) => (record?.key === 'session' ? record : undefined));
}

/**
 * Whose personal rows the mirror holds: the stored session's user (past its expiry too: nobody else has signed in
 * since), null when signed out. Signing in as someone else or signing out clears those rows in the same
 * transaction that writes the session (sync/mirror-owner.ts), so this is also who may see them.
 */
export function readMirrorOwner(db: Pick<AppDb, 'kv'>): PromiseExtended<string | null> {
  return readSessionRecord(db).then((record) => record?.session?.user.id ?? null);
}
