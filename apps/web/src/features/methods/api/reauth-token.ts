import { PlaidLinkTokenReply, type BankMethodRequest } from '@rampart/contracts';
import type { ApiClient } from '../../../lib/api';

/** POST /plaid-ui-reauth-token { fundsTransferMethodId }: a link token limited to the method's own bank (update mode). */
export function createReauthToken(api: ApiClient, fundsTransferMethodId: string): Promise<PlaidLinkTokenReply> {
  const body: BankMethodRequest = { fundsTransferMethodId };
  return api.request('/plaid-ui-reauth-token', { body, schema: PlaidLinkTokenReply });
}
