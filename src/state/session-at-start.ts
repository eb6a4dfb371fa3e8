import { DB_NAME } from '../db/db-name.ts';
import { probeStoredSession } from '../db/session-probe.ts';

/**
 * Whether this phone holds a live session, answered before the store and the app have loaded (app/start.tsx): a
 * visitor with none gets the landing page at once, and the session is checked with the server after.
 */
export function hasStoredSession(): Promise<boolean> {
  return probeStoredSession(DB_NAME);
}

/** A first start's session check (sync/session-at-start.ts): a small chunk of its own, not the whole sync layer. */
export async function checkSessionAtStart(): Promise<void> {
  const [{ db }, { checkSessionAtStart: check }] = await Promise.all([import('../db/instance.ts'), import('../sync/session-at-start.ts')]);
  await check(db);
}

