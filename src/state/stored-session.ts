import { DB_NAME } from '../db/db-name.ts';
import { probeStoredSession } from '../db/session-probe.ts';

/**
 * Whether this phone holds a live session, answered before the store and the app have loaded (app/start.tsx): a
 * visitor with none gets the landing page at once, and the session is checked with the server after.
 */
export function hasStoredSession(): Promise<boolean> {
  return probeStoredSession(DB_NAME);
}
