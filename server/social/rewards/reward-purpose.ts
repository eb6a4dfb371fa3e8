import { MSG } from '../../../contract/messages.ts';
import { NOTIFICATION_TIPO } from '../../../contract/notification-kinds.ts';
import { bumpCounter, notify } from '../../notify/notify.ts';
import { formatKz } from '../../payments/page.ts';
import { registerPaymentPurpose } from '../../payments/purposes.ts';
import { loadUsers, toPublic, toSender } from '../shared/users.ts';
import { REWARD_PAYMENT_KIND } from './reward-row.ts';

/** The recipient's notification (NOTIFICATION_TIPO.reward): '{nome} enviou-te uma recompensa de {valor}'. */
export function rewardReceivedText(nome: string, valor: number): string {
  return `${nome} enviou-te uma recompensa de ${formatKz(valor)}`;
}

/** The sender's notification when a reward's payment ends cancelled and the money goes back. */
export function rewardRefundedText(valor: number): string {
  return `A tua recompensa de ${formatKz(valor)} foi reembolsada`;
}

/**
 * The 'recompensa' payment purpose (docs/api/social.md "Rewards"). Paid: the reward is confirmed and credited to its
 * recipient at once (the simulated gateway has no separate payout, so it is stored as concluido), the sender's
 * newPaymentMade and the recipient's newPaymentReceived and newWalletEvent move, and the recipient is notified (live
 * signal and push through notify()). Cancelled by the payer or the gateway: the money held is given back at once, so
 * the reward is stored as reembolsado. A reward that no longer exists (its sender or recipient deleted their
 * account) refuses the payment, which then ends cancelled.
 */
export function registerRewardPayments(): void {
  registerPaymentPurpose(REWARD_PAYMENT_KIND, {
    async onPaid({ trx, payment, now, signals, after }) {
      const reward = await trx.selectFrom('recompensas').selectAll().where('pagamento_id', '=', payment.id).executeTakeFirst();
      if (!reward || reward.estado !== 'pendente') return { refused: MSG.rewardUnavailable };
      await trx
        .updateTable('recompensas')
        .set({ estado: 'concluido', updated_at: now.toISOString() })
        .where('id', '=', reward.id)
        .where('estado', '=', 'pendente')
        .execute();
      const users = await loadUsers(trx, [reward.remetente_id, reward.destinatario_id]);
      const sender = users.get(reward.remetente_id);
      await bumpCounter(trx, reward.remetente_id, 'newPaymentMade');
      await bumpCounter(trx, reward.destinatario_id, 'newWalletEvent');
      await notify(
        trx,
        {
          userId: reward.destinatario_id,
          tipo: NOTIFICATION_TIPO.reward,
          mensagem: rewardReceivedText(sender?.nome ?? 'Um usuario', reward.valor),
          counter: 'newPaymentReceived',
          sender: sender ? toSender(toPublic(sender)) : null,
          pagamentoId: payment.id,
          dados: { valor: reward.valor },
          chave: `${NOTIFICATION_TIPO.reward}:${payment.id}`,
        },
        { signals, after },
      );
      return undefined;
    },
    async onCancelled({ trx, payment, now, signals, after }) {
      const reward = await trx.selectFrom('recompensas').selectAll().where('pagamento_id', '=', payment.id).executeTakeFirst();
      const refunded = await trx
        .updateTable('recompensas')
        .set({ estado: 'reembolsado', updated_at: now.toISOString() })
        .where('pagamento_id', '=', payment.id)
        .where('estado', '=', 'pendente')
        .executeTakeFirst();
      if (!reward || Number(refunded.numUpdatedRows) === 0) return;
      // The sender hears that the money held went back (listed under reembolsados), once.
      await bumpCounter(trx, reward.remetente_id, 'newPaymentMade');
      await notify(
        trx,
        {
          userId: reward.remetente_id,
          tipo: NOTIFICATION_TIPO.rewardRefunded,
          mensagem: rewardRefundedText(reward.valor),
          counter: 'newWalletEvent',
          pagamentoId: payment.id,
          dados: { valor: reward.valor },
          chave: `${NOTIFICATION_TIPO.rewardRefunded}:${payment.id}`,
        },
        { signals, after },
      );
    },
  });
}
