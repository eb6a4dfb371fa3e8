import type { Context } from 'hono';
import { MSG } from '../../../contract/messages.ts';
import type { Recurso } from '../../../contract/schemas/chats.ts';
import type { AppEnv } from '../../app-env.ts';
import { idempotent, ok, refuse, type After, type Outcome, type Trx } from '../../idempotency/idempotent.ts';
import { jsonError } from '../../lib/http.ts';
import { bumpCounter } from '../../notify/notify.ts';
import { readMessageInput, type MessageInput } from '../messages/input.ts';
import { insertMessage, listMessages, previewOf, toSignal } from '../messages/repo.ts';
import { isId, readMessagePage } from '../shared/request.ts';
import { loadUser } from '../shared/users.ts';
import { isOutcome, loadGroupContext, mustPayRefusal, type GroupContext } from './access.ts';
import { findGroup, findMembership, groupAudience, viewerMustPay } from './repo.ts';

/** GET …/grupos/{id}/mensagens?before&size&pageNumber: anyone the paywall lets in (open groups: every user). */
export async function listGroupMessages(c: Context<AppEnv>): Promise<Response> {
  const id = c.req.param('id');
  if (!isId(id)) return jsonError(c, 404, MSG.notFound);
  const db = c.get('db');
  const group = await findGroup(db, id);
  if (!group) return jsonError(c, 404, MSG.notFound);
  const user = c.get('user');
  if (viewerMustPay(group, user, await findMembership(db, id, user.id))) {
    const refusal = mustPayRefusal(id);
    return c.json(refusal.body, refusal.status);
  }
  const page = readMessagePage(c);
  if (!page.ok) return page.response;
  const list = await listMessages(db, 'grupo', id, page.data);
  if (!list.ok) return jsonError(c, 400, MSG.invalidRequest);
  return c.json({ status: 'success', message: '', mensagens: list.mensagens, nextBefore: list.nextBefore });
}

/** Why the caller may not post here, or null: paywall, membership, then allowedSenders (SPEC §3, §4). */
export function sendRefusal(c: Context<AppEnv>, ctx: GroupContext): Outcome | null {
  const user = c.get('user');
  if (viewerMustPay(ctx.group, user, ctx.membership)) return mustPayRefusal(ctx.group.id);
  if (ctx.place === null) return refuse(403, MSG.groupJoinFirst);
  if (ctx.group.allowed_senders === 'admins' && ctx.place === 'normal') return refuse(403, MSG.groupAdminsOnly);
  return null;
}

/** Posts into a group: bumps newGroupMessage for everyone else who can read it and signals them after commit. */
export async function postToGroup(
  c: Context<AppEnv>,
  trx: Trx,
  after: After,
  ctx: GroupContext,
  input: MessageInput & { recurso: Recurso | null },
): Promise<Outcome> {
  const sender = await loadUser(trx, c.get('user').id);
  if (!sender) return refuse(401, MSG.unauthenticated);
  const mensagem = await insertMessage(trx, {
    chatTipo: 'grupo',
    chatId: ctx.group.id,
    sender,
    text: input.text,
    images: input.images,
    recurso: input.recurso,
    now: new Date(),
  });
  await trx
    .updateTable('grupos')
    .set({
      last_sender_id: sender.id,
      last_message: previewOf(input.text, input.images.length, input.recurso),
      last_message_at: mensagem.createdAt,
    })
    .where('id', '=', ctx.group.id)
    .execute();
  const audience = await groupAudience(trx, ctx.group, sender.id);
  for (const userId of audience) await bumpCounter(trx, userId, 'newGroupMessage');
  const signals = c.get('signals');
  if (audience.length > 0) after(() => signals.send(audience, { mensagem: toSignal(mensagem) }));
  return ok({ mensagem }, 201);
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
