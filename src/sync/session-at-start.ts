import type { AppDb } from '../db/app-db.ts';
import { readSessionRecord } from '../db/session-record.ts';
import { fetchSessionAtStart } from '../api/session-at-start.ts';
import { writeSession } from './mirror-owner.ts';

/**
 * A first start (no session stored on this phone yet) asks the server who is signed in, with nothing else of the sync
 * layer loaded, so the first screen can follow; the full refresh (session-actions.ts) runs once that screen is up. Without a
 * clear answer it records, as the full refresh does, that nobody is known.
 */
export async function checkSessionAtStart(db: AppDb): Promise<void> {
  if (await readSessionRecord(db)) return;
  const result = await fetchSessionAtStart();
  // A sign-in or the full refresh may have written the record meanwhile: theirs stands.
  if (await readSessionRecord(db)) return;
  await writeSession(db, result.kind === 'ok' ? { session: result.session, checkedAt: Date.now(), signOutPending: false } : { session: null, checkedAt: 0 });
}
