import { atom } from 'jotai';
import { db } from '../db/instance.ts';
import { readSessionRecord } from '../db/session.ts';
import { liveAtom, PENDING } from './live-atom.ts';

const recordAtom = liveAtom(() => readSessionRecord(db));

/**
 * Whether this phone signed out offline and the server has not heard it yet: start-up then loads the sync layer at
 * once, which tells the server (sync/session.ts), rather than after the first screen.
 */
export const signOutPendingAtom = atom((get) => {
  const record = get(recordAtom);
  return record !== PENDING && !!record?.signOutPending;
});
