import type { Db } from '../db/create-db.ts';
import type { Signals } from '../signals/signals.ts';
import { cancelPayment } from './settle-payment.ts';

/** How often pending payments past their end are looked for. */
export const PAYMENT_EXPIRY_EVERY_MS = 60_000;

/**
 * Pending payments past their end (a Multicaixa reference not paid in time, an EMIS GPO frame gone unpaid) end
 * expired: cancelled with `fim` 'expirado', their purpose's onCancelled run once (a reward refunded). Money that still
 * comes for one is applied (settle-payment.ts, moneyReceived). Payments of the simulated page have no end.
 */
export async function expirePayments(db: Db, signals: Signals, now = new Date()): Promise<number> {
  const due = await db
    .selectFrom('pagamentos')
    .select('id')
    .where('estado', '=', 'pendente')
    .where('expira_em', '<', now.toISOString())
    .limit(500)
    .execute();
  for (const { id } of due) await cancelPayment(db, signals, id, now, 'expirado');
  return due.length;
}
