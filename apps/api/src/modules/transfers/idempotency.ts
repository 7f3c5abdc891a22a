import { AppError } from '../../lib/app-error';
import { firstDifference, idempotencyMismatch, type Json } from '../../lib/idempotency';
import { findTransferByKey, insertTransfer, type NewTransfer, type TransferRow } from './repository';

/**
 * Inserts the transfer, or finds the one this user already made under the key: the same request gives it back
 * (`replayed`), another request is refused with 422 idempotency_error naming the first differing field. The
 * ledger commands that follow use keys derived from the transfer id, so they happen once per transfer.
 */
export async function claimTransfer(
  tx: Parameters<typeof insertTransfer>[0],
  input: NewTransfer,
): Promise<{ row: TransferRow; replayed: boolean }> {
  const inserted = await insertTransfer(tx, input);
  if (inserted) return { row: inserted, replayed: false };
  const existing = await findTransferByKey(tx, input.userId, input.idempotencyKey, { forUpdate: true });
  if (!existing) throw new AppError('conflict');
  const difference = firstDifference(existing.request, JSON.parse(JSON.stringify(input.request)) as Json);
  if (difference) throw idempotencyMismatch(difference);
  return { row: existing, replayed: true };
}

/** The ledger key of one step of a transfer: each step moves money once, whatever retries happen. */
export function ledgerKey(
  transferId: string,
  step: 'credit' | 'hold' | 'capture' | 'fee' | 'release' | 'reversal',
): string {
  return `transfer:${transferId}:${step}`;
}
