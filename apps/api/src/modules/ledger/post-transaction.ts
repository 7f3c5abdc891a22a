import type { Queryable } from '../../db';
import { firstDifference, idempotencyMismatch, type Json } from '../../lib/idempotency';
import { idempotencyKeyExpired, withinBalanceBound } from './errors';
import { checkIdempotencyKey } from './idempotency';
import {
  checkMetadata,
  checkPostings,
  insufficientFunds,
  postingsAsJson,
  writeArguments,
  type Metadata,
  type Posting,
  type ShortRow,
} from './postings';

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

type PostRow = ShortRow & {
  outcome: 'posted' | 'replay' | 'expired' | 'short';
  transaction_id: string | null;
  stored_command: string | null;
  stored_params: Json;
  stored_result: Json;
};

/**
 * Posts a balanced transaction in one statement (`ledger_post`, decision 086): the key's claim, the locks on the
 * user balances in the ledger's one order, the funds check, the transaction with its postings and balances, and the
 * stored result. Inside `db.transaction(...)` it joins the caller's work (read committed is enough; pass
 * `LEDGER_TRANSACTION_OPTIONS` to retry a deadlock with the caller's other locks); on its own (the pool) it is its own
 * transaction. Throws LedgerError insufficient_funds when a user account's available funds would go negative,
 * AppError validation_failed for bad input or a balance that would leave a bigint, AppError idempotency_error when the key was used with other parameters.
 * A concurrent holder of the same key makes it wait until that one commits (then its result comes back) or rolls
 * back (then this one posts).
 */
export async function postTransaction(q: Queryable, input: PostTransactionInput): Promise<PostedTransaction> {
  const idempotencyKey = checkIdempotencyKey(input.idempotencyKey);
  const postings = checkPostings(input.postings);
  const metadata = checkMetadata(input.metadata);
  const params = { postings: postingsAsJson(postings), metadata };
  const { rows } = await withinBalanceBound(
    q.query<PostRow>(
      `SELECT * FROM ledger_post($1, $2, $3, $4, $5, $6, $7::int8[], $8, $9::uuid[], $10, $11, $12::int8[], $13::int8[])`,
      [
        idempotencyKey,
        JSON.stringify(params),
        JSON.stringify(metadata),
        ...writeArguments({ idempotencyKey, postings, metadata }),
      ],
      { name: 'ledger_post' },
    ),
  );
  const row = rows[0]!;
  switch (row.outcome) {
    case 'posted':
      return { transactionId: row.transaction_id!, replayed: false };
    case 'short':
      throw insufficientFunds(row);
    case 'expired':
      throw idempotencyKeyExpired();
    case 'replay': {
      if (row.stored_command !== 'post') throw idempotencyMismatch('command');
      // Round-trip ours through JSON so that both sides compare as jsonb gave them back.
      const difference = firstDifference(row.stored_params, JSON.parse(JSON.stringify(params)) as Json);
      if (difference) throw idempotencyMismatch(difference);
      return { ...(row.stored_result as { transactionId: string }), replayed: true };
    }
  }
}
