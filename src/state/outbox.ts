import { atom } from 'jotai';
import { db } from '../db/instance.ts';
import type { OutboxEntry } from '../db/outbox-types.ts';
import type { Selection } from '../../contract/schemas/slips.ts';
import { reviewRefusal, type ReviewedSelection } from '../lib/slip-review.ts';
import { liveAtom, PENDING } from './live-atom.ts';
import { sessionUserAtom } from './session.ts';
import { loadSync } from './lazy-sync.ts';

/** Every entry not yet acknowledged, oldest first. */
const outboxEntriesAtom = liveAtom(() => db.outbox.orderBy('mutationId').toArray());

/** This user's entries (others' wait on this phone until their owner signs in again); read by the state's own atoms. */
export const myEntriesAtom = atom<OutboxEntry[]>((get) => {
  const entries = get(outboxEntriesAtom);
  const user = get(sessionUserAtom);
  if (entries === PENDING || !user) return [];
  return entries.filter((entry) => entry.userId === user.id);
});

export type SyncState = 'saved' | 'sending' | 'paused' | 'rejected' | 'sent';

/**
 * An entry's state as a row shows it. 'answered' (the service worker sent it; its answer waits for this page to fold
 * it in, which happens within moments) still shows as on its way: the row itself is not the server's yet.
 */
export function entrySyncState(entry: OutboxEntry): Exclude<SyncState, 'sent'> {
  if (entry.state === 'pending') return 'saved';
  if (entry.state === 'answered') return 'sending';
  return entry.state;
}

function syncOf(entry: OutboxEntry | undefined): SyncState {
  return entry ? entrySyncState(entry) : 'sent';
}

/** The state of a row's change: its entry's state while there is one, "sent" once acknowledged. */
export function syncStateOf(entries: OutboxEntry[], mutationId: number | null | undefined): SyncState {
  if (mutationId === null || mutationId === undefined) return 'sent';
  return syncOf(entries.find((candidate) => candidate.mutationId === mutationId));
}

/** A change saved on this phone and not acknowledged yet, as the outbox panel lists it. */
export interface QueuedChange {
  mutationId: number;
  /** What it does (e.g. 'message.send'), for its label. */
  kind: string;
  sync: SyncState;
  /** The server's reason for a refused change. */
  error: string | null;
}

export const myOutboxAtom = atom<QueuedChange[]>((get) =>
  get(myEntriesAtom).map((entry) => ({ mutationId: entry.mutationId, kind: entry.kind, sync: syncOf(entry), error: entry.error })),
);

/** How many changes are saved on this phone and not sent yet (refused ones are counted apart). */
export const pendingCountAtom = atom((get) => get(myEntriesAtom).filter((entry) => entry.state !== 'rejected').length);

export const rejectedCountAtom = atom((get) => get(myEntriesAtom).filter((entry) => entry.state === 'rejected').length);

/** A change the server refused, as the screen that resolves it shows it. */
export interface RefusedChange {
  mutationId: number;
  /** The server's reason. */
  message: string;
  /** A subscription problem's message, when that is why. */
  subscription: string | null;
  /** A refused slip's selections as they are now next to what was sent; null when the refusal carries none. */
  review: ReviewedSelection[] | null;
}

/**
 * The fields of a refusal's body the screens read, checked by hand: this module is on the start-up path, where the
 * schemas' validator does not load (DESIGN §10); the sync layer parses the selections with the schema on accepting.
 */
function refusalFields(rejection: unknown): { tipo: unknown; message: unknown; ficha: unknown } | null {
  if (typeof rejection !== 'object' || rejection === null) return null;
  const body = rejection as Record<string, unknown>;
  return body.status === 'error' && typeof body.message === 'string' ? { tipo: body.tipo, message: body.message, ficha: body.ficha } : null;
}

/** Whether a refusal's body is a subscription problem's (contract SubscriptionErrorSchema: status, tipo, message). */
export function isSubscriptionRefusal(rejection: unknown): boolean {
  return typeof refusalFields(rejection)?.tipo === 'string';
}

/** The refusal of `entry`; `selections` are the refused slip's as the server answered them. */
export function refusedChangeOf(entry: OutboxEntry, selections: readonly Selection[]): RefusedChange {
  const refusal = refusalFields(entry.rejection);
  return {
    mutationId: entry.mutationId,
    message: entry.error ?? '',
    subscription: refusal && isSubscriptionRefusal(entry.rejection) ? (refusal.message as string) : null,
    review: refusal && Array.isArray(refusal.ficha) ? reviewRefusal(selections, entry.body) : null,
  };
}

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
  const body = entry.body as { valor?: number; nota?: string };
  await sync.retryRejected(db, mutationId, sync.slipRequestBody(selections, body.valor ?? 100, false, typeof body.nota === 'string' ? body.nota : undefined));
  sync.afterEnqueue(db);
  return true;
});
