import type { Signals } from '../signals/signals.ts';
import type { After, Trx } from '../idempotency/idempotent.ts';
import type { PaymentRow } from './payments-repo.ts';

/** What a purpose's handler gets when its payment is confirmed: the payment and the transaction it commits in. */
export interface PaidContext {
  trx: Trx;
  payment: PaymentRow;
  /** The payment's `details`, as given to createPayment. */
  details: Record<string, unknown>;
  now: Date;
  signals: Signals;
  /** Runs after the commit (live signals); pass `{signals, after}` to notify(). */
  after: After;
}

/**
 * What a purpose answers when it cannot give what was paid for (the group filled up since the payment started): the
 * reason, in Portuguese, for the payer. The purpose must refuse before it changes anything but telling the payer;
 * the payment is then cancelled in the same transaction instead of concluded.
 */
export interface PaidRefusal {
  refused: string;
}

/** What a purpose's handler gets when its payment is cancelled (by the payer or the gateway). */
export type CancelledContext = PaidContext;

export interface PaymentPurpose {
  /** Applies what was paid for (renew a licence, activate a group membership) and tells the user, or refuses. */
  onPaid(context: PaidContext): Promise<void | PaidRefusal>;
  /** Optional: undoes what waited on the payment (a reward refunded), in the cancellation's transaction. */
  onCancelled?(context: CancelledContext): Promise<void>;
}

const purposes = new Map<string, PaymentPurpose>();

/**
 * Payments are for extensible purposes: each area registers its kind once at start-up (licence renewal here, group
 * subscriptions in server/social). Registering a kind again replaces its handler.
 */
export function registerPaymentPurpose(kind: string, purpose: PaymentPurpose): void {
  purposes.set(kind, purpose);
}

export function paymentPurpose(kind: string): PaymentPurpose | undefined {
  return purposes.get(kind);
}
