import { TransferReply, type DepositRequest } from '@rampart/contracts';
import type { ApiClient } from '../../../lib/api';

/**
 * POST /transfers/deposit: an ACH or instant ACH deposit from a linked bank. The form's idempotency key is sent, so
 * a retry after a lost reply creates nothing twice (R16).
 */
export function deposit(api: ApiClient, body: DepositRequest, idempotencyKey: string): Promise<TransferReply> {
  return api.request('/transfers/deposit', { body, schema: TransferReply, idempotencyKey, retry: true });
}
