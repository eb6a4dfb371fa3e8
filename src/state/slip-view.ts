import { atom, type Atom } from 'jotai';
import { db } from '../db/instance.ts';
import type { SyncMeta } from '../db/types.ts';
import { cachedAtom, liveAtom, type Pending } from './live-atom.ts';
import { loadSync } from './lazy-sync.ts';
import { sessionUserAtom } from './session.ts';

// A slip seen by someone other than its owner (the public view /{nomeUsuario}/fichas/{fichaId}, a saved slip).

export const refreshPublicSlipAtom = atom(null, async (get, _set, input: { nomeUsuario: string; id: string }) =>
  (await loadSync()).refreshPublicSlip(db, { ...input, selfId: get(sessionUserAtom)?.id ?? null }),
);

const metaAtoms = new Map<string, Atom<SyncMeta | undefined | Pending>>();

/** When a slip viewed on its own page was last fetched, and the last error. */
export function slipMetaAtom(id: string): Atom<SyncMeta | undefined | Pending> {
  return cachedAtom(metaAtoms, id, () => liveAtom(() => db.syncMeta.get(`slip:${id}`)));
}
