import { BankAccountRemoveReply, type BankMethodRequest } from '@rampart/contracts';
import type { ApiClient } from '../../../lib/api';

/** POST /bank-account-remove { fundsTransferMethodId }. */
export function removeBankAccount(api: ApiClient, fundsTransferMethodId: string): Promise<BankAccountRemoveReply> {
  const body: BankMethodRequest = { fundsTransferMethodId };
  return api.request('/bank-account-remove', { body, schema: BankAccountRemoveReply });
}
