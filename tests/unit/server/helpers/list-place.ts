import type { Db } from '../../../../server/db/create-db.ts';
import { nextListPlace, type ListPlace } from '../../../../server/db/list-place.ts';

/** The place in its list of a row a test writes straight into the database, taken as the app's inserts take it. */
export function takePlace(db: Db, list: string, at = new Date()): Promise<ListPlace> {
  return db.transaction().execute((trx) => nextListPlace(trx, list, at));
}
