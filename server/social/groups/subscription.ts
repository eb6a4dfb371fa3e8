import type { Context } from 'hono';
import { MSG } from '../../../contract/messages.ts';
import {
  GROUP_MAX_USERS,
  GROUP_PLAN_DAYS,
  GroupPlanNameSchema,
  GroupSubscribeResponseSchema,
  type GroupPlanName,
} from '../../../contract/schemas/groups.ts';
import type { AppEnv } from '../../app-env.ts';
import { idempotent, ok, refuse, type After, type Trx } from '../../idempotency/idempotent.ts';
import { jsonError } from '../../lib/http.ts';
import { addDays } from '../../lib/time.ts';
import { notify } from '../../notify/notify.ts';
import type { Signals } from '../../signals/signals.ts';
import { isId } from '../shared/request.ts';
import { loadUser, toPublic, toSender } from '../shared/users.ts';
import { isOutcome, loadGroupContext } from './access.ts';
import { createPayment } from '../../payments/gateway.ts';
import { registerPaymentPurpose, type PaidRefusal } from '../../payments/purposes.ts';
import { countUsers, findGroup, findMembership, parsePlans } from './repo.ts';
import { seatFor } from './seats.ts';

export const GROUP_PAYMENT_KIND = 'grupo';

/** GET /api/client/common/grupos/{groupId}/subscrever/{plan} → respostaEmis {id} (the payment to open). */
export async function subscribeToGroup(c: Context<AppEnv>): Promise<Response> {
  const id = c.req.param('id');
  if (!isId(id)) return jsonError(c, 404, MSG.notFound);
  const plan = GroupPlanNameSchema.safeParse(c.req.param('plan'));
  if (!plan.success) return jsonError(c, 400, MSG.groupSubscriptionFailed);
  return idempotent(c, async (trx) => {
    const ctx = await loadGroupContext(c, trx, id);
    if (isOutcome(ctx)) return ctx;
    if (ctx.place === 'criador') return refuse(400, MSG.groupOwnNoPlan);
    if (ctx.group.privado !== 1) return refuse(400, MSG.groupOpenNoPlan);
    if (!ctx.membership && (await countUsers(trx, id)) >= GROUP_MAX_USERS) return refuse(400, MSG.groupFull);
    const valor = parsePlans(ctx.group.planos).find((p) => p.extensao === plan.data)?.valor ?? 0;
    if (valor <= 0) return refuse(400, MSG.groupSubscriptionFailed);
    const payment = await createPayment(trx, {
      userId: c.get('user').id,
      purpose: {
        kind: GROUP_PAYMENT_KIND,
        description: `Subscrição ${plan.data} do grupo ${ctx.group.nome}`,
        details: { grupoId: id, plano: plan.data },
      },
      amount: valor,
    });
    return ok(GroupSubscribeResponseSchema, { respostaEmis: { id: payment.id } });
  });
}

/**
 * A paid group plan: adds the membership or extends it from the later of now and its current expiry, then tells the
 * member (newGroupSubscription) and the creator (newGroupSubscriber). A group that was deleted meanwhile is skipped.
 * A non-member's payment for a group that filled up since it started (SPEC §9: 30 users) is refused: the payer is
 * told why and the payment ends cancelled (settle-payment.ts). The place is counted under the group's lock, so two
 * payers of the last place cannot both get in.
 */
export async function activateGroupPlan(
  trx: Trx,
  input: { userId: string; grupoId: string; plano: GroupPlanName; pagamentoId: string },
  delivery: { signals: Signals; after?: After },
  now = new Date(),
): Promise<PaidRefusal | undefined> {
  const group = await findGroup(trx, input.grupoId);
  if (!group) return undefined;
  if ((await seatFor(trx, group.id, input.userId)) === 'full') {
    await notify(
      trx,
      {
        userId: input.userId,
        tipo: 'grupoSubscricaoRecusada',
        mensagem: `O pagamento da subscrição do grupo ${group.nome} foi cancelado: o grupo já tem o limite de ${GROUP_MAX_USERS} usuarios`,
        counter: 'newGroupSubscription',
        pagamentoId: input.pagamentoId,
        recurso: { tipo: 'grupo', id: group.id },
      },
      delivery,
    );
    return { refused: MSG.groupFull };
  }
  const membership = await findMembership(trx, group.id, input.userId);
  const current = Date.parse(membership?.expira_em ?? '');
  const from = Number.isFinite(current) && current > now.getTime() ? new Date(current) : now;
  const expiraEm = addDays(from, GROUP_PLAN_DAYS[input.plano]).toISOString();
  if (membership) {
    await trx.updateTable('grupo_membros').set({ expira_em: expiraEm }).where('grupo_id', '=', group.id).where('usuario_id', '=', input.userId).execute();
  } else {
    await trx
      .insertInto('grupo_membros')
      .values({ grupo_id: group.id, usuario_id: input.userId, role: 'normal', expira_em: expiraEm, created_at: now.toISOString() })
      .execute();
  }
  const member = await loadUser(trx, input.userId);
  const day = expiraEm.slice(0, 10);
  await notify(
    trx,
    {
      userId: input.userId,
      tipo: 'grupoSubscricao',
      mensagem: `A tua subscrição do grupo ${group.nome} está activa até ${day}`,
      counter: 'newGroupSubscription',
      pagamentoId: input.pagamentoId,
      recurso: { tipo: 'grupo', id: group.id },
    },
    delivery,
  );
  await notify(
    trx,
    {
      userId: group.criador_id,
      tipo: 'grupoSubscritor',
      mensagem: `${member?.nome ?? 'Um usuario'} subscreveu o grupo ${group.nome}`,
      counter: 'newGroupSubscriber',
      sender: member ? toSender(toPublic(member)) : null,
      pagamentoId: input.pagamentoId,
      recurso: { tipo: 'grupo', id: group.id },
    },
    delivery,
  );
  return undefined;
}

/** Registers the 'grupo' payment purpose: a confirmed payment activates the plan it was for. */
export function registerGroupPayments(): void {
  registerPaymentPurpose(GROUP_PAYMENT_KIND, {
    async onPaid({ trx, payment, details, now, signals, after }) {
      const plano = GroupPlanNameSchema.safeParse(details.plano);
      const grupoId = details.grupoId;
      if (!plano.success || typeof grupoId !== 'string') return undefined;
      return activateGroupPlan(trx, { userId: payment.usuario_id, grupoId, plano: plano.data, pagamentoId: payment.id }, { signals, after }, now);
    },
  });
}
