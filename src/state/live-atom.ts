import { liveQuery } from 'dexie';
import { atomWithObservable } from 'jotai/utils';
import type { Atom } from 'jotai';

export const PENDING = Symbol('pending');
export type Pending = typeof PENDING;

/** A read atom over a Dexie liveQuery: it follows the local store, in this tab and in others. */
export function liveAtom<T>(querier: () => Promise<T> | T): Atom<T | Pending> {
  return atomWithObservable<T | Pending>(() => liveQuery(querier), { initialValue: PENDING });
}
