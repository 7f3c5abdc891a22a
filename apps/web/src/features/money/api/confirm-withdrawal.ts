import { TransferReply, type ConfirmWithdrawalRequest } from '@rampart/contracts';
import type { ApiClient } from '../../../lib/api';

/** POST /transfers/confirm-withdrawal: the token of the email's link. Single use on the server, so no retry. */
export function confirmWithdrawal(api: ApiClient, token: string): Promise<TransferReply> {
  const body: ConfirmWithdrawalRequest = { token };
  return api.request('/transfers/confirm-withdrawal', { body, schema: TransferReply });
}
