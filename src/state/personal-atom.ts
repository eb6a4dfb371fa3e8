import { atom, type Atom } from 'jotai';
import { db } from '../db/instance.ts';
import { readMirrorOwner } from '../db/session.ts';
import { liveAtom, PENDING, type Pending } from './live-atom.ts';
import { mirrorOwnerAtom } from './session.ts';

/**
 * A read atom over one user's rows (a shared phone, sync/mirror-owner.ts). The query reads the rows and whose they
 * are in one transaction, and the atom hands them only to that user: a value jotai still holds from before a
 * sign-out or a change of user (an unmounted atom keeps its last value) is never shown under the next session.
 */
export function personalAtom<T>(empty: T, querier: () => Promise<T>): Atom<T | Pending> {
  const source = liveAtom(() => db.transaction('r', db.tables, async () => ({ owner: await readMirrorOwner(db), value: await querier() })));
  return atom((get) => {
    const read = get(source);
    const viewer = get(mirrorOwnerAtom);
    if (read === PENDING || viewer === PENDING) return PENDING;
    return read.owner === viewer ? read.value : empty;
  });
}
