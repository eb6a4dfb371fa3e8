import { createStore, type Atom } from 'jotai';
import { PENDING, type Pending } from '../../../../src/state/live-atom.ts';

/** Subscribes a fresh store to a live atom (as a mounted screen would); the reader gives 'pending' until it has loaded. */
export function watch<T>(atom: Atom<T | Pending>): () => T | 'pending' {
  const store = createStore();
  store.sub(atom, () => undefined);
  return () => {
    const value = store.get(atom);
    return value === PENDING ? 'pending' : value;
  };
}
