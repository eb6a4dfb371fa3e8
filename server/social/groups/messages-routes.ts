import type { Context } from 'hono';
import { MSG } from '../../../contract/messages.ts';
import type { AppEnv } from '../../hono-env.ts';
import { idempotent, refuse, type After, type Outcome, type Trx } from '../../idempotency/idempotent.ts';
import { jsonError } from '../../lib/http.ts';
import { bumpCounter } from '../../notify/notify.ts';
import { messagesResponse, postChatMessage, type PostInput } from '../messages/chat-handlers.ts';
import { readMessageInput } from '../messages/input.ts';
import { setLastMessage } from '../messages/repo.ts';
import { isId } from '../shared/request.ts';
import { isOutcome, loadGroupContext, mustPayRefusal, type GroupContext } from './access.ts';
import { findGroup, findMembership, groupAudience, viewerAccess } from './repo.ts';

/** GET …/grupos/{id}/mensagens?before&size&pageNumber: anyone the paywall lets in (open groups: every user). */
export async function listGroupMessages(c: Context<AppEnv>): Promise<Response> {
  const id = c.req.param('id');
  if (!isId(id)) return jsonError(c, 404, MSG.notFound);
  const db = c.get('db');
  const group = await findGroup(db, id);
  if (!group) return jsonError(c, 404, MSG.notFound);
  const user = c.get('user');
  if (!viewerAccess(group, user, await findMembership(db, id, user.id)).conversation) {
    const refusal = mustPayRefusal(id);
    return c.json(refusal.body, refusal.status);
  }
  return messagesResponse(c, 'grupo', id);
}

/** Why the caller may not post here, or null: paywall, membership, then allowedSenders (SPEC §3, §4). */
export function sendRefusal(c: Context<AppEnv>, ctx: GroupContext): Outcome | null {
  const user = c.get('user');
  if (!viewerAccess(ctx.group, user, ctx.membership).conversation) return mustPayRefusal(ctx.group.id);
  if (ctx.place === null) return refuse(403, MSG.groupJoinFirst);
  if (ctx.group.allowed_senders === 'admins' && ctx.place === 'normal') return refuse(403, MSG.groupAdminsOnly);
  return null;
}

/** Posts into a group: bumps newGroupMessage for everyone else who can read it and signals them after commit. */
export async function postToGroup(c: Context<AppEnv>, trx: Trx, after: After, ctx: GroupContext, message: PostInput): Promise<Outcome> {
  return postChatMessage(c, trx, after, {
    chat: { tipo: 'grupo', id: ctx.group.id },
    message,
    record: async ({ sender, mensagem, preview }) => {
      await setLastMessage(trx, 'grupos', ctx.group.id, { senderId: sender.id, preview, at: mensagem.createdAt });
      const audience = await groupAudience(trx, ctx.group, sender.id);
      for (const userId of audience) await bumpCounter(trx, userId, 'newGroupMessage');
      return audience;
    },
  });
}

/** POST …/grupos/{id}/mensagens {mensagem, imagens} → 201 mensagem. */
export async function sendToGroup(c: Context<AppEnv>): Promise<Response> {
  const id = c.req.param('id');
  if (!isId(id)) return jsonError(c, 404, MSG.notFound);
  const input = await readMessageInput(c);
  if (!input.ok) return input.response;
  return idempotent(c, async (trx, after) => {
    const ctx = await loadGroupContext(c, trx, id);
    if (isOutcome(ctx)) return ctx;
    const refusal = sendRefusal(c, ctx);
    if (refusal) return refusal;
    return postToGroup(c, trx, after, ctx, { ...input.data, recurso: null });
  });
}
