/** The name of this origin's store (db/instance.ts); the start-up probe (db/session-probe.ts) reads it without Dexie. */
export const DB_NAME = 'fichas';
