import { sql, SqliteAdapter, type Transaction } from 'kysely';
import type { Db } from './create-db.ts';
import type { Database } from './schema.ts';
import { transaction } from './transaction.ts';

/** A transaction on the app's database; what a mutation's effect writes through. */
export type Trx = Transaction<Database>;

// SQLite has one writer, and on this server one connection: transactions already run one after another. What each
// costs most is its commit, which appends every page it changed to the WAL (a message changes about a dozen pages:
// the message, its chat's counter and preview, the recipient's unread count, the idempotency record, their indexes),
// and the mutations of one busy moment change mostly the same pages. So on SQLite the mutations that arrive in the
// same turn of the event loop share one transaction and one commit: each runs alone, in arrival order, in its own
// savepoint, so a mutation that fails or is refused undoes only its own writes; none is answered before the commit,
// and if the commit fails every one of them fails, as its own commit would have. A later mutation sees an earlier
// one's writes, as it would have after that one's commit. PostgreSQL (several connections, several processes) keeps
// one transaction per mutation. Rate-limit counters are written so too (groupedWrite): each message, comment and
// sign-in adds to one before its handler runs, and as a commit of its own that upsert cost more than the message.

interface Member {
  work: (trx: Trx) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

function isSqlite(db: Db): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

/** The mutations waiting for the next group's transaction, per database. */
const waiting = new WeakMap<Db, Member[]>();

async function runGroup(db: Db, members: readonly Member[]): Promise<void> {
  const outcomes: (() => void)[] = [];
  try {
    await transaction(db, async (trx) => {
      for (const member of members) {
        await sql`savepoint grouped_mutation`.execute(trx);
        try {
          const value = await member.work(trx);
          await sql`release grouped_mutation`.execute(trx);
          outcomes.push(() => member.resolve(value));
        } catch (error) {
          await sql`rollback to grouped_mutation`.execute(trx);
          await sql`release grouped_mutation`.execute(trx);
          outcomes.push(() => member.reject(error));
        }
      }
    });
  } catch (error) {
    // Nothing was committed: every member fails with the transaction.
    for (const member of members) member.reject(error);
    return;
  }
  for (const settle of outcomes) settle();
}

/** Adds `work` to the group of this turn of the event loop (SQLite), which starts its transaction once the turn ends. */
function joinGroup<T>(db: Db, work: (trx: Trx) => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let members = waiting.get(db);
    if (!members) {
      const group: Member[] = [];
      members = group;
      waiting.set(db, group);
      // After the turn's I/O: requests read in it that reach here meanwhile join this group.
      setImmediate(() => {
        waiting.delete(db);
        void runGroup(db, group);
      });
    }
    members.push({ work, resolve: resolve as (value: unknown) => void, reject });
  });
}

/**
 * Runs `work` in a transaction and settles once that transaction has committed (or failed): on SQLite, the
 * transaction of every mutation that arrived in the same turn of the event loop (see above); otherwise its own.
 */
export function inTransaction<T>(db: Db, work: (trx: Trx) => Promise<T>): Promise<T> {
  return isSqlite(db) ? joinGroup(db, work) : transaction(db, work);
}

/**
 * One atomic statement (an upsert) that needs no transaction of its own: on SQLite it joins the group of this turn,
 * so it shares that group's commit; elsewhere it runs at once, committing by itself.
 */
export function groupedWrite<T>(db: Db, work: (db: Db) => Promise<T>): Promise<T> {
  return isSqlite(db) ? joinGroup(db, work) : work(db);
}
