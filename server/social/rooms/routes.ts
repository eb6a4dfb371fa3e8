import type { Context } from 'hono';
import { MSG } from '../../../contract/messages.ts';
import type { Recurso } from '../../../contract/schemas/chats.ts';
import type { AppEnv } from '../../app-env.ts';
import { idempotent, ok, refuse, type After, type Outcome, type Trx } from '../../idempotency/idempotent.ts';
import { jsonError } from '../../lib/http.ts';
import { readMessageInput, type MessageInput } from '../messages/input.ts';
import { insertMessage, listMessages, previewOf, toSignal } from '../messages/repo.ts';
import { readMessagePage, readPage } from '../shared/request.ts';
import { loadUser } from '../shared/users.ts';
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
  return c.json({ status: 'success', message: '', data: await listRooms(db, now, page.data) });
}

/** GET /api/client/common/grupos/salas/{id} ({id}: room or event id) → eventRoom, evento, foundEvento. */
export async function getRoom(c: Context<AppEnv>): Promise<Response> {
  const id = roomParam(c);
  if (!id) return jsonError(c, 404, MSG.notFound);
  const db = c.get('db');
  const { room, event } = await findRoomOrEvent(db, id, new Date());
  if (!room) return c.json({ status: 'error', message: MSG.notFound, eventRoom: null, evento: null, foundEvento: false }, 404);
  const [eventRoom] = await toRooms(db, [room]);
  return c.json({ status: 'success', message: '', eventRoom, evento: event, foundEvento: event !== null });
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
  const page = readMessagePage(c);
  if (!page.ok) return page.response;
  const list = await listMessages(c.get('db'), 'sala', found.room.id, page.data);
  if (!list.ok) return jsonError(c, 400, MSG.invalidRequest);
  return c.json({ status: 'success', message: '', mensagens: list.mensagens, nextBefore: list.nextBefore });
}

/** Posts into a room; the others who have posted there get the live signal (rooms have no unread counter). */
export async function postToRoom(
  c: Context<AppEnv>,
  trx: Trx,
  after: After,
  room: RoomRow,
  input: MessageInput & { recurso: Recurso | null },
): Promise<Outcome> {
  const sender = await loadUser(trx, c.get('user').id);
  if (!sender) return refuse(401, MSG.unauthenticated);
  const audience = await roomAudience(trx, room.id, sender.id);
  const mensagem = await insertMessage(trx, {
    chatTipo: 'sala',
    chatId: room.id,
    sender,
    text: input.text,
    images: input.images,
    recurso: input.recurso,
    now: new Date(),
  });
  await trx
    .updateTable('salas')
    .set({
      last_sender_id: sender.id,
      last_message: previewOf(input.text, input.images.length, input.recurso),
      last_message_at: mensagem.createdAt,
    })
    .where('id', '=', room.id)
    .execute();
  const signals = c.get('signals');
  if (audience.length > 0) after(() => signals.send(audience, { mensagem: toSignal(mensagem) }));
  return ok({ mensagem }, 201);
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
