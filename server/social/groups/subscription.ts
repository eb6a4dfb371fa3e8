import type { Context } from 'hono';
import { MSG } from '../../../contract/messages.ts';
import {
  GROUP_MAX_USERS,
  GROUP_PLAN_DAYS,
  GroupPlanNameSchema,
  GroupSubscribeResponseSchema,
  type GroupPlanName,
} from '../../../contract/schemas/groups.ts';
import type { AppEnv } from '../../hono-env.ts';
import { idempotent, ok, refuse, type After, type Trx } from '../../idempotency/idempotent.ts';
import { jsonError, requestHost } from '../../lib/http.ts';
import { brandForHost } from '../../../contract/brands.ts';
import { addDays } from '../../lib/time.ts';
import { notify } from '../../notify/notify.ts';
import { groupActiveText, groupRefusedText, groupSubscriberText } from '../../notify/texts.ts';
import type { Signals } from '../../signals/signals.ts';
import { isId } from '../shared/request.ts';
import { loadUser, toPublic, toSender } from '../shared/users.ts';
import { isOutcome, loadGroupContext } from './access.ts';
import { createPayment, paymentStep } from '../../payments/gateway.ts';
import { registerPaymentPurpose, type PaidRefusal } from '../../payments/purposes.ts';
import { countUsers, findGroup, findMembership, parsePlans } from './repo.ts';
import { seatFor } from './seats.ts';
import { groupPlanDescription } from '../../payments/descriptions.ts';

export const GROUP_PAYMENT_KIND = 'grupo';

/** GET /api/client/common/grupos/{groupId}/subscrever/{plan} → respostaEmis {id} (the payment to open). */
export async function subscribeToGroup(c: Context<AppEnv>): Promise<Response> {
  const id = c.req.param('id');
  if (!isId(id)) return jsonError(c, 404, MSG.notFound);
  const plan = GroupPlanNameSchema.safeParse(c.req.param('plan'));
  if (!plan.success) return jsonError(c, 400, MSG.groupSubscriptionFailed);
  const payment = paymentStep(c, MSG.groupSubscriptionFailed);
  const priceNow = async () => {
    const group = await findGroup(c.get('db'), id);
    return group ? (parsePlans(group.planos).find((p) => p.extensao === plan.data)?.valor ?? null) : null;
  };
  return idempotent(c, async (trx) => {
    const ctx = await loadGroupContext(c, trx, id);
    if (isOutcome(ctx)) return ctx;
    if (ctx.place === 'criador') return refuse(400, MSG.groupOwnNoPlan);
    if (ctx.group.privado !== 1) return refuse(400, MSG.groupOpenNoPlan);
    if (!ctx.membership && (await countUsers(trx, id)) >= GROUP_MAX_USERS) return refuse(400, MSG.groupFull);
    const valor = parsePlans(ctx.group.planos).find((p) => p.extensao === plan.data)?.valor ?? 0;
    if (valor <= 0) return refuse(400, MSG.groupSubscriptionFailed);
    // Begun before the transaction at the price then; a price changed in between is refused, not charged.
    const begun = payment.begun(valor);
    if (!begun) return refuse(409, MSG.groupSubscriptionFailed);
    const started = await createPayment(trx, begun, {
      userId: c.get('user').id,
      purpose: {
        kind: GROUP_PAYMENT_KIND,
        description: groupPlanDescription(brandForHost(requestHost(c)).locale, plan.data, ctx.group.nome),
        details: { grupoId: id, plano: plan.data },
      },
      amount: valor,
    });
    return ok(GroupSubscribeResponseSchema, { respostaEmis: started });
  }, { prepare: payment.prepare(priceNow) });
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
        mensagem: groupRefusedText(group.nome, GROUP_MAX_USERS),
        counter: 'newGroupSubscription',
        pagamentoId: input.pagamentoId,
        recurso: { tipo: 'grupo', id: group.id },
        dados: { grupo: group.nome, limite: GROUP_MAX_USERS },
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
  await notify(
    trx,
    {
      userId: input.userId,
      tipo: 'grupoSubscricao',
      mensagem: groupActiveText(group.nome, expiraEm),
      counter: 'newGroupSubscription',
      pagamentoId: input.pagamentoId,
      recurso: { tipo: 'grupo', id: group.id },
      // The app words it and writes the date in its reader's language (contract/schemas/notification-data.ts).
      dados: { grupo: group.nome, ate: expiraEm },
    },
    delivery,
  );
  await notify(
    trx,
    {
      userId: group.criador_id,
      tipo: 'grupoSubscritor',
      mensagem: groupSubscriberText(member?.nome ?? 'Um usuario', group.nome),
      counter: 'newGroupSubscriber',
      sender: member ? toSender(toPublic(member)) : null,
      pagamentoId: input.pagamentoId,
      recurso: { tipo: 'grupo', id: group.id },
      dados: { grupo: group.nome },
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
