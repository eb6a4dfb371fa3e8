import type { Transaction } from 'dexie';
import { SCHEMA_V4, type AppDb, type TableName } from './app-db.ts';

// Dexie keeps a transaction across a native `await` by tracking it in a zone, and in Chromium that tracking failed
// when several transactions overlapped: what ran after an `await` went to transactions of its own (no longer
// atomic) and the real one committed early (PrematureCommitError). A table taken from the transaction object is
// bound to that transaction whatever the zone, so every write transaction goes through `writeTransaction`, which
// hands its body those tables and nothing else: no `transaction` to nest, no way to reach the store's own tables
// but the variable outside, which eslint.config.js forbids inside the body (tests/unit/src/atomic-writes.test.ts).

/** Some of the store's tables, as one transaction sees them. */
type TablesOf<N extends TableName> = Pick<AppDb, N>;

/** Every table of the store, as one transaction sees them. */
export type StoreTables = TablesOf<TableName>;

/** Every table of the store. */
export const ALL_TABLES = Object.keys(SCHEMA_V4) as TableName[];

function boundTables<N extends TableName>(transaction: Transaction, names: readonly N[]): TablesOf<N> {
  return Object.fromEntries(names.map((name) => [name, transaction.table(name)])) as unknown as TablesOf<N>;
}

/**
 * Runs `body` in one read-write transaction over `names`; everything it reads and writes through the tables it is
 * given commits together or not at all.
 */
export function writeTransaction<N extends TableName, T>(db: AppDb, names: readonly N[], body: (tx: TablesOf<N>) => Promise<T>): Promise<T> {
  // The one place a read-write transaction is opened (eslint.config.js).
  // eslint-disable-next-line no-restricted-syntax
  return db.transaction('rw', [...names], (transaction) => body(boundTables(transaction, names)));
}
