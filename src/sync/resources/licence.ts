import type { AppDb } from '../../db/app-db.ts';
import type { Licenca, LicencePlan } from '../../../contract/schemas/licence.ts';
import { activateLicence, fetchPayment, redeemLicenceCode, requestActivation, startRenewal } from '../../api/licence.ts';
import { startedPayment, type StartedPayment } from '../../lib/licence-rules.ts';
import type { PaymentState } from '../../../contract/schemas/payments.ts';
import type { ApiResult } from '../../api/http.ts';
import { refreshLicence } from './account.ts';
import { refreshPayments } from './payments.ts';

// The subscription page's actions. They need the network (a payment, a code, a proof the moderator must see now), so
// none is queued in the outbox: each answers at once. After a change the licence is stored through the one refresher
// that writes it (resources/account.ts), so there is a single place that knows how the licence row is written.

type LicenceActionResult =
  | { kind: 'ok'; message: string }
  | { kind: 'refused'; message: string; tipo: string | null }
  | { kind: 'network'; message: string };

function tipoOf(body: unknown): string | null {
  const tipo = body && typeof body === 'object' ? (body as { tipo?: unknown }).tipo : undefined;
  return typeof tipo === 'string' ? tipo : null;
}

async function licenceAction(db: AppDb, request: () => Promise<ApiResult<{ message: string; licenca: Licenca }>>): Promise<LicenceActionResult> {
  const result = await request();
  if (result.kind === 'network') return { kind: 'network', message: result.message };
  if (result.kind !== 'ok') return { kind: 'refused', message: result.message, tipo: result.kind === 'http' ? tipoOf(result.body) : null };
  await refreshLicence(db, { force: true });
  return { kind: 'ok', message: result.data.message };
}

export function activateTrial(db: AppDb): Promise<LicenceActionResult> {
  return licenceAction(db, activateLicence);
}

export function redeemCode(db: AppDb, code: string): Promise<LicenceActionResult> {
  return licenceAction(db, () => redeemLicenceCode(code));
}

export function sendPaymentProof(db: AppDb, images: string[]): Promise<LicenceActionResult> {
  return licenceAction(db, () => requestActivation(images));
}

type RenewalStart = ({ kind: 'ok'; message: string } & StartedPayment) | Exclude<LicenceActionResult, { kind: 'ok' }>;

/** renovarLicenca/{plan}: the payment to open in the EMIS frame. */
export async function renewLicence(plan: LicencePlan): Promise<RenewalStart> {
  const result = await startRenewal(plan);
  if (result.kind === 'network') return { kind: 'network', message: result.message };
  if (result.kind !== 'ok') return { kind: 'refused', message: result.message, tipo: result.kind === 'http' ? tipoOf(result.body) : null };
  return { kind: 'ok', message: result.data.message, ...startedPayment(result.data.respostaEmis) };
}

/**
 * How a payment stands on the server; once it is paid the licence is fetched again (the server added the plan's
 * period in the payment's own transaction).
 */
export async function checkPayment(db: AppDb, paymentId: string): Promise<PaymentState | null> {
  const result = await fetchPayment(paymentId);
  if (result.kind !== 'ok') return null;
  const estado = result.data.pagamento.estado;
  if (estado === 'concluido') await refreshLicence(db, { force: true });
  if (estado !== 'pendente') await refreshPayments(db, { force: true });
  return estado;
}
