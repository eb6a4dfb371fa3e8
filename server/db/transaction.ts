import { AsyncLocalStorage } from 'node:async_hooks';
import type { Transaction } from 'kysely';
import type { Db } from './create-db.ts';
import type { Database } from './schema.ts';

// On SQLite one transaction holds every writer of the process (server/db/group-commit.ts shares it between the
// mutations of a moment), so a step that keeps the CPU or the thread pool busy inside it stalls every other user:
// forty scrypt checks inside one held every query for seconds. Work that costs CPU (password hashing and
// verification, image decoding, OG rendering) runs before or after the transaction, never inside it
// (docs/architecture.md, "Work that costs CPU"). Every transaction of the server is opened here, so it is known
// when code runs inside one (eslint refuses `.transaction()` anywhere else in server/), and that work refuses to
// start there (assertOutsideTransaction).

const scope = new AsyncLocalStorage<true>();

/** Runs `work` in one transaction of its own, marked so that CPU-heavy work refuses to start inside it. */
export function transaction<T>(db: Db, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  // eslint-disable-next-line no-restricted-syntax -- the one place a transaction is opened
  return scope.run(true, () => db.transaction().execute(work));
}

/** Whether the caller runs inside a database transaction opened by `transaction`. */
export function insideTransaction(): boolean {
  return scope.getStore() === true;
}

/** Thrown when CPU-heavy work is started inside a database transaction: a bug in the caller, never the user's. */
export class CpuWorkInTransactionError extends Error {
  constructor(what: string) {
    super(`${what} must not run inside a database transaction: do it before the transaction opens, or after it commits`);
    this.name = 'CpuWorkInTransactionError';
  }
}

/** Refuses to start `what` (password hashing, image work…) inside a database transaction. */
export function assertOutsideTransaction(what: string): void {
  if (insideTransaction()) throw new CpuWorkInTransactionError(what);
}
