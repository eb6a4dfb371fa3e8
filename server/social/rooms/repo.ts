import type { ExpressionBuilder, Kysely } from 'kysely';
import { EventSchema, LIVE_STATUSES, type Event } from '../../../contract/schemas/events.ts';
import type { Room } from '../../../contract/schemas/rooms.ts';
import type { Database, SalasTable } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { eventQuery, type EventRow } from '../../sports/events-query.ts';
import type { Page } from '../shared/request.ts';
import { loadUsers, missingUser } from '../shared/users.ts';

type Reader = Kysely<Database>;
export type RoomRow = SalasTable;

/** Upcoming matches get a room this far ahead of kick-off. */
export const ROOM_LEAD_MS = 24 * 3_600_000;

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** As SPEC §3 Event; null when the stored row does not make a valid event (never a 500 for one bad row). */
function toEvent(row: EventRow): Event | null {
  const parsed = EventSchema.safeParse({
    ...row,
    odds: parseJson(row.odds),
    odds_live: parseJson(row.odds_live),
    probability: parseJson(row.probability),
  });
  return parsed.success ? parsed.data : null;
}

export async function findEvents(db: Reader, ids: readonly string[]): Promise<Map<string, Event>> {
  if (ids.length === 0) return new Map();
  const rows = await eventQuery(db).where('eventos.id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.flatMap((row) => {
    const event = toEvent(row);
    return event ? [[row.id, event] as const] : [];
  }));
}

/** The events that have a room now: live, or not started and kicking off within ROOM_LEAD_MS. */
function hasRoomNow(now: Date) {
  return (eb: ExpressionBuilder<Database, 'eventos'>) =>
    eb.or([
      eb('eventos.status', 'in', [...LIVE_STATUSES]),
      eb.and([
        eb('eventos.status', '=', 'NS'),
        eb('eventos.date', '>=', now.toISOString()),
        eb('eventos.date', '<', new Date(now.getTime() + ROOM_LEAD_MS).toISOString()),
      ]),
    ]);
}

/**
 * Rooms exist for every live match and every match kicking off within ROOM_LEAD_MS. They are created lazily, when
 * the list or a room is asked for; the unique evento_id makes concurrent creation end with one room per event.
 */
export async function ensureRooms(db: Reader, now: Date): Promise<void> {
  const events = await db
    .selectFrom('eventos')
    .leftJoin('salas', 'salas.evento_id', 'eventos.id')
    .select(['eventos.id', 'eventos.home_name', 'eventos.away_name'])
    .where('salas.id', 'is', null)
    .where(hasRoomNow(now))
    .limit(500)
    .execute();
  for (const event of events) await createRoom(db, event, now);
}

export async function createRoom(db: Reader, event: { id: string; home_name: string; away_name: string }, now: Date): Promise<void> {
  await db
    .insertInto('salas')
    .values({
      id: newId(),
      evento_id: event.id,
      nome: `${event.home_name} vs ${event.away_name}`,
      last_sender_id: null,
      last_message: null,
      last_message_at: null,
      created_at: now.toISOString(),
    })
    .onConflict((conflict) => conflict.column('evento_id').doNothing())
    .execute();
}

/** Rooms of live matches first (then by kick-off), then upcoming matches by kick-off. */
export async function listRooms(db: Reader, now: Date, page: Page): Promise<Room[]> {
  const rows = await db
    .selectFrom('salas')
    .innerJoin('eventos', 'eventos.id', 'salas.evento_id')
    .selectAll('salas')
    .where(hasRoomNow(now))
    .orderBy((eb) => eb.case().when('eventos.status', 'in', [...LIVE_STATUSES]).then(0).else(1).end())
    .orderBy('eventos.date')
    .orderBy('salas.id')
    .limit(page.size)
    .offset(page.offset)
    .execute();
  return toRooms(db, rows);
}

export async function toRooms(db: Reader, rows: readonly RoomRow[]): Promise<Room[]> {
  const events = await findEvents(
    db,
    rows.map((r) => r.evento_id),
  );
  const users = await loadUsers(
    db,
    rows.flatMap((r) => (r.last_sender_id ? [r.last_sender_id] : [])),
  );
  return rows.map((row) => ({
    id: row.id,
    eventId: row.evento_id,
    nome: row.nome,
    lastMessage: row.last_message,
    lastMessageAt: row.last_message_at,
    lastSender: row.last_sender_id ? { id: row.last_sender_id, nome: (users.get(row.last_sender_id) ?? missingUser(row.last_sender_id)).nome } : null,
    createdAt: row.created_at,
    evento: events.get(row.evento_id) ?? null,
  }));
}

export async function findRoom(db: Reader, id: string): Promise<RoomRow | undefined> {
  return db.selectFrom('salas').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * A room by room id or by event id (the room list links by event id, SPEC §2). An event without a room gets one,
 * whatever its status, so a finished match's room can still be opened from a shared link.
 */
export async function findRoomOrEvent(db: Reader, id: string, now: Date): Promise<{ room: RoomRow | null; event: Event | null }> {
  const byId = await findRoom(db, id);
  const eventId = byId?.evento_id ?? id;
  const event = (await findEvents(db, [eventId])).get(eventId) ?? null;
  if (byId) return { room: byId, event };
  if (!event) return { room: null, event: null };
  await createRoom(db, { id: event.id, home_name: event.home_name, away_name: event.away_name }, now);
  const room = await db.selectFrom('salas').selectAll().where('evento_id', '=', event.id).executeTakeFirst();
  return { room: room ?? null, event };
}

/** Who hears about a room message: the others who have posted in the room (rooms have no members). */
export async function roomAudience(db: Reader, roomId: string, senderId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('mensagens')
    .select('sender_id')
    .distinct()
    .where('chat_tipo', '=', 'sala')
    .where('chat_id', '=', roomId)
    .where('sender_id', '!=', senderId)
    .limit(500)
    .execute();
  return rows.map((r) => r.sender_id);
}
