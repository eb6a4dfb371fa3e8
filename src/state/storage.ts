import { atom } from 'jotai';
import { db } from '../db/instance.ts';

export type StorageStatus = { state: 'opening' } | { state: 'ready' } | { state: 'failed'; reason: string };

const baseStorageAtom = atom<StorageStatus>({ state: 'opening' });

baseStorageAtom.onMount = (set) => {
  db.open().then(
    () => set({ state: 'ready' }),
    (error: unknown) => set({ state: 'failed', reason: error instanceof Error ? error.name : 'UnknownError' }),
  );
};

/** Whether the phone's store opened; a store that will not open gets a recovery screen, never a blank one. */
export const storageStatusAtom = atom((get) => get(baseStorageAtom));

/** Last resort offered by the recovery screen: delete the local store and start again from the server. */
export const resetLocalStoreAtom = atom(null, async () => {
  db.close();
  await db.delete();
  location.reload();
});
