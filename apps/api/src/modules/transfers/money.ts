import type { Queryable } from '../../db';
import { AppError } from '../../lib/app-error';
import { findAccount } from '../accounts';
import { PLATFORM_FEES, WORLD_BANK, postTransaction, userAccount, type Posting } from '../ledger';
import { ledgerKey } from './idempotency';
import type { TransferRow } from './repository';

/**
 * Money goes in and out of an opened custodial account only (decision 014's rule, 409 account_not_opened), checked
 * under the account row's lock so a concurrent sandbox clear waits for the transfer.
 */
export async function requireOpenedAccount(tx: Queryable, userGuid: string): Promise<void> {
  const account = await findAccount(tx, userGuid, { forUpdate: true });
  if (account?.status !== 'opened') throw new AppError('account_not_opened');
}

/**
 * A contribution's credit: `amount` from the outside world into the user's USD account and the fee from the paying
 * side (the bank, card or wire sender, all of them WORLD_BANK to the ledger) to PLATFORM_FEES. One ledger
 * transaction, keyed by the transfer, so it happens once.
 */
export async function postContributionCredit(
  tx: Queryable,
  row: TransferRow,
  extra: Record<string, string | boolean> = {},
): Promise<string> {
  const postings: Posting[] = [
    { source: WORLD_BANK, destination: userAccount(row.user_id, 'USD'), asset: 'USD', amount: row.amount },
  ];
  if (row.fee > 0n) postings.push({ source: WORLD_BANK, destination: PLATFORM_FEES, asset: 'USD', amount: row.fee });
  const posted = await postTransaction(tx, {
    idempotencyKey: ledgerKey(row.id, 'credit'),
    postings,
    metadata: { kind: 'deposit', method: row.method, transferId: row.id, ...extra },
  });
  return posted.transactionId;
}
