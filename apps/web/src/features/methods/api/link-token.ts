import { PlaidLinkTokenReply } from '@rampart/contracts';
import type { ApiClient } from '../../../lib/api';

/** POST /plaid-ui-token: a link token that starts one bank link (valid 30 minutes). */
export function createLinkToken(api: ApiClient): Promise<PlaidLinkTokenReply> {
  return api.request('/plaid-ui-token', { body: {}, schema: PlaidLinkTokenReply });
}
