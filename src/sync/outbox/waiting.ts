import type { AppDb } from '../../db/app-db.ts';

/**
 * The ids of the rows of `table` that an outbox entry created or changed and the server has not settled yet. A page
 * or snapshot fetched before the server has the change would undo the phone's optimistic row, so refreshers keep
 * these rows as the phone has them. A Dexie promise, usable inside a store transaction.
 */
export function waitingIds(db: Pick<AppDb, 'outbox'>, table: string): Promise<Set<string>> {
  return db.outbox.toArray().then((entries) => new Set(entries.flatMap((entry) => (entry.ref?.table === table ? [entry.ref.id] : []))));
}
