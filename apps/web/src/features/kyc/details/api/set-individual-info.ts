import { SetIndividualInfoReply, type KycIndividualInput } from '@rampart/contracts';
import type { ApiClient } from '../../../../lib/api';

/**
 * POST /contact/set/individualinfo: saves the whole record. A write, so no retry (R16). A 400 reply carries one
 * message per field path ('name.first', 'birth', 'address.postalCode'...) in the error's `fields`.
 */
export function setIndividualInfo(api: ApiClient, body: KycIndividualInput): Promise<SetIndividualInfoReply> {
  return api.request('/contact/set/individualinfo', { body, schema: SetIndividualInfoReply });
}
