import { z } from 'zod';
import { lazySchema } from '../lazy-schema.ts';
import { LastSenderSchema } from './chats.ts';
import { EventSchema } from './events.ts';

// Event rooms (SPEC §3 Room) and the moderator's event record (SPEC §3 Event record, §7).

export const RoomSchema = lazySchema(() => z.object({
  id: z.string(),
  eventId: z.string(),
  nome: z.string(),
  lastMessage: z.string().nullable(),
  lastMessageAt: z.string().nullable(),
  lastSender: LastSenderSchema.nullable(),
  createdAt: z.string(),
  /** The event's status and score, so a list can show them without another call. */
  evento: EventSchema.nullable(),
}));
export type Room = z.infer<typeof RoomSchema>;

export const RoomListResponseSchema = lazySchema(() => z.object({ status: z.string(), message: z.string(), data: z.array(RoomSchema) }));

/** GET /api/client/common/grupos/salas/{id}: {id} is a room id or an event id (the room list links by event id). */
export const RoomResponseSchema = lazySchema(() => z.object({
  status: z.string(),
  message: z.string(),
  eventRoom: RoomSchema.nullable(),
  evento: EventSchema.nullable(),
  foundEvento: z.boolean(),
}));

const externalId = z.union([z.string().trim().min(1).max(100), z.number().int().nonnegative()]).transform(String);

/** PATCH /api/client/moderador/evento/{id}. */
export const ModeratorEventRequestSchema = lazySchema(() => z.object({
  sport_radar_eventId: externalId,
  sport_radar_seasonId: externalId,
}));

export const EventRecordSchema = lazySchema(() => z.object({
  event_id: z.string(),
  sport_radar_eventId: z.string().nullable(),
  sport_radar_seasonId: z.string().nullable(),
}));
export type EventRecord = z.infer<typeof EventRecordSchema>;

export const EventRecordResponseSchema = lazySchema(() => z.object({ status: z.string(), message: z.string(), evento: EventRecordSchema }));
