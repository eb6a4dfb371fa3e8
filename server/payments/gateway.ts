import { createHash, randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import type { Config } from '../config.ts';
import type { AppEnv } from '../hono-env.ts';
import { refuse, type Outcome, type Trx } from '../idempotency/idempotent.ts';
import { newId } from '../lib/ids.ts';
import type { ReferenciaMulticaixa } from '../../contract/schemas/payments.ts';
import { GpoError, frameUrl, requestFrameToken } from './emis-gpo/client.ts';
import { ProxyPayError, reserveReference, setReference } from './proxypay/client.ts';

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

/**
 * The answer the app opens in its payment frame (SPEC §3 respostaEmis): `id` is what the gateway gave (our payment
 * id on the simulated page, EMIS GPO's frame token), `url` the frame to open, `pagamentoId` our payment, whose state
 * the app asks for (GET /api/client/common/pagamentos/{id}).
 */
export interface StartedPayment {
  id: string;
  url: string;
  pagamentoId: string;
  /** A Multicaixa reference to pay outside the app (ProxyPay), shown in place of the frame. */
  multicaixa?: ReferenciaMulticaixa;
}

/** After a GPO frame's time to live, how long a pending payment waits for its callback before it is expired. */
const FRAME_GRACE_MS = 10 * 60 * 1000;

/** How long a Multicaixa reference stays payable: long enough to reach an ATM or a bank's app over a weekend. */
export const REFERENCE_LIFETIME_MS = 3 * 24 * 60 * 60 * 1000;

/** A payment the gateway has been asked for, before the transaction that records it. */
export interface BegunPayment {
  id: string;
  amount: number;
  gateway: 'emis-simulado' | 'emis-gpo' | 'proxypay';
  referencia: string | null;
  gatewayId: string | null;
  segredoHash: string | null;
  entidade: string | null;
  expiraEm: string | null;
  started: StartedPayment;
}

/** The gateway did not start the payment (GPO gave no frame, ProxyPay no reference): the route answers 502. */
export const isGatewayError = (error: unknown): error is GpoError | ProxyPayError => error instanceof GpoError || error instanceof ProxyPayError;

/** Thrown when this server takes no payments (PAYMENTS=off); the app answers 503. */
export class PaymentsUnavailableError extends Error {
  override name = 'PaymentsUnavailableError';
}

export function paymentPageUrl(id: string): string {
  return `/pagamentos/emis/${id}`;
}

export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** A reference GPO accepts (letters and digits, 15 at most) that no other payment of ours has. */
function newReference(): string {
  return `F${randomBytes(9).toString('base64url').replace(/[-_]/g, '0').toUpperCase().slice(0, 12)}`;
}

/**
 * Asks the configured gateway for a payment (DESIGN §5 "Payments"). This is a network call for a real gateway, so it
 * runs before the transaction that records the payment (createPayment), never inside it. PAYMENTS=off starts none.
 */
export async function beginPayment(config: Config, amount: number, now = new Date()): Promise<BegunPayment> {
  const id = newId();
  const value = Math.round(amount);
  const none = { referencia: null, gatewayId: null, segredoHash: null, entidade: null, expiraEm: null };
  if (config.payments === 'off') throw new PaymentsUnavailableError('payments are off on this server (PAYMENTS=off)');
  if (config.proxyPay) {
    // A Multicaixa reference: reserved, then made payable for this amount; the payer pays it outside the app.
    const proxy = config.proxyPay;
    const referencia = await reserveReference(proxy);
    const expires = new Date(now.getTime() + REFERENCE_LIFETIME_MS);
    await setReference(proxy, referencia, { amount: value, endDatetime: expires, paymentId: id });
    const multicaixa = { entidade: proxy.entity, referencia, valor: value, expiraEm: expires.toISOString() };
    return {
      id,
      amount: value,
      gateway: 'proxypay',
      ...none,
      referencia,
      gatewayId: referencia,
      entidade: proxy.entity,
      expiraEm: multicaixa.expiraEm,
      started: { id: referencia, url: paymentPageUrl(id), pagamentoId: id, multicaixa },
    };
  }
  if (config.payments === 'simulated' || !config.emisGpo) {
    const started = { id, url: paymentPageUrl(id), pagamentoId: id };
    return { id, amount: value, gateway: 'emis-simulado', ...none, started };
  }
  const gpo = config.emisGpo;
  const referencia = newReference();
  // GPO does not sign its callbacks: the path carries a secret only this payment's callback knows.
  const secret = randomBytes(32).toString('base64url');
  const frame = await requestFrameToken(gpo, { reference: referencia, amount: value, callbackUrl: `${gpo.publicUrl}/api/pagamentos/emis/callback/${secret}` });
  const token = frame.id;
  return {
    id,
    amount: value,
    gateway: 'emis-gpo',
    ...none,
    referencia,
    gatewayId: token,
    segredoHash: hashSecret(secret),
    // Once the frame is gone the payment can no longer be made in it; a payer still confirming on the phone has
    // a margin, and a callback that comes later still applies (settle-payment.ts, moneyReceived).
    expiraEm: new Date(now.getTime() + frame.lifeMs + FRAME_GRACE_MS).toISOString(),
    started: { id: token, url: frameUrl(gpo, token), pagamentoId: id },
  };
}

/**
 * Records a begun payment for its purpose in the caller's transaction, so it exists exactly when the request that
 * asked for it succeeded; confirmPayment/cancelPayment (settle-payment.ts) apply the purpose whichever gateway took
 * the money.
 */
export async function createPayment(trx: Trx, begun: BegunPayment, input: NewPayment): Promise<StartedPayment> {
  if (Math.round(input.amount) !== begun.amount) throw new Error(`payment begun for ${begun.amount} Kz, recorded for ${input.amount} Kz`);
  const now = new Date().toISOString();
  await trx
    .insertInto('pagamentos')
    .values({
      id: begun.id,
      usuario_id: input.userId,
      finalidade: input.purpose.kind,
      detalhes: JSON.stringify(input.purpose.details ?? {}),
      descricao: input.purpose.description,
      valor: begun.amount,
      estado: 'pendente',
      created_at: now,
      updated_at: now,
      gateway: begun.gateway,
      referencia: begun.referencia,
      gateway_id: begun.gatewayId,
      segredo_hash: begun.segredoHash,
      entidade: begun.entidade,
      expira_em: begun.expiraEm,
    })
    .execute();
  return begun.started;
}

/**
 * A route's payment step for idempotent(): `prepare(amount)` begins the payment outside the transaction (a replayed
 * key begins nothing), and the effect records it with `begun(amount)`. A gateway that gives no frame is answered with the
 * route's own failure message (SPEC §8), 502, and nothing is stored (as does a ProxyPay that gives no reference).
 */
export function paymentStep(c: Context<AppEnv>, failure: string) {
  let begun: BegunPayment | undefined;
  return {
    prepare: (amount: () => Promise<number | null> | number | null) => async (): Promise<Outcome | null> => {
      const value = await amount();
      if (value === null || value <= 0) return null;
      try {
        begun = await beginPayment(c.get('config'), value);
      } catch (error) {
        if (!isGatewayError(error)) throw error;
        console.error(`[payments] ${error.message}`);
        return refuse(502, failure);
      }
      return null;
    },
    /** The payment begun for this amount, or null (none begun, or the price changed since: the route refuses). */
    begun(amount: number): BegunPayment | null {
      return begun?.amount === Math.round(amount) ? begun : null;
    },
  };
}
