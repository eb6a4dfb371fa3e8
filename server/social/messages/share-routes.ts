import type { Context } from 'hono';
import { MSG } from '../../../contract/messages.ts';
import { ShareQuerySchema, type Recurso } from '../../../contract/schemas/chats.ts';
import type { AppEnv } from '../../hono-env.ts';
import { idempotent, refuse, type After, type Outcome, type Trx } from '../../idempotency/idempotent.ts';
import { jsonError } from '../../lib/http.ts';
import { findConversation, isParticipant } from '../conversations/repo.ts';
import { postToConversation } from '../conversations/routes.ts';
import { isOutcome, loadGroupContext } from '../groups/access.ts';
import { postToGroup, sendRefusal } from '../groups/messages-routes.ts';
import { findRoomOrEvent } from '../rooms/repo.ts';
import { postToRoom } from '../rooms/routes.ts';
import { isId } from '../shared/request.ts';

/** A slip may be shared by its owner, or by anyone once it is public (not hidden). */
async function visibleSlip(trx: Trx, slipId: string, userId: string): Promise<boolean> {
  const row = await trx.selectFrom('fichas').select(['usuario_id', 'oculta']).where('id', '=', slipId).executeTakeFirst();
  return row !== undefined && (row.usuario_id === userId || row.oculta === 0);
}

type Poster = (c: Context<AppEnv>, trx: Trx, after: After, recurso: Recurso) => Promise<Outcome>;

/**
 * The three share calls (SPEC §7 Sharing) are GETs that post a message carrying the slip (`recurso`); they go
 * through idempotent() like every mutation. Any failure says 'Erro ao partilhar'.
 */
async function share(c: Context<AppEnv>, post: Poster): Promise<Response> {
  const query = ShareQuerySchema.safeParse(c.req.query());
  if (!query.success) return jsonError(c, 400, MSG.shareFailed);
  const recurso: Recurso = { tipo: 'ficha', id: query.data.resourceId };
  return idempotent(c, async (trx, after) => {
    if (!(await visibleSlip(trx, recurso.id, c.get('user').id))) return refuse(404, MSG.shareFailed);
    const outcome = await post(c, trx, after, recurso);
    if (outcome.status >= 400) {
      const { tipo } = outcome.body;
      return refuse(outcome.status, MSG.shareFailed, { motivo: outcome.body.message, ...(typeof tipo === 'string' ? { tipo } : {}) });
    }
    return { status: 200, body: { ...outcome.body, message: MSG.shareSuccess } };
  });
}

const noContent = { text: '', images: [] };

/** GET /api/client/common/conversas/{chatId}/shareToChat?resourceType=ficha&resourceId → mensagem. */
export async function shareToChat(c: Context<AppEnv>): Promise<Response> {
  const id = c.req.param('id');
  if (!isId(id)) return jsonError(c, 404, MSG.shareFailed);
  return share(c, async (ctx, trx, after, recurso) => {
    const row = await findConversation(trx, id);
    if (!row) return refuse(404, MSG.notFound);
    if (!isParticipant(row, ctx.get('user').id)) return refuse(403, MSG.forbidden);
    return postToConversation(ctx, trx, after, row, { ...noContent, recurso });
  });
}

/** GET /api/client/common/grupos/{id}/shareToGroup?resourceType=ficha&resourceId → mensagem. */
export async function shareToGroup(c: Context<AppEnv>): Promise<Response> {
  const id = c.req.param('id');
  if (!isId(id)) return jsonError(c, 404, MSG.shareFailed);
  return share(c, async (ctx, trx, after, recurso) => {
    const group = await loadGroupContext(ctx, trx, id);
    if (isOutcome(group)) return group;
    const refusal = sendRefusal(ctx, group);
    if (refusal) return refusal;
    return postToGroup(ctx, trx, after, group, { ...noContent, recurso });
  });
}

/** GET /api/client/common/grupos/salas/{id}/shareToRoom?resourceType=ficha&resourceId → mensagem. */
export async function shareToRoom(c: Context<AppEnv>): Promise<Response> {
  const id = c.req.param('id') ?? '';
  if (!id || id.length > 100) return jsonError(c, 404, MSG.shareFailed);
  return share(c, async (ctx, trx, after, recurso) => {
    const { room } = await findRoomOrEvent(trx, id, new Date());
    if (!room) return refuse(404, MSG.notFound);
    return postToRoom(ctx, trx, after, room, { ...noContent, recurso });
  });
}
