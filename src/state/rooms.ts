import { atom, type Atom } from 'jotai';
import { db } from '../db/instance.ts';
import type { SyncMeta } from '../db/types.ts';
import type { Room } from '../../contract/schemas/rooms.ts';
import { REFRESH_LIVE_MS } from '../../contract/limits.ts';
import { ROOMS_QUERY, roomMetaKey } from '../sync/resource-keys.ts';
import { cachedAtom, liveAtom, viewAtom, type Pending } from './live-atom.ts';
import { personalAtom } from './personal-atom.ts';
import { loadSync } from './lazy-sync.ts';

// Match rooms (SPEC §2): the list in the server's order and one room by room id or event id, read from the phone's
// store so both open offline once seen; refreshers that fill them.

/** The rooms list as the server last ordered it (live matches first, then by kick-off). */
export const roomListAtom: Atom<Room[] | Pending> = viewAtom(
  personalAtom([], () => db.queries.get(ROOMS_QUERY).then((query) => db.rooms.bulkGet(query?.ids ?? []))),
  (rows) => rows.flatMap((row) => (row ? [row.data] : [])),
);

/** Freshness of the list and whether more pages exist (SPEC §4 Lists). */
export interface ListState {
  refreshedAt: number;
  error: string | null;
  noMore: boolean;
}

const listState = (meta: SyncMeta | undefined): ListState | null =>
  meta ? { refreshedAt: meta.refreshedAt, error: meta.error, noMore: meta.noMore ?? false } : null;

export const roomListStateAtom: Atom<ListState | null | Pending> = viewAtom(
  liveAtom(() => db.syncMeta.get('rooms')),
  listState,
);

const roomAtoms = new Map<string, Atom<Room | null | Pending>>();

/** The stored room for a room id or an event id; null when this phone has never seen it. */
export function roomAtom(salaId: string): Atom<Room | null | Pending> {
  return cachedAtom(roomAtoms, salaId, () =>
    viewAtom(
      personalAtom(undefined, () => db.rooms.get(salaId).then((row) => row ?? db.rooms.where('eventId').equals(salaId).first())),
      (row) => row?.data ?? null,
    ),
  );
}

const roomMetaAtoms = new Map<string, Atom<ListState | null | Pending>>();

/** When the room (and its match) was last refreshed, and why the last try failed. */
export function roomMetaAtom(roomId: string): Atom<ListState | null | Pending> {
  return cachedAtom(roomMetaAtoms, roomId, () => viewAtom(liveAtom(() => db.syncMeta.get(roomMetaKey(roomId))), listState));
}

/** The first page of the list, when older than 30 s or forced. */
export const refreshRoomsAtom = atom(null, async (_get, _set, options?: { force?: boolean }) => {
  const sync = await loadSync();
  return sync.refreshList(db, sync.roomsList(), options?.force);
});

/**
 * The next page (infinite scroll): 'error' (with the reason, for the toast of SPEC §4 Lists) stops paging until a
 * refresh succeeds; 'no-more' at the end.
 */
export const loadMoreRoomsAtom = atom(null, async (): Promise<{ outcome: 'loaded' | 'fresh' | 'no-more' } | { outcome: 'error'; message: string | null }> => {
  const sync = await loadSync();
  const outcome = await sync.loadMore(db, sync.roomsList());
  if (outcome !== 'error') return { outcome };
  return { outcome, message: (await db.syncMeta.get('rooms'))?.error ?? null };
});

/** What opening a room found: the room's id, that it does not exist, or why it could not be asked for. */
export type RoomLookup = { kind: 'found'; roomId: string } | { kind: 'missing' } | { kind: 'error'; message: string };

/** The room and its match from the server, when older than 60 s (the live interval of SPEC §9) or forced. */
export const refreshRoomAtom = atom(null, async (_get, _set, input: { salaId: string; force?: boolean }): Promise<RoomLookup> => {
  const outcome = await (await loadSync()).refreshRoom(db, input.salaId, { maxAgeMs: REFRESH_LIVE_MS, force: input.force });
  if (outcome.kind === 'missing') return outcome;
  if (outcome.kind === 'error') return { kind: 'error', message: outcome.message };
  return { kind: 'found', roomId: outcome.roomId };
});
