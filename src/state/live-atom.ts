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

/** How many atoms of one family (one `map`) are kept: the most recently asked for. */
export const FAMILY_SIZE = 64;

/**
 * The atom made once for `key` and kept in `map`: a screen asking again (each render) gets the same atom, so its
 * live query is not torn down and started anew. Only the FAMILY_SIZE most recently asked-for atoms are kept, so a
 * family does not grow with every chat, slip or search ever opened; an atom dropped here while a screen still holds
 * it keeps working for that screen, and jotai frees its state once nothing refers to it.
 */
export function cachedAtom<A>(map: Map<string, A>, key: string, make: () => A): A {
  const found = map.get(key) ?? make();
  // A Map iterates in insertion order: re-inserting marks the key as the most recently used.
  map.delete(key);
  map.set(key, found);
  if (map.size > FAMILY_SIZE) {
    const [oldest] = map.keys();
    if (oldest !== undefined) map.delete(oldest);
  }
  return found;
}
