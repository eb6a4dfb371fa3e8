import { LicencaResponseSchema } from '../../contract/schemas/licence.ts';
import { call } from './http.ts';

export function fetchLicence() {
  return call('/api/client/common/licenca', { schema: LicencaResponseSchema });
}
