import { atom, type Atom } from 'jotai';
import type { PromiseExtended } from 'dexie';
import { db } from '../db/instance.ts';
import { readMirrorOwner } from '../db/session-record.ts';
import { liveAtom, PENDING, type Pending } from './live-atom.ts';
import { mirrorOwnerAtom } from './session.ts';

/**
 * A read of the store that stays inside the transaction it is started in: a chain of Dexie's own promises (a table
 * call, then `.then` for whatever depends on it), never an async function. Dexie follows its transaction into a
 * `.then` callback for certain, but across a native `await` only as far as its zone tracking reaches, and with several
 * transactions overlapping (a live message, an outbox acknowledgement, a counters refresh) a read after an `await`
 * ran outside the transaction in Chromium: the transaction committed before the read's result came back
 * (PrematureCommitError), the live query failed and the screen fell to the error fallback. The type keeps async
 * functions out: a native Promise is not a PromiseExtended.
 */
type StoreRead<T> = () => PromiseExtended<T>;

/**
 * A read atom over one user's rows (a shared phone, sync/mirror-owner.ts). The query reads the rows and whose they
 * are in one transaction, and the atom hands them only to that user: a value jotai still holds from before a
 * sign-out or a change of user (an unmounted atom keeps its last value) is never shown under the next session.
 */
export function personalAtom<T>(empty: T, querier: StoreRead<T>): Atom<T | Pending> {
  // Both reads start at once, inside the transaction's scope, before anything is awaited (see StoreRead).
  const source = liveAtom(() =>
    db.transaction('r', db.tables, () => Promise.all([readMirrorOwner(db), querier()]).then(([owner, value]) => ({ owner, value }))),
  );
  return atom((get) => {
    const read = get(source);
    const viewer = get(mirrorOwnerAtom);
    if (read === PENDING || viewer === PENDING) return PENDING;
    return read.owner === viewer ? read.value : empty;
  });
}
