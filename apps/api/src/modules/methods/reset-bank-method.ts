import type { BankAccount } from '@rampart/contracts';
import type { Db } from '../../db';
import { AppError } from '../../lib/app-error';
import { systemClock, type Clock } from '../../lib/clock';
import { sandboxBankLink } from '../../providers/bank-link/sandbox';
import type { BankLinkProvider } from '../../providers/bank-link/types';
import { callBankLink } from './bank-link-errors';
import { findBankMethodOfUser, setItemLoginRequired, toBankAccount } from './repository';
import { findRelatedId } from '../kyc';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The sandbox screen's 'reset a linked bank method' (`/primetrust/sandbox/plaid-reset-method`): the bank-link
 * sandbox puts the method's item into login-required, and so do its methods here. The owner's method only: another
 * user's id is unknown (AppError bank_method_unknown, 404).
 */
export async function resetBankMethod(
  db: Db,
  userGuid: string,
  fundsTransferMethodId: string,
  options: { bankLink?: BankLinkProvider; clock?: Clock } = {},
): Promise<BankAccount> {
  const bankLink = options.bankLink ?? sandboxBankLink;
  const now = (options.clock ?? systemClock).now();
  // Not through a route's schema here: an id that is no uuid is as unknown as another user's.
  if (!UUID.test(fundsTransferMethodId)) throw new AppError('bank_method_unknown');
  const method = await findBankMethodOfUser(db, userGuid, fundsTransferMethodId);
  if (!method) throw new AppError('bank_method_unknown');
  await callBankLink(() => bankLink.resetLogin(method.item_id));
  const row = await db.transaction(async (tx) => {
    await setItemLoginRequired(tx, userGuid, method.item_id, true, now);
    return findBankMethodOfUser(tx, userGuid, method.id);
  });
  if (!row) throw new AppError('bank_method_unknown');
  return toBankAccount(row, await findRelatedId(db, userGuid));
}
