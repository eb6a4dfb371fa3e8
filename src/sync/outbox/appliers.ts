import type { StoreTables } from '../../db/store-transaction.ts';
import type { OutboxEntry } from '../../db/outbox-types.ts';

/**
 * How a kind of mutation folds outcomes into the store. Every call runs inside the transaction that also deletes
 * or updates the entry, so the store and the outbox never disagree; `db` is that transaction's tables
 * (db/store-transaction.ts).
 */
export interface Applier {
  /** The server acknowledged: replace the optimistic row with the server's (e.g. local id -> server id). */
  applied?(db: StoreTables, entry: OutboxEntry, body: unknown): Promise<void>;
  /** The server refused: keep the row, marked with the reason, so the user can fix it. */
  rejected?(db: StoreTables, entry: OutboxEntry, body: unknown): Promise<void>;
  /** The user discarded a refused entry: undo its optimistic change. */
  discarded?(db: StoreTables, entry: OutboxEntry): Promise<void>;
}

export type ApplierRegistry = Readonly<Record<string, Applier>>;
