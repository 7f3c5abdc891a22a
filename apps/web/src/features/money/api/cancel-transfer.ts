import { TransferReply, type TransferIdRequest } from '@rampart/contracts';
import type { ApiClient } from '../../../lib/api';

/** POST /transfers/cancel: cancels a pending transfer of the caller (its hold released). A write without a key: no retry (R16). */
export function cancelTransfer(api: ApiClient, transferId: string): Promise<TransferReply> {
  const body: TransferIdRequest = { transferId };
  return api.request('/transfers/cancel', { body, schema: TransferReply });
}
