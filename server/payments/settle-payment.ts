import { MSG } from '../../contract/messages.ts';
import type { Pagamento } from '../../contract/schemas/payments.ts';
import type { Db } from '../db/create-db.ts';
import type { Signals } from '../signals/signals.ts';
import { findPayment, parseDetails, toPagamento } from './payments-repo.ts';
import { paymentPurpose } from './purposes.ts';
import { transaction } from '../db/transaction.ts';

export type SettleResult =
  | { ok: true; pagamento: Pagamento; message: string; changed: boolean }
  | { ok: false; status: 404 | 409; message: string; pagamento?: Pagamento };

/**
 * Confirms a payment and applies its purpose in one transaction. Safe to repeat: only a pending payment changes
 * (a conditional update decides, so two confirmations racing apply the purpose once), a confirmed one answers as
 * confirmed again, a cancelled one cannot be paid. When the purpose refuses (a group filled up meanwhile), the
 * payment ends cancelled, not concluded, and the answer is 409 with the purpose's reason.
 *
 * `moneyReceived`: a real gateway says the money arrived (GPO's ACCEPTED, a ProxyPay payment). Then a payment that
 * had ended cancelled or expired (the payer cancelled in the app and paid the reference anyway, a callback came late)
 * is paid all the same, once: the money is real, so its purpose is applied if it still can be.
 */
export async function confirmPayment(
  db: Db,
  signals: Signals,
  id: string,
  now = new Date(),
  options: { moneyReceived?: boolean } = {},
): Promise<SettleResult> {
  const tasks: (() => Promise<void>)[] = [];
  const from = options.moneyReceived ? (['pendente', 'cancelado'] as const) : (['pendente'] as const);
  const result = await transaction(db, async (trx): Promise<SettleResult> => {
    const updated = await trx
      .updateTable('pagamentos')
      .set({ estado: 'concluido', fim: null, updated_at: now.toISOString() })
      .where('id', '=', id)
      .where('estado', 'in', from)
      .executeTakeFirst();
    const row = await findPayment(trx, id);
    if (!row) return { ok: false, status: 404, message: MSG.notFound };
    if (Number(updated.numUpdatedRows) === 0) {
      if (row.estado === 'concluido') return { ok: true, pagamento: toPagamento(row), message: MSG.paymentDone, changed: false };
      return { ok: false, status: 409, message: MSG.paymentClosed, pagamento: toPagamento(row) };
    }
    const purpose = paymentPurpose(row.finalidade);
    if (!purpose) throw new Error(`No handler registered for payment purpose ${row.finalidade}`);
    const refusal = await purpose.onPaid({ trx, payment: row, details: parseDetails(row), now, signals, after: (task) => tasks.push(task) });
    if (refusal) {
      await trx.updateTable('pagamentos').set({ estado: 'cancelado', updated_at: now.toISOString() }).where('id', '=', id).execute();
      const cancelled = { ...row, estado: 'cancelado' as const };
      return { ok: false, status: 409, message: refusal.refused, pagamento: toPagamento(cancelled) };
    }
    return { ok: true, pagamento: toPagamento(row), message: MSG.paymentDone, changed: true };
  });
  for (const task of tasks) task().catch((error: unknown) => console.error('[payments] after-commit', error));
  return result;
}

/**
 * Cancels a pending payment ('expirado' when its reference ran out unpaid); cancelling again is fine, a paid one
 * stays paid. The purpose's onCancelled (if any) runs in the same transaction, once, when the payment changed.
 */
export async function cancelPayment(
  db: Db,
  signals: Signals,
  id: string,
  now = new Date(),
  ending: 'cancelado' | 'expirado' = 'cancelado',
): Promise<SettleResult> {
  const tasks: (() => Promise<void>)[] = [];
  const result = await transaction(db, async (trx): Promise<SettleResult> => {
    const updated = await trx
      .updateTable('pagamentos')
      .set({ estado: 'cancelado', fim: ending === 'expirado' ? 'expirado' : null, updated_at: now.toISOString() })
      .where('id', '=', id)
      .where('estado', '=', 'pendente')
      .executeTakeFirst();
    const row = await findPayment(trx, id);
    if (!row) return { ok: false, status: 404, message: MSG.notFound };
    const changed = Number(updated.numUpdatedRows) > 0;
    if (changed) {
      const context = { trx, payment: row, details: parseDetails(row), now, signals, after: (task: () => Promise<void>) => tasks.push(task) };
      await paymentPurpose(row.finalidade)?.onCancelled?.(context);
    }
    if (row.estado === 'cancelado') return { ok: true, pagamento: toPagamento(row), message: MSG.paymentCancelled, changed };
    return { ok: false, status: 409, message: MSG.paymentClosed, pagamento: toPagamento(row) };
  });
  for (const task of tasks) task().catch((error: unknown) => console.error('[payments] after-commit', error));
  return result;
}
