import type { Db } from '../../db/create-db.ts';
import type { Signals } from '../../signals/signals.ts';
import type { ProxyPayConfig } from '../payments-config.ts';
import { acknowledgePayment, listPayments } from './client.ts';
import { takeProxyPayPayment } from './take-payment.ts';

/**
 * One round of the ProxyPay job (server/jobs, under its lease): every payment ProxyPay still holds for us is taken
 * (takeProxyPayPayment: once, whether or not its webhook came) and then acknowledged, so a webhook lost while the
 * server was down is not a lost payment. A payment of no reference of ours is kept for a person and acknowledged too
 * (it would otherwise be listed forever).
 */
export async function pollProxyPay(db: Db, signals: Signals, config: ProxyPayConfig): Promise<void> {
  const listed = await listPayments(config);
  for (const { raw, payment } of listed) {
    if (!payment) {
      console.warn(`[payments] ProxyPay listed a payment that could not be read: ${JSON.stringify(raw).slice(0, 200)}`);
      continue;
    }
    await takeProxyPayPayment(db, signals, config, payment, JSON.stringify(raw));
    await acknowledgePayment(config, payment.id);
  }
}
