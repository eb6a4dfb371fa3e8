import { liveQuery } from 'dexie';
import { atomWithObservable } from 'jotai/utils';
import { atom, type Atom, type Getter } from 'jotai';

export const PENDING = Symbol('pending');
export type Pending = typeof PENDING;

/** A read atom over a Dexie liveQuery: it follows the local store, in this tab and in others. */
export function liveAtom<T>(querier: () => Promise<T> | T): Atom<T | Pending> {
  return atomWithObservable<T | Pending>(() => liveQuery(querier), { initialValue: PENDING });
}

/** What a screen reads of `source` once it has loaded: a view model built from the rows (PENDING stays PENDING). */
export function viewAtom<T, U>(source: Atom<T | Pending>, view: (value: T, get: Getter) => U): Atom<U | Pending> {
  return atom((get) => {
    const value = get(source);
    return value === PENDING ? PENDING : view(value, get);
  });
}

/**
 * The atom made once for `key` and kept in `map`: a screen asking again (each render) gets the same atom, so its
 * live query is not torn down and started anew.
 */
export function cachedAtom<A>(map: Map<string, A>, key: string, make: () => A): A {
  let found = map.get(key);
  if (found === undefined) {
    found = make();
    map.set(key, found);
  }
  return found;
}
