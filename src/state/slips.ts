import { atom, type Atom, type Getter } from 'jotai';
import { db } from '../db/instance.ts';
import type { SlipList, StoredEventDetail, StoredSlip } from '../db/mirror-types.ts';
import type { SlipFilter } from '../../contract/schemas/slips.ts';
import { REFRESH_LISTS_MS, REFRESH_LIVE_MS } from '../../contract/limits.ts';
import { cachedAtom, liveAtom, viewAtom, type Pending } from './live-atom.ts';
import { personalAtom } from './personal-atom.ts';
import { loadSync } from './lazy-sync.ts';
import { sessionUserAtom } from './session.ts';
import { runEnqueue } from './enqueue-action.ts';
import { myEntriesAtom } from './outbox.ts';
import { slipModelOf, type SlipModel } from './slip-model.ts';
import { byCodeUnits } from '../lib/compare.ts';

/** The slips as the screens show them, with the viewer's queued changes. */
export function slipModels(rows: StoredSlip[], get: Getter): SlipModel[] {
  const entries = get(myEntriesAtom);
  const selfId = get(sessionUserAtom)?.id ?? null;
  return rows.map((row) => slipModelOf(row, entries, selfId));
}

const listAtoms = new Map<string, Atom<SlipModel[] | Pending>>();

/** A list of my slips (created, saved, hidden), newest first, with slips made on this phone included. */
export function slipListAtom(list: SlipList): Atom<SlipModel[] | Pending> {
  return cachedAtom(listAtoms, list, () =>
    viewAtom(
      personalAtom([], () =>
        db.slips
          .where('lists')
          .equals(list)
          .toArray()
          .then((rows) => rows.sort((a, b) => byCodeUnits(b.createdAt, a.createdAt)).slice(0, 250)),
      ),
      slipModels,
    ),
  );
}

const slipAtoms = new Map<string, Atom<SlipModel | undefined | Pending>>();

/** One slip by id; a `local:` id also finds the slip after the server acknowledged it (by its localId). */
export function slipAtom(id: string): Atom<SlipModel | undefined | Pending> {
  return cachedAtom(slipAtoms, id, () =>
    viewAtom(
      personalAtom(undefined, () =>
        db.slips.get(id).then((row) => row ?? (id.startsWith('local:') ? db.slips.filter((slip) => slip.localId === id).first() : undefined)),
      ),
      (row, get) => (row ? slipModels([row], get)[0] : undefined),
    ),
  );
}

export const slipListMetaAtom = (filtro: SlipFilter) => liveAtom(() => db.syncMeta.get(`slips:${filtro}`));

export const refreshSlipListAtom = atom(null, async (get, _set, input: { filtro: SlipFilter; more?: boolean; force?: boolean }) => {
  const user = get(sessionUserAtom);
  if (!user) return;
  const sync = await loadSync();
  const list = sync.slipList(input.filtro, user.id);
  if (input.more) await sync.loadMore(db, list);
  else await sync.refreshList(db, list, input.force);
});

export const refreshSlipAtom = atom(null, async (get, _set, id: string) => {
  const user = get(sessionUserAtom);
  if (!user || id.startsWith('local:')) return;
  await (await loadSync()).refreshSlip(db, id, user.id);
});

export const slipActionAtom = atom(null, (get, _set, input: { slipId: string; action: 'slip.publish' | 'slip.hide' | 'slip.save' | 'slip.unsave' }) =>
  runEnqueue(get(sessionUserAtom), (sync, userId) => sync.slipAction(db, { userId, ...input })),
);

const eventAtoms = new Map<string, Atom<StoredEventDetail | undefined | Pending>>();

export function eventDetailAtom(id: string): Atom<StoredEventDetail | undefined | Pending> {
  return cachedAtom(eventAtoms, id, () => liveAtom(() => db.eventDetails.get(id)));
}

/** Pulls an event with its markets; live ones are considered stale after 60 s, others after the list interval. */
export const refreshEventDetailAtom = atom(null, async (_get, _set, input: { id: string; live: boolean }) =>
  (await loadSync()).refreshEventDetail(db, input.id, { maxAgeMs: input.live ? REFRESH_LIVE_MS : REFRESH_LISTS_MS }),
);
