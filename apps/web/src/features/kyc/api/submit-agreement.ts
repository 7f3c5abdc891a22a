import { AgreementSubmitReply } from '@rampart/contracts';
import type { ApiClient } from '../../../lib/api';

/**
 * POST /agreement-submit-individual with the signature (first and last name joined by a space). A write without
 * an idempotency key: it does not retry (R16); signing twice is refused by the server anyway.
 */
export function submitAgreement(api: ApiClient, signature: string): Promise<AgreementSubmitReply> {
  return api.request('/agreement-submit-individual', { body: { signature }, schema: AgreementSubmitReply });
}
