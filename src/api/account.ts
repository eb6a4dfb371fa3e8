import { LicencaResponseSchema } from '../../contract/schemas/licence.ts';
import { MessageResponseSchema } from '../../contract/schemas/auth.ts';
import { ContactDetailsResponseSchema, VerifyTokenResponseSchema } from '../../contract/schemas/settings.ts';
import type { PasswordChangeInput } from '../../contract/validation/social.ts';
import { call } from './http.ts';

export function fetchLicence() {
  return call('/api/client/common/licenca', { schema: LicencaResponseSchema });
}

const CONTA = '/api/client/common/conta';
const CONTACTO = '/api/client/common/contacto';

/** Direct, never through the outbox batch: the answer renews this device's cookie, which a batch would drop. */
export function changePasswordRequest(payload: PasswordChangeInput) {
  return call(`${CONTA}/actualizarPassword`, { method: 'patch', json: payload, schema: MessageResponseSchema });
}

export function endAllSessionsRequest() {
  return call(`${CONTA}/terminarSessoes`, { method: 'post', schema: MessageResponseSchema });
}

export function fetchContactDetails() {
  return call(`${CONTA}/contactDetails`, { schema: ContactDetailsResponseSchema });
}

export function confirmEmailRequest() {
  return call(`${CONTA}/confirmarEmail`, { method: 'post', schema: MessageResponseSchema });
}

export function phoneCodeRequest() {
  return call(`${CONTACTO}/criarNumeroVerifyToken`, { schema: VerifyTokenResponseSchema });
}

export function verifyPhoneRequest(code: string) {
  return call(`${CONTACTO}/verifyNumeroTelemovel/${encodeURIComponent(code)}`, { schema: MessageResponseSchema });
}
