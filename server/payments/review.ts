import type { Db } from '../db/create-db.ts';
import { newId } from '../lib/ids.ts';

/** What is kept of a gateway's body: enough to reconcile, bounded. */
const MAX_BODY = 16 * 1024;

/**
 * Keeps a gateway's outcome that was not applied as it came (another amount, point of sale or entity, a paid payment
 * whose purpose can no longer be given, an unknown reference) whole in `pagamentos_avisos`, and logs it, for a person
 * to reconcile (docs/operations.md "Reconciling a payment by hand").
 */
export async function keepForReview(db: Db, entry: { gateway: string; paymentId: string | null; reason: string; raw: string }): Promise<void> {
  await db
    .insertInto('pagamentos_avisos')
    .values({ id: newId(), pagamento_id: entry.paymentId, gateway: entry.gateway, motivo: entry.reason, corpo: entry.raw.slice(0, MAX_BODY), created_at: new Date().toISOString() })
    .execute();
  console.warn(`[payments] ${entry.gateway} outcome kept for review (payment ${entry.paymentId ?? 'unknown'}): ${entry.reason}`);
}
