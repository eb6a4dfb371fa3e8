import { atom } from 'jotai';
import { db } from '../db/instance.ts';
import type { OutboxEntry } from '../db/outbox-types.ts';
import { liveAtom, PENDING } from './live-atom.ts';
import { sessionUserAtom } from './session.ts';
import { loadSync } from './lazy-sync.ts';

/** The outbox as the UI sees it: every entry not yet acknowledged, oldest first. */
const outboxEntriesAtom = liveAtom(() => db.outbox.orderBy('mutationId').toArray());

/** This user's entries (others' wait on this phone until their owner signs in again). */
export const myOutboxAtom = atom<OutboxEntry[]>((get) => {
  const entries = get(outboxEntriesAtom);
  const user = get(sessionUserAtom);
  if (entries === PENDING || !user) return [];
  return entries.filter((entry) => entry.userId === user.id);
});

/** How many changes are saved on this phone and not sent yet (refused ones are counted apart). */
export const pendingCountAtom = atom((get) => get(myOutboxAtom).filter((entry) => entry.state !== 'rejected').length);

export const rejectedEntriesAtom = atom((get) => get(myOutboxAtom).filter((entry) => entry.state === 'rejected'));

export type SyncState = 'saved' | 'sending' | 'paused' | 'rejected' | 'sent';

/** The state of a row's change: its entry's state while there is one, "sent" once acknowledged. */
export const syncStateOf = (entries: OutboxEntry[], mutationId: number | null | undefined): SyncState => {
  if (mutationId === null || mutationId === undefined) return 'sent';
  const entry = entries.find((candidate) => candidate.mutationId === mutationId);
  if (!entry) return 'sent';
  return entry.state === 'pending' ? 'saved' : entry.state;
};

export const retryEntryAtom = atom(null, async (_get, _set, input: { mutationId: number; body?: unknown }) => {
  const sync = await loadSync();
  await sync.retryRejected(db, input.mutationId, input.body);
  sync.afterEnqueue(db);
});

export const discardEntryAtom = atom(null, async (_get, _set, mutationId: number) => {
  const sync = await loadSync();
  return sync.discardRejected(db, sync.APPLIERS, mutationId);
});

/** Accept a refused slip's updated selections and send it again (SPEC §8 "selections updated and rejected"). */
export const acceptSlipRefusalAtom = atom(null, async (_get, _set, mutationId: number) => {
  const sync = await loadSync();
  const entry = await db.outbox.get(mutationId);
  // Selections on matches that have started can never be accepted; the rest go at their current odds.
  const selections = (entry ? sync.refusedSelections(entry.rejection) : null)?.filter((selection) => selection.event_status === 'NS');
  if (!entry || !selections || selections.length === 0) return false;
  const body = entry.body as { valor?: number };
  await sync.retryRejected(db, mutationId, sync.slipRequestBody(selections, body.valor ?? 100, false));
  sync.afterEnqueue(db);
  return true;
});
