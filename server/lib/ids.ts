import { randomUUID } from 'node:crypto';

/** Ids are made in app code (not by the database) so SQLite and PostgreSQL rows look the same. */
export function newId(): string {
  return randomUUID();
}
