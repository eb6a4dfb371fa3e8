import type { AppDb } from '../../db/app-db.ts';
import { cancelPendingPayment, fetchPayments } from '../../api/licence.ts';
import { PaymentStateSchema, type PaymentState } from '../../../contract/schemas/payments.ts';
import { REFRESH_UPDATES_MS } from '../../../contract/limits.ts';
import { readMirrorOwner } from '../../db/session-record.ts';
import { isStale, markFailed, markRefreshed } from '../freshness.ts';
import { writeForOwner } from '../mirror-owner.ts';

// The user's latest payments (GET /api/client/common/pagamentos) in the mirror, so the subscription page and a
// group's paywall show each payment's state offline too, and a pending one can be resumed or given up.

/** Fetches the user's latest payments into the store (kv 'payments'). */
export async function refreshPayments(db: AppDb, options: { force?: boolean } = {}): Promise<void> {
  if (!options.force && !(await isStale(db, 'payments', REFRESH_UPDATES_MS))) return;
  const owner = await readMirrorOwner(db);
  const result = await fetchPayments();
  await writeForOwner(db, owner, async (tx) => {
    if (result.kind !== 'ok') return markFailed(tx, 'payments', result.message);
    await tx.kv.put({ key: 'payments', value: result.data.pagamentos });
    await markRefreshed(tx, 'payments');
  });
}

export type PaymentCancelOutcome = { kind: 'ok'; estado: PaymentState } | { kind: 'refused' | 'network'; message: string; estado?: PaymentState };

function paymentStateOf(body: unknown): PaymentState | undefined {
  const parsed = PaymentStateSchema.safeParse((body as { pagamento?: { estado?: unknown } } | null)?.pagamento?.estado);
  return parsed.success ? parsed.data : undefined;
}

/**
 * The payer gives up a pending payment. Already paid meanwhile is answered with the payment as it stands (409 and
 * the payment), so the screen shows it paid rather than an error. The stored list follows.
 */
export async function cancelPayment(db: AppDb, paymentId: string): Promise<PaymentCancelOutcome> {
  const result = await cancelPendingPayment(paymentId);
  if (result.kind === 'network') return { kind: 'network', message: result.message };
  await refreshPayments(db, { force: true });
  if (result.kind === 'ok') return { kind: 'ok', estado: result.data.pagamento.estado };
  const estado = result.kind === 'http' ? paymentStateOf(result.body) : undefined;
  return estado ? { kind: 'refused', message: result.message, estado } : { kind: 'refused', message: result.message };
}
