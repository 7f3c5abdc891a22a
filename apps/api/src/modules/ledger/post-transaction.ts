import type { Queryable } from '../../db';
import { checkIdempotencyKey, claimKey, storeResult } from './idempotency';
import { checkMetadata, checkPostings, postingsAsJson, writePostings, type Metadata, type Posting } from './postings';

export interface PostTransactionInput {
  idempotencyKey: string;
  postings: Posting[];
  metadata?: Metadata;
}

export interface PostedTransaction {
  transactionId: string;
  /** True when the key was seen before with the same parameters and nothing moved this time. */
  replayed: boolean;
}

/**
 * Posts a balanced transaction. Call it inside `db.transaction(...)` (read committed is enough: the balance rows are
 * locked in a fixed order; pass `LEDGER_TRANSACTION_OPTIONS` to retry a deadlock). Throws LedgerError
 * insufficient_funds when a user account's available funds would go negative, AppError validation_failed for bad
 * input, AppError idempotency_error when the key was used with other parameters.
 */
export async function postTransaction(tx: Queryable, input: PostTransactionInput): Promise<PostedTransaction> {
  const idempotencyKey = checkIdempotencyKey(input.idempotencyKey);
  const postings = checkPostings(input.postings);
  const metadata = checkMetadata(input.metadata);
  const claim = await claimKey(tx, idempotencyKey, 'post', { postings: postingsAsJson(postings), metadata });
  if (!claim.claimed) return { ...(claim.result as { transactionId: string }), replayed: true };
  const { transactionId } = await writePostings(tx, { idempotencyKey, postings, metadata });
  await storeResult(tx, idempotencyKey, { transactionId });
  return { transactionId, replayed: false };
}
