import { atom } from 'jotai';
import { db } from '../db/instance.ts';
import { PENDING } from './live-atom.ts';
import { loadSync } from './lazy-sync.ts';
import { storedSessionRecordAtom } from './session.ts';

/**
 * Whether this phone signed out offline and the server has not heard it yet (null until the store has answered):
 * start-up then has it sent at once (app/App.tsx), rather than after the first screen.
 */
export const signOutPendingAtom = atom<boolean | null>((get) => {
  const record = get(storedSessionRecordAtom);
  return record === PENDING ? null : !!record?.signOutPending;
});

/** Sends a sign-out made offline now (the session refresh does it first, sync/session-actions.ts); settles either way. */
export async function deliverPendingSignOut(): Promise<void> {
  await (await loadSync()).refreshSession(db);
}
