import type { AppDb } from '../db/app-db.ts';
import type { SessionRecord } from '../db/types.ts';
import { readMirrorOwner } from '../db/session-record.ts';
import { clearPersonalRows } from '../db/personal-rows.ts';
import { ALL_TABLES, writeTransaction, type StoreTables } from '../db/store-transaction.ts';
import { COMPETITIONS_QUERY, isSharedResource } from './resource-keys.ts';

// A shared phone: one person's rows are never shown to the next. The mirror holds the rows of one owner, the stored
// session's user; signing out or signing in as someone else clears them in the transaction that writes the session,
// and an answer fetched for a previous owner is dropped instead of written (writeForOwner).

/** Removes every personal row; `keepDraft` keeps the slip a signed-out visitor built, for the account they sign in to. */
function clearPersonalData(tx: StoreTables, options: { keepDraft: boolean }): Promise<void> {
  return clearPersonalRows((name) => tx[name], {
    draft: options.keepDraft,
    meta: isSharedResource,
    query: (key) => key === COMPETITIONS_QUERY,
  });
}

/**
 * Stores the session; when it names another owner than the mirror had (sign-out, another user's sign-in, a session
 * the server ended), the previous owner's rows go in the same transaction, so no read ever sees them under the new
 * session.
 */
export async function writeSession(db: AppDb, patch: Omit<SessionRecord, 'key'>): Promise<void> {
  await writeTransaction(db, ALL_TABLES, async (tx) => {
    const before = await readMirrorOwner(tx);
    await tx.kv.put({ key: 'session', ...patch });
    const after = patch.session?.user.id ?? null;
    if (after !== before) await clearPersonalData(tx, { keepDraft: before === null });
  });
}

/**
 * Writes what was fetched for `owner` only while the mirror still belongs to them: an answer that arrives after a
 * sign-out or a switch of user (a slow 3G request) is dropped. `write` gets the transaction's tables and must write
 * through them (store-transaction.ts). Returns whether it wrote.
 */
export async function writeForOwner(db: AppDb, owner: string | null, write: (tx: StoreTables) => Promise<unknown>): Promise<boolean> {
  return writeTransaction(db, ALL_TABLES, async (tx) => {
    if ((await readMirrorOwner(tx)) !== owner) return false;
    await write(tx);
    return true;
  });
}
