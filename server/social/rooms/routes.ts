import type { Context } from 'hono';
import { MSG } from '../../../contract/messages.ts';
import { RoomListResponseSchema, RoomResponseSchema } from '../../../contract/schemas/rooms.ts';
import type { AppEnv } from '../../hono-env.ts';
import { idempotent, refuse, type After, type Outcome, type Trx } from '../../idempotency/idempotent.ts';
import { answer, reply } from '../../lib/answer.ts';
import { jsonError } from '../../lib/http.ts';
import { messagesResponse, postChatMessage, type PostInput } from '../messages/chat-handlers.ts';
import { readMessageInput } from '../messages/input.ts';
import { setLastMessage } from '../messages/repo.ts';
import { readPage } from '../shared/request.ts';
import { ensureRooms, findRoom, findRoomOrEvent, listRooms, roomAudience, toRooms, type RoomRow } from './repo.ts';

/** Room and event ids come from the match feed, whose id format is its own; anything odd is simply unknown. */
function roomParam(c: Context<AppEnv>): string | null {
  const id = c.req.param('id') ?? '';
  return id.length > 0 && id.length <= 100 ? id : null;
}

/** GET /api/client/common/grupos/salas?pageNumber&size → data (rooms of live and upcoming matches). */
export async function listRoomsRoute(c: Context<AppEnv>): Promise<Response> {
  const page = readPage(c);
  if (!page.ok) return page.response;
  const db = c.get('db');
  const now = new Date();
  await ensureRooms(db, now);
  return answer(c, RoomListResponseSchema, { data: await listRooms(db, now, page.data) });
}

/** GET /api/client/common/grupos/salas/{id} ({id}: room or event id) → eventRoom, evento, foundEvento. */
export async function getRoom(c: Context<AppEnv>): Promise<Response> {
  const id = roomParam(c);
  if (!id) return jsonError(c, 404, MSG.notFound);
  const db = c.get('db');
  const { room, event } = await findRoomOrEvent(db, id, new Date());
  // Unknown: the error envelope in the room answer's shape, so the app reads foundEvento false either way.
  if (!room) return reply(c, RoomResponseSchema, { status: 'error', message: MSG.notFound, eventRoom: null, evento: null, foundEvento: false }, 404);
  const [eventRoom] = await toRooms(db, [room]);
  return answer(c, RoomResponseSchema, { eventRoom: eventRoom ?? null, evento: event, foundEvento: event !== null });
}

async function roomFor(c: Context<AppEnv>): Promise<{ room: RoomRow } | { response: Response }> {
  const id = roomParam(c);
  if (!id) return { response: jsonError(c, 404, MSG.notFound) };
  const { room } = await findRoomOrEvent(c.get('db'), id, new Date());
  if (!room) return { response: jsonError(c, 404, MSG.notFound) };
  return { room };
}

/** GET …/grupos/salas/{id}/mensagens?before&size&pageNumber: any signed-in user. */
export async function listRoomMessages(c: Context<AppEnv>): Promise<Response> {
  const found = await roomFor(c);
  if ('response' in found) return found.response;
  return messagesResponse(c, 'sala', found.room.id);
}

/** Posts into a room; the others who have posted there get the live signal (rooms have no unread counter). */
export async function postToRoom(c: Context<AppEnv>, trx: Trx, after: After, room: RoomRow, message: PostInput): Promise<Outcome> {
  return postChatMessage(c, trx, after, {
    chat: { tipo: 'sala', id: room.id },
    message,
    record: async ({ sender, mensagem, preview }) => {
      await setLastMessage(trx, 'salas', room.id, { senderId: sender.id, preview, at: mensagem.createdAt });
      return roomAudience(trx, room.id, sender.id);
    },
  });
}

/** POST …/grupos/salas/{id}/mensagens {mensagem, imagens} → 201 mensagem. */
export async function sendToRoom(c: Context<AppEnv>): Promise<Response> {
  const found = await roomFor(c);
  if ('response' in found) return found.response;
  const input = await readMessageInput(c);
  if (!input.ok) return input.response;
  return idempotent(c, async (trx, after) => {
    const room = await findRoom(trx, found.room.id);
    if (!room) return refuse(404, MSG.notFound);
    return postToRoom(c, trx, after, room, { ...input.data, recurso: null });
  });
}
