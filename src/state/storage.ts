import { atom } from 'jotai';
import { db } from '../db/instance.ts';

export type StorageStatus = { state: 'opening' } | { state: 'ready' } | { state: 'failed'; reason: string };

let opening: Promise<StorageStatus> | null = null;

/**
 * Opens the store once; start-up calls it as soon as the app's code is in (state/first-reads.ts), so opening it (tens
 * of ms on a cold start, in the browser's own process) overlaps the first render instead of following it.
 */
export function openStore(): Promise<StorageStatus> {
  opening ??= db.open().then(
    (): StorageStatus => ({ state: 'ready' }),
    (error: unknown): StorageStatus => ({ state: 'failed', reason: error instanceof Error ? error.name : 'UnknownError' }),
  );
  return opening;
}

const baseStorageAtom = atom<StorageStatus>({ state: 'opening' });

baseStorageAtom.onMount = (set) => {
  void openStore().then(set);
};

/** Whether the phone's store opened; a store that will not open gets a recovery screen, never a blank one. */
export const storageStatusAtom = atom((get) => get(baseStorageAtom));

export interface StoreSize {
  /** Bytes the store takes on this phone as the browser reports them; null when it does not say. */
  bytes: number | null;
  /** Rows kept in the store. */
  rows: number;
}

interface DetailedEstimate extends StorageEstimate {
  /** Chromium splits the site's usage by kind of storage. */
  usageDetails?: { indexedDB?: number };
}

/**
 * How much the phone keeps for the app (kept small by sync/prune.ts): IndexedDB's share where the browser details it,
 * else all the site keeps (the store and the app's cached files).
 */
export async function measureStoreSize(): Promise<StoreSize> {
  const estimate: DetailedEstimate | undefined = await navigator.storage?.estimate?.().catch(() => undefined);
  const counts = await Promise.all(db.tables.map((table) => table.count()));
  return { bytes: estimate?.usageDetails?.indexedDB ?? estimate?.usage ?? null, rows: counts.reduce((sum, count) => sum + count, 0) };
}

export const measureStoreSizeAtom = atom(null, () => measureStoreSize());

/** Last resort offered by the recovery screen: delete the local store and start again from the server. */
export const resetLocalStoreAtom = atom(null, async () => {
  db.close();
  await db.delete();
  location.reload();
});
