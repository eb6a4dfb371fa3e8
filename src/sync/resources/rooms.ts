import type { AppDb } from '../../db/app-db.ts';
import type { StoredRoom } from '../../db/mirror-types.ts';
import type { StoreTables } from '../../db/store-transaction.ts';
import { call } from '../../api/http.ts';
import { MSG } from '../../../contract/messages.ts';
import { fetchRooms } from '../../api/social.ts';
import { RoomResponseSchema, type Room } from '../../../contract/schemas/rooms.ts';
import type { Event } from '../../../contract/schemas/events.ts';
import { readMirrorOwner } from '../../db/session-record.ts';
import { writeForOwner } from '../mirror-owner.ts';
import { markFailed, markRefreshed } from '../freshness.ts';
import type { PagedList } from '../pull/paged.ts';
import { ROOMS_QUERY, roomMetaKey } from '../resource-keys.ts';

// Match rooms (SPEC §2; docs/api/social.md "Rooms"). The list keeps the server's order (live matches first, then by
// kick-off) as a `queries` row of room ids; a room opened on its own (a link by event id, an old shared link) is kept
// in the rooms table with its event, so it opens offline once seen, even after its match left the list.

/** How long a room opened on its own stays on the phone once it is no longer in the list. */
export const ROOM_KEEP_MS = 7 * 86_400_000;

const ROOMS_PATH = '/api/client/common/grupos/salas';

function roomRow(room: Room, evento: Event | null = room.evento): StoredRoom {
  return { id: room.id, eventId: room.eventId, lastMessageAt: room.lastMessageAt ?? room.createdAt, data: { ...room, evento } };
}

/** Rooms that a queued message or share still points at (their path names the room). */
async function roomsWithQueuedWork(tx: Pick<StoreTables, 'outbox'>): Promise<Set<string>> {
  const prefix = `${ROOMS_PATH}/`;
  const paths = (await tx.outbox.toArray()).map((entry) => entry.path);
  return new Set(paths.flatMap((path) => (path.startsWith(prefix) ? [decodeURIComponent(path.slice(prefix.length).split(/[/?]/)[0] ?? '')] : [])));
}

/**
 * On a fresh first page, rooms the server no longer lists go, except those opened on their own within ROOM_KEEP_MS
 * and those a queued message is for.
 */
async function dropUnlisted(tx: StoreTables, listed: Set<string>): Promise<void> {
  const others = await tx.rooms.filter((room) => !listed.has(room.id)).toArray();
  if (others.length === 0) return;
  const metas = await tx.syncMeta.bulkGet(others.map((room) => roomMetaKey(room.id)));
  const queued = await roomsWithQueuedWork(tx);
  const cutoff = Date.now() - ROOM_KEEP_MS;
  const gone = others.filter((room, index) => (metas[index]?.refreshedAt ?? 0) < cutoff && !queued.has(room.id)).map((room) => room.id);
  await tx.rooms.bulkDelete(gone);
  await tx.syncMeta.bulkDelete(gone.map(roomMetaKey));
}

/** The rooms list, pages of 50 (SPEC §4 Lists, §9), through sync/pull/paged.ts. */
export function roomsList(): PagedList<Room> {
  return {
    resource: 'rooms',
    fetchPage: async (page, size) => {
      const result = await fetchRooms(page, size);
      return result.kind === 'ok' ? { ...result, data: result.data.data } : result;
    },
    store: async (tx, rows, { replace }) => {
      const ids = rows.map((row) => row.id);
      if (replace) await dropUnlisted(tx, new Set(ids));
      await tx.rooms.bulkPut(rows.map((row) => roomRow(row)));
      const before = replace ? [] : ((await tx.queries.get(ROOMS_QUERY))?.ids ?? []);
      const known = new Set(before);
      await tx.queries.put({ key: ROOMS_QUERY, ids: [...before, ...ids.filter((id) => !known.has(id))], refreshedAt: Date.now() });
    },
  };
}

/** The stored room for a room id or an event id (the list links by event id). */
export function findStoredRoom(db: Pick<AppDb, 'rooms'>, salaId: string) {
  return db.rooms.get(salaId).then((row) => row ?? db.rooms.where('eventId').equals(salaId).first());
}

export type RoomOutcome = { kind: 'fresh' | 'loaded'; roomId: string } | { kind: 'missing' } | { kind: 'error'; message: string };

/**
 * One room by room id or event id (GET …/grupos/salas/{id}), with its event, into the store when the stored copy is
 * older than maxAgeMs or forced. Unknown to the server: 'missing'. A failure is recorded on the room's freshness
 * (when the room is known) and what the store had stays.
 */
export async function refreshRoom(db: AppDb, salaId: string, options: { maxAgeMs: number; force?: boolean }): Promise<RoomOutcome> {
  const stored = await findStoredRoom(db, salaId);
  if (stored && !options.force) {
    const meta = await db.syncMeta.get(roomMetaKey(stored.id));
    if (meta && meta.error === null && Date.now() - meta.refreshedAt < options.maxAgeMs) return { kind: 'fresh', roomId: stored.id };
  }
  const owner = await readMirrorOwner(db);
  const result = await call(`${ROOMS_PATH}/${encodeURIComponent(salaId)}`, { schema: RoomResponseSchema });
  if (result.kind === 'http' && result.status === 404) return { kind: 'missing' };
  if (result.kind !== 'ok') {
    if (stored) await writeForOwner(db, owner, (tx) => markFailed(tx, roomMetaKey(stored.id), result.message));
    return { kind: 'error', message: result.message };
  }
  const room = result.data.eventRoom;
  if (!room) return { kind: 'missing' };
  const written = await writeForOwner(db, owner, async (tx) => {
    await tx.rooms.put(roomRow(room, result.data.evento ?? room.evento));
    await markRefreshed(tx, roomMetaKey(room.id));
  });
  // Not written: the phone changed hands meanwhile; the answer was for someone else.
  return written ? { kind: 'loaded', roomId: room.id } : { kind: 'error', message: MSG.generic };
}
