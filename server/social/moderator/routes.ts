import type { Context, MiddlewareHandler } from 'hono';
import { MSG } from '../../../contract/messages.ts';
import type { SessionUser } from '../../../contract/schemas/auth.ts';
import { ConversationListResponseSchema, MessageListResponseSchema } from '../../../contract/schemas/chats.ts';
import { EventRecordResponseSchema, ModeratorEventRequestSchema, type EventRecord } from '../../../contract/schemas/rooms.ts';
import type { AppEnv } from '../../hono-env.ts';
import { idempotent, ok, refuse } from '../../idempotency/idempotent.ts';
import { answer } from '../../lib/answer.ts';
import { jsonError } from '../../lib/http.ts';
import { conversationsOf, findConversation, isParticipant, toConversations } from '../conversations/repo.ts';
import { listMessages } from '../messages/repo.ts';
import { isId, readJson, readMessagePage, readPage } from '../shared/request.ts';

/** Moderator calls: moderators and the privileged account (SPEC §6: it also gets the event update form). */
export function isModerator(user: Pick<SessionUser, 'role' | 'conta'>): boolean {
  return user.role === 'moderador' || user.conta === 'privilegiada';
}

/** After requireSession: 403 for everyone who is not a moderator. */
export const requireModerator: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!isModerator(c.get('user'))) return jsonError(c, 403, MSG.forbidden);
  await next();
};

async function eventRecord(c: Context<AppEnv>, eventId: string): Promise<EventRecord> {
  const row = await c
    .get('db')
    .selectFrom('eventos_externos')
    .selectAll()
    .where('evento_id', '=', eventId)
    .executeTakeFirst();
  return {
    event_id: eventId,
    sport_radar_eventId: row?.sport_radar_event_id ?? null,
    sport_radar_seasonId: row?.sport_radar_season_id ?? null,
  };
}

function eventParam(c: Context<AppEnv>): string | null {
  const id = c.req.param('id') ?? '';
  return id.length > 0 && id.length <= 100 ? id : null;
}

/** GET /api/client/moderador/evento/{id} → evento {event_id, sport_radar_eventId, sport_radar_seasonId}. */
export async function getEventRecord(c: Context<AppEnv>): Promise<Response> {
  const id = eventParam(c);
  if (!id) return jsonError(c, 404, MSG.notFound);
  const event = await c.get('db').selectFrom('eventos').select('id').where('id', '=', id).executeTakeFirst();
  if (!event) return jsonError(c, 404, MSG.notFound);
  return answer(c, EventRecordResponseSchema, { evento: await eventRecord(c, id) });
}

/** PATCH /api/client/moderador/evento/{id} {sport_radar_eventId, sport_radar_seasonId} → 201 evento. */
export async function updateEventRecord(c: Context<AppEnv>): Promise<Response> {
  const id = eventParam(c);
  if (!id) return jsonError(c, 404, MSG.notFound);
  const body = await readJson(c, ModeratorEventRequestSchema);
  if (!body.ok) return body.response;
  return idempotent(c, async (trx) => {
    const event = await trx.selectFrom('eventos').select('id').where('id', '=', id).executeTakeFirst();
    if (!event) return refuse(404, MSG.notFound);
    const values = {
      sport_radar_event_id: body.data.sport_radar_eventId,
      sport_radar_season_id: body.data.sport_radar_seasonId,
      actualizado_por: c.get('user').id,
      updated_at: new Date().toISOString(),
    };
    await trx
      .insertInto('eventos_externos')
      .values({ evento_id: id, ...values })
      .onConflict((conflict) => conflict.column('evento_id').doUpdateSet(values))
      .execute();
    return ok(
      EventRecordResponseSchema,
      {
        message: MSG.eventUpdated,
        evento: { event_id: id, sport_radar_eventId: values.sport_radar_event_id, sport_radar_seasonId: values.sport_radar_season_id },
      },
      201,
    );
  });
}

/**
 * GET /api/client/moderador/conversas?pageNumber&size → conversas: the moderator's own conversations with users
 * (support). A moderator reads other people's messages only through a report (server/social/reports).
 */
export async function listAllConversations(c: Context<AppEnv>): Promise<Response> {
  const page = readPage(c);
  if (!page.ok) return page.response;
  const db = c.get('db');
  const rows = await conversationsOf(db, c.get('user').id, page.data);
  return answer(c, ConversationListResponseSchema, { conversas: await toConversations(db, rows, c.get('user').id) });
}

/** GET /api/client/moderador/conversas/{id}/mensagens?before&size&pageNumber: one of the moderator's own conversations. */
export async function moderatorConversationMessages(c: Context<AppEnv>): Promise<Response> {
  const id = c.req.param('id');
  if (!isId(id)) return jsonError(c, 404, MSG.notFound);
  const db = c.get('db');
  const row = await findConversation(db, id);
  if (!row) return jsonError(c, 404, MSG.notFound);
  if (!isParticipant(row, c.get('user').id)) return jsonError(c, 403, MSG.forbidden);
  const page = readMessagePage(c);
  if (!page.ok) return page.response;
  const list = await listMessages(db, 'conversa', id, page.data);
  if (!list.ok) return jsonError(c, 400, MSG.invalidRequest);
  return answer(c, MessageListResponseSchema, { mensagens: list.mensagens, nextBefore: list.nextBefore });
}
