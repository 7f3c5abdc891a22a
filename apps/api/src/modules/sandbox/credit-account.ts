import { normaliseSandboxAmount, sandboxAmountMessage, sandboxAmountProblem } from '@rampart/contracts';
import { AppError } from '../../lib/app-error';
import type { Json } from '../../lib/idempotency';
import { findAccount } from '../accounts';
import {
  LEDGER_TRANSACTION_OPTIONS,
  WORLD_BANK,
  assetDecimals,
  fromMinorUnits,
  isAssetCode,
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
 * What two funding requests under one Idempotency-Key must agree on (plugins/idempotency.ts, idempotentComparing):
 * the amount as the ledger reads it, in minor units of the asset ("100", 100 and "100.00" USD are all 10000), and
 * the ticker without case. `asset` is the route's own (USD), else the body's `assetTicker`. An amount the rules
 * refuse is compared as sent (docs/decisions/104-every-refusal-is-keyed.md).
 */
export function comparedCredit(asset?: AssetCode): (body: Json) => Json {
  return (body) => {
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
    const out: Record<string, Json> = { ...body };
    const sentTicker = body['assetTicker'];
    if (asset === undefined && typeof sentTicker === 'string') out['assetTicker'] = sentTicker.trim().toUpperCase();
    const ticker = asset ?? out['assetTicker'];
    const amount = body['amount'];
    if (
      isAssetCode(ticker) &&
      (typeof amount === 'string' || typeof amount === 'number') &&
      sandboxAmountProblem(amount, assetDecimals(ticker)) === null
    )
      out['amount'] = toMinorUnits(normaliseSandboxAmount(amount), ticker).toString();
    return out;
  };
}

/**
 * The movement behind every sandbox funding call: `amount` of `asset` from the outside world (WORLD_BANK) into the
 * caller's account, settled at once. The amount rules answer 400 with their message under `amount`; the account
 * must be opened (409 account_not_opened), checked under the account row's lock so a concurrent clear waits.
 */
export async function creditAccount(ctx: SandboxContext, userGuid: string, input: CreditInput): Promise<Credit> {
  const problem = sandboxAmountMessage(input.amount, assetDecimals(input.asset));
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
