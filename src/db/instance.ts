import { AppDb } from './app-db.ts';
import { DB_NAME } from './db-name.ts';

/** The single database of this origin. Tests build their own AppDb with a unique name instead. */
export const db = new AppDb(DB_NAME);
