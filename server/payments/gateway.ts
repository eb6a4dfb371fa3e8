import type { Trx } from '../idempotency/idempotent.ts';
import { newId } from '../lib/ids.ts';

/** What is being paid for: a registered purpose kind (see purposes.ts), what it needs later, and a line for the user. */
export interface PaymentPurposeInput {
  kind: string;
  /** Shown on the payment page, e.g. 'Subscrição mensal'. */
  description: string;
  /** Whatever the purpose's onPaid needs (plan, group id…); stored as JSON. */
  details?: Record<string, unknown>;
}

export interface NewPayment {
  userId: string;
  purpose: PaymentPurposeInput;
  /** Kz, whole. */
  amount: number;
}

/** The answer the app opens in its payment frame (SPEC §3 respostaEmis). */
export interface StartedPayment {
  id: string;
  url: string;
}

/**
 * The payment gateway (DESIGN §5 "Payments (EMIS): a gateway interface"). createPayment registers the payment (in
 * the caller's transaction, so it exists exactly when the request that asked for it succeeded) and says where the
 * user pays. A real EMIS integration would call EMIS here and confirm or cancel from its callback through
 * confirmPayment/cancelPayment (settle-payment.ts), which apply the purpose whichever gateway took the money.
 */
export interface PaymentGateway {
  readonly id: string;
  createPayment(trx: Trx, input: NewPayment): Promise<StartedPayment>;
}

/** The embedded default: payments wait in the database and the user pays on our own page (/pagamentos/emis/{id}). */
export const simulatedEmisGateway: PaymentGateway = {
  id: 'emis-simulado',
  async createPayment(trx, input) {
    const id = newId();
    const now = new Date().toISOString();
    await trx
      .insertInto('pagamentos')
      .values({
        id,
        usuario_id: input.userId,
        finalidade: input.purpose.kind,
        detalhes: JSON.stringify(input.purpose.details ?? {}),
        descricao: input.purpose.description,
        valor: Math.round(input.amount),
        estado: 'pendente',
        created_at: now,
        updated_at: now,
      })
      .execute();
    return { id, url: paymentPageUrl(id) };
  },
};

export function paymentPageUrl(id: string): string {
  return `/pagamentos/emis/${id}`;
}

/** Thrown by the gateway when this server takes no payments (PAYMENTS=off); the app answers 503. */
export class PaymentsUnavailableError extends Error {
  override name = 'PaymentsUnavailableError';
}

/**
 * PAYMENTS=off, the default outside the demo: no money can be taken, so no payment is started and nothing can be
 * "paid" on the simulated page (which is not served either).
 */
export const unavailableGateway: PaymentGateway = {
  id: 'indisponivel',
  createPayment() {
    return Promise.reject(new PaymentsUnavailableError('payments are off on this server (PAYMENTS=off)'));
  },
};

let gateway: PaymentGateway = simulatedEmisGateway;

/** Swaps the gateway (a real EMIS client); the simulated one is the default. */
export function setPaymentGateway(next: PaymentGateway): void {
  gateway = next;
}

/** Starts a payment through the current gateway; other areas (group subscriptions) call this. */
export function createPayment(trx: Trx, input: NewPayment): Promise<StartedPayment> {
  return gateway.createPayment(trx, input);
}
