import type { Context } from 'hono';
import { MSG } from '../../../contract/messages.ts';
import { NOTIFICATION_TIPO } from '../../../contract/notification-kinds.ts';
import { GroupResponseSchema, IgnoreInvitationResponseSchema } from '../../../contract/schemas/groups.ts';
import type { AppEnv } from '../../hono-env.ts';
import { idempotent, ok, refuse, type After, type Outcome, type Trx } from '../../idempotency/idempotent.ts';
import { jsonError } from '../../lib/http.ts';
import { notify } from '../../notify/notify.ts';
import { groupAddedText } from '../../notify/texts.ts';
import { isId } from '../shared/request.ts';
import { loadUser, toPublic, toSender } from '../shared/users.ts';
import { canManage, isOutcome, loadGroupContext, type GroupContext } from './access.ts';
import { dayKey, deleteInvitation, findInvitation, invitationHolds, inviteToGroup, markInvitationNotices, mayAddDirectly } from './invitations.ts';
import { findGroup, findMembership, toGroup } from './repo.ts';
import { seatFor } from './seats.ts';

type MemberAction = (c: Context<AppEnv>, trx: Trx, after: After, ctx: GroupContext, targetId: string) => Promise<Outcome>;

/** The shape shared by the member calls: ids checked, creator or administrator only (SPEC §6), then the action. */
function memberRoute(action: MemberAction) {
  return async (c: Context<AppEnv>): Promise<Response> => {
    const id = c.req.param('id');
    const userId = c.req.param('userId');
    if (!isId(id) || !isId(userId)) return jsonError(c, 404, MSG.notFound);
    return idempotent(c, async (trx, after) => {
      const ctx = await loadGroupContext(c, trx, id);
      if (isOutcome(ctx)) return ctx;
      if (!canManage(ctx.place)) return refuse(403, MSG.forbidden);
      return action(c, trx, after, ctx, userId);
    });
  };
}

async function answer(c: Context<AppEnv>, trx: Trx, ctx: GroupContext, message = ''): Promise<Outcome> {
  return ok(GroupResponseSchema, { message, grupo: await toGroup(trx, ctx.group, c.get('user')) });
}

/**
 * GET …/grupos/{id}/adicionarUsuario/{userId}: a new ordinary member, when the person's setting lets the caller add
 * them (contract GroupAddPolicy); otherwise an invitation they accept or ignore, and the answer says so (`convite`).
 * At most 30 users with the creator. The person hears of it once per group a day, however often it is repeated.
 */
export const addMember = memberRoute(async (c, trx, after, ctx, targetId) => {
  const target = await loadUser(trx, targetId);
  if (!target) return refuse(404, MSG.notFound);
  const seat = await seatFor(trx, ctx.group.id, targetId);
  if (targetId === ctx.group.criador_id || seat === 'member') return refuse(400, MSG.groupUserExists);
  if (seat === 'full') return refuse(400, MSG.groupFull);
  const me = c.get('user').id;
  const actor = await loadUser(trx, me);
  const sender = actor ? toSender(toPublic(actor)) : null;
  const now = new Date();
  const delivery = { signals: c.get('signals'), after };
  if (!(await mayAddDirectly(trx, { actorId: me, targetId }))) {
    await inviteToGroup(trx, { group: ctx.group, targetId, inviter: sender, inviterId: me, now }, delivery);
    return ok(GroupResponseSchema, { message: MSG.groupInvitationSent, convite: true, grupo: await toGroup(trx, ctx.group, c.get('user')) });
  }
  await insertMember(trx, ctx.group.id, targetId, now);
  // An earlier invitation is answered by the add itself.
  await deleteInvitation(trx, ctx.group.id, targetId);
  await notify(
    trx,
    {
      userId: targetId,
      tipo: NOTIFICATION_TIPO.groupAdded,
      mensagem: groupAddedText(ctx.group.nome),
      counter: 'newNotification',
      sender,
      recurso: { tipo: 'grupo', id: ctx.group.id },
      dados: { grupo: ctx.group.nome },
      chave: `grupoAdicionado:${ctx.group.id}:${dayKey(now)}`,
    },
    delivery,
  );
  return answer(c, trx, ctx);
});

async function insertMember(trx: Trx, groupId: string, userId: string, now: Date): Promise<void> {
  await trx
    .insertInto('grupo_membros')
    .values({ grupo_id: groupId, usuario_id: userId, role: 'normal', expira_em: null, created_at: now.toISOString() })
    .execute();
}

/**
 * POST …/grupos/{id}/aceitarConvite (added): the invited user joins as an ordinary member, through the rules of any
 * add: a free seat of the 30, and for a private group the paywall still stands (the membership has no paid period,
 * so reading the group waits for a subscription, as for anyone an administrator adds). 404 when the group or the
 * invitation is gone (expired, or its inviter no longer manages the group), 400 when already a member or full.
 */
export async function acceptInvitation(c: Context<AppEnv>): Promise<Response> {
  const id = c.req.param('id');
  if (!isId(id)) return jsonError(c, 404, MSG.groupGone);
  return idempotent(c, async (trx) => {
    const me = c.get('user').id;
    const group = await findGroup(trx, id);
    if (!group) return refuse(404, MSG.groupGone);
    const invitation = await findInvitation(trx, id, me);
    const now = new Date();
    if (!invitation || !(await invitationHolds(trx, group, invitation, now))) return refuse(404, MSG.groupInvitationGone);
    const seat = await seatFor(trx, id, me);
    // A refusal's writes are rolled back: the row stays, and goes when the member is removed (removeMember).
    if (seat === 'member' || me === group.criador_id) return refuse(400, MSG.groupUserExists);
    if (seat === 'full') return refuse(400, MSG.groupFull);
    await insertMember(trx, id, me, now);
    await deleteInvitation(trx, id, me);
    await markInvitationNotices(trx, { userId: me, group, state: 'aceite' });
    return ok(GroupResponseSchema, { message: MSG.groupInvitationAccepted, grupo: await toGroup(trx, group, c.get('user')) });
  });
}

/** POST …/grupos/{id}/ignorarConvite (added): the invitation goes quietly (nobody is told); 200 whether or not there was one. */
export async function ignoreInvitation(c: Context<AppEnv>): Promise<Response> {
  const id = c.req.param('id');
  if (!isId(id)) return jsonError(c, 404, MSG.groupGone);
  return idempotent(c, async (trx) => {
    const me = c.get('user').id;
    await deleteInvitation(trx, id, me);
    const group = await findGroup(trx, id);
    if (group) await markInvitationNotices(trx, { userId: me, group, state: 'ignorado' });
    return ok(IgnoreInvitationResponseSchema, { message: MSG.groupInvitationIgnored });
  });
}

/** GET …/grupos/{id}/removerUsuario/{userId}: any member but the creator; an invitation of theirs goes too (no way back in). */
export const removeMember = memberRoute(async (c, trx, _after, ctx, targetId) => {
  if (targetId === ctx.group.criador_id) return refuse(400, MSG.groupCreatorProtected);
  if (!(await findMembership(trx, ctx.group.id, targetId))) return refuse(400, MSG.groupNotMember);
  await trx.deleteFrom('grupo_membros').where('grupo_id', '=', ctx.group.id).where('usuario_id', '=', targetId).execute();
  await deleteInvitation(trx, ctx.group.id, targetId);
  return answer(c, trx, ctx);
});

function setRole(role: 'normal' | 'administrador'): MemberAction {
  return async (c, trx, _after, ctx, targetId) => {
    if (targetId === ctx.group.criador_id) return refuse(400, MSG.groupCreatorProtected);
    if (!(await findMembership(trx, ctx.group.id, targetId))) return refuse(400, MSG.groupNotMember);
    await trx.updateTable('grupo_membros').set({ role }).where('grupo_id', '=', ctx.group.id).where('usuario_id', '=', targetId).execute();
    return answer(c, trx, ctx);
  };
}

/** GET …/grupos/{id}/setAdmin/{userId} and /unsetAdmin/{userId}: promote and demote members. */
export const promoteMember = memberRoute(setRole('administrador'));
export const demoteMember = memberRoute(setRole('normal'));

