import type { Context } from 'hono';
import { MSG } from '../../../contract/messages.ts';
import { GroupResponseSchema } from '../../../contract/schemas/groups.ts';
import type { AppEnv } from '../../app-env.ts';
import { idempotent, ok, refuse, type After, type Outcome, type Trx } from '../../idempotency/idempotent.ts';
import { jsonError } from '../../lib/http.ts';
import { notify } from '../../notify/notify.ts';
import { isId } from '../shared/request.ts';
import { loadUser, toPublic, toSender } from '../shared/users.ts';
import { canManage, isOutcome, loadGroupContext, type GroupContext } from './access.ts';
import { findMembership, toGroup } from './repo.ts';
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

/** GET …/grupos/{id}/adicionarUsuario/{userId}: a new ordinary member; at most 30 users with the creator. */
export const addMember = memberRoute(async (c, trx, after, ctx, targetId) => {
  const target = await loadUser(trx, targetId);
  if (!target) return refuse(404, MSG.notFound);
  const seat = await seatFor(trx, ctx.group.id, targetId);
  if (targetId === ctx.group.criador_id || seat === 'member') return refuse(400, MSG.groupUserExists);
  if (seat === 'full') return refuse(400, MSG.groupFull);
  await trx
    .insertInto('grupo_membros')
    .values({ grupo_id: ctx.group.id, usuario_id: targetId, role: 'normal', expira_em: null, created_at: new Date().toISOString() })
    .execute();
  const actor = await loadUser(trx, c.get('user').id);
  await notify(
    trx,
    {
      userId: targetId,
      tipo: 'grupoAdicionado',
      mensagem: `Foste adicionado ao grupo ${ctx.group.nome}`,
      counter: 'newNotification',
      sender: actor ? toSender(toPublic(actor)) : null,
      recurso: { tipo: 'grupo', id: ctx.group.id },
    },
    { signals: c.get('signals'), after },
  );
  return answer(c, trx, ctx);
});

/** GET …/grupos/{id}/removerUsuario/{userId}: any member but the creator. */
export const removeMember = memberRoute(async (c, trx, _after, ctx, targetId) => {
  if (targetId === ctx.group.criador_id) return refuse(400, MSG.groupCreatorProtected);
  if (!(await findMembership(trx, ctx.group.id, targetId))) return refuse(400, MSG.groupNotMember);
  await trx.deleteFrom('grupo_membros').where('grupo_id', '=', ctx.group.id).where('usuario_id', '=', targetId).execute();
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

