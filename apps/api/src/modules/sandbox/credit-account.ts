import { normaliseSandboxAmount, sandboxAmountProblem } from '@rampart/contracts';
import { AppError } from '../../lib/app-error';
import { findAccount } from '../accounts';
import {
  LEDGER_TRANSACTION_OPTIONS,
  WORLD_BANK,
  assetDecimals,
  fromMinorUnits,
  postTransaction,
  toMinorUnits,
  userAccount,
  type AssetCode,
  type Metadata,
} from '../ledger';
import type { SandboxContext } from './context';

export interface CreditInput {
  asset: AssetCode;
  /** As the client sent it: checked here against the asset's decimals. */
  amount: unknown;
  /** The ledger key (ledgerKeyOf). */
  idempotencyKey: string;
  metadata: Metadata;
}

export interface Credit {
  transactionId: string;
  replayed: boolean;
  /** The amount credited, in the asset's decimals ("100.00"). */
  amount: string;
}

/**
 * The movement behind every sandbox funding call: `amount` of `asset` from the outside world (WORLD_BANK) into the
 * caller's account, settled at once. The amount rules answer 400 with their message under `amount`; the account
 * must be opened (409 account_not_opened), checked under the account row's lock so a concurrent clear waits.
 */
export async function creditAccount(ctx: SandboxContext, userGuid: string, input: CreditInput): Promise<Credit> {
  const problem = sandboxAmountProblem(input.amount, assetDecimals(input.asset));
  if (problem) throw AppError.validation({ amount: problem });
  const minor = toMinorUnits(normaliseSandboxAmount(input.amount as string | number), input.asset);
  return ctx.db.transaction(async (tx) => {
    const account = await findAccount(tx, userGuid, { forUpdate: true });
    if (account?.status !== 'opened') throw new AppError('account_not_opened');
    const posted = await postTransaction(tx, {
      idempotencyKey: input.idempotencyKey,
      postings: [
        { source: WORLD_BANK, destination: userAccount(userGuid, input.asset), asset: input.asset, amount: minor },
      ],
      metadata: { ...input.metadata, sandbox: true, status: 'settled' },
    });
    return { ...posted, amount: fromMinorUnits(minor, input.asset) };
  }, LEDGER_TRANSACTION_OPTIONS);
}
