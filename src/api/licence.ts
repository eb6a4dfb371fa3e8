import { LicencaResponseSchema, PaymentStartResponseSchema, type LicencePlan } from '../../contract/schemas/licence.ts';
import { PaymentListResponseSchema, PaymentResultResponseSchema } from '../../contract/schemas/payments.ts';
import { call } from './http.ts';

// The subscription's calls (docs/api/betting.md, Licence and Payments). Each needs the network: none is queued.

const BASE = '/api/client/common/licenca';

export function activateLicence() {
  return call(`${BASE}/activarLicenca`, { schema: LicencaResponseSchema });
}

export function startRenewal(plan: LicencePlan) {
  return call(`${BASE}/renovarLicenca/${encodeURIComponent(plan)}`, { schema: PaymentStartResponseSchema });
}

export function redeemLicenceCode(code: string) {
  return call(`${BASE}/usarCodigoLicenca/${encodeURIComponent(code)}`, { schema: LicencaResponseSchema });
}

export function requestActivation(comprovativo: string[]) {
  return call(`${BASE}/solicitarActivacao`, { method: 'patch', json: { comprovativo }, schema: LicencaResponseSchema });
}

export function fetchPayment(id: string) {
  return call(`/api/client/common/pagamentos/${encodeURIComponent(id)}`, { schema: PaymentResultResponseSchema });
}

/** The payer gives up a pending payment (a Multicaixa reference they will not pay). */
export function cancelPendingPayment(id: string) {
  return call(`/api/client/common/pagamentos/${encodeURIComponent(id)}/cancelar`, { method: 'post', json: {}, schema: PaymentResultResponseSchema });
}

/** The user's latest payments, newest first, each with its state. */
export function fetchPayments() {
  return call('/api/client/common/pagamentos', { schema: PaymentListResponseSchema });
}
