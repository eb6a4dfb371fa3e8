import { MSG } from '../../../contract/messages.ts';
import { NOTIFICATION_TIPO } from '../../../contract/notification-kinds.ts';
import type { Db } from '../../db/create-db.ts';
import { transaction } from '../../db/transaction.ts';
import { notify } from '../../notify/notify.ts';
import type { Signals } from '../../signals/signals.ts';
import type { ProxyPayConfig } from '../payments-config.ts';
import { confirmPayment } from '../settle-payment.ts';
import { keepForReview as keep } from '../review.ts';
import type { ProxyPayPayment } from './client.ts';

const keepForReview = (db: Db, paymentId: string | null, reason: string, raw: string) => keep(db, { gateway: 'proxypay', paymentId, reason, raw });

/**
 * What became of a payment ProxyPay reported: applied (or already applied: the webhook and the poll both see every
 * payment), kept for a person (another amount or entity, or a payment whose purpose can no longer be given), or
 * unknown (no payment of ours has that reference).
 */
export type TakenPayment = 'applied' | 'kept' | 'unknown';

/**
 * Takes one payment of a Multicaixa reference, from the webhook or the poll, exactly once whichever comes first and
 * however often: confirmPayment applies the purpose only on the payment's first change to concluido. Money that
 * came for a payment cancelled or expired in the meantime is still taken (the payer did pay). A payment of another
 * amount or for another entity is never applied: it is kept in pagamentos_avisos and the payer is told.
 */
export async function takeProxyPayPayment(
  db: Db,
  signals: Signals,
  config: ProxyPayConfig,
  payment: ProxyPayPayment,
  raw: string,
): Promise<TakenPayment> {
  const row = await db
    .selectFrom('pagamentos')
    .selectAll()
    .where('gateway', '=', 'proxypay')
    .where('referencia', '=', payment.referenceId)
    .executeTakeFirst();
  if (!row) {
    await keepForReview(db, null, `no payment has reference ${payment.referenceId}`, raw);
    return 'unknown';
  }
  const mismatch =
    payment.entityId !== null && payment.entityId !== (row.entidade ?? config.entity)
      ? `paid to entity ${payment.entityId}, not ${row.entidade ?? config.entity}`
      : payment.amount !== row.valor
        ? `paid ${payment.amount} Kz, asked ${row.valor} Kz`
        : null;
  if (mismatch) {
    const already = await db.selectFrom('pagamentos_avisos').select('id').where('pagamento_id', '=', row.id).where('motivo', '=', mismatch).executeTakeFirst();
    if (already) return 'kept';
    await keepForReview(db, row.id, mismatch, raw);
    const tasks: (() => Promise<void>)[] = [];
    await transaction(db, (trx) =>
      notify(
        trx,
        {
          userId: row.usuario_id,
          tipo: NOTIFICATION_TIPO.paymentReview,
          mensagem: MSG.paymentUnderReview,
          counter: 'newNotification',
          pagamentoId: row.id,
          dados: { valor: payment.amount },
          chave: `${NOTIFICATION_TIPO.paymentReview}:${row.id}`,
        },
        { signals, after: (task) => tasks.push(task) },
      ),
    );
    for (const task of tasks) task().catch((error: unknown) => console.error('[payments] after-commit', error));
    return 'kept';
  }
  const settled = await confirmPayment(db, signals, row.id, new Date(), { moneyReceived: true });
  if (settled.ok) return 'applied';
  const already = await db.selectFrom('pagamentos_avisos').select('id').where('pagamento_id', '=', row.id).where('motivo', 'like', 'paid, but%').executeTakeFirst();
  if (!already) await keepForReview(db, row.id, `paid, but ${settled.message}`, raw);
  return 'kept';
}
