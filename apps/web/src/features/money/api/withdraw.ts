import { TransferReply, type WithdrawRequest } from '@rampart/contracts';
import type { ApiClient } from '../../../lib/api';

/** POST /transfers/withdraw: ACH, US wire or international wire; waits for its email confirmation. Keyed (R16). */
export function withdraw(api: ApiClient, body: WithdrawRequest, idempotencyKey: string): Promise<TransferReply> {
  return api.request('/transfers/withdraw', { body, schema: TransferReply, idempotencyKey, retry: true });
}
