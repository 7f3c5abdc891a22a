import { randomUUID } from 'node:crypto';
import {
  ASSET_DEPOSIT_MESSAGES,
  serverMessage,
  minorToDecimal,
  normaliseSandboxAmount,
  sandboxAmountMessage,
  type AssetDeposit,
  type SandboxAssetDepositArrival,
  type SandboxAssetDepositReply,
} from '@rampart/contracts';
import type { Queryable } from '../../db';
import { AppError } from '../../lib/app-error';
import {
  LEDGER_TRANSACTION_OPTIONS,
  assetDecimals,
  isAssetCode,
  postTransaction,
  toMinorUnits,
  userAccount,
} from '../ledger';
import { WORLD_CHAIN, requireOpenedAccount } from '../transfers';
import { sandboxTxHash } from '../../providers/chain-gateway/sandbox';
import type { AssetDepositsContext } from './context';
import { depositableAsset, ensureDepositAddress } from './deposit-address';
import {
  findAddressByTarget,
  findDepositByTx,
  insertDeposit,
  setDepositLedgerTransaction,
  type AddressRow,
  type DepositRow,
} from './repository';

/** A deposit as the chain reports it: where it went, what and how much arrived, and the network's transaction id. */
export interface ChainDeposit {
  network: string;
  address: string;
  memo: string | null;
  assetTicker: string;
  /** Minor units of the asset. */
  amount: bigint;
  txHash: string;
  /** The transfer's log in its transaction, on networks with logs (EVM): one transaction may carry several. */
  logIndex?: number;
}

export type ReceivedDeposit = { deposit: DepositRow; address: AddressRow; replayed: boolean };

function depositView(row: DepositRow, address: AddressRow): AssetDeposit {
  const decimals = isAssetCode(row.asset) ? assetDecimals(row.asset) : 0;
  return {
    depositId: row.id,
    assetTicker: row.asset,
    network: row.network,
    amount: minorToDecimal(BigInt(row.amount), decimals),
    address: address.address,
    memo: address.memo === '' ? null : address.memo,
    txHash: row.tx_hash,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/**
 * A chain deposit to a user's deposit address credits the user's holdings exactly once: the deposit row is claimed
 * on (network, transaction, log) and the ledger posting (the chain into the user's asset account) is keyed on the
 * same, so a deposit reported again, by a retry or a second report, moves nothing (`replayed`). The same transaction
 * reported with another address, asset or amount is refused (400 under `txHash`). A deposit to no known address, or
 * of another asset than the address is for, is not credited (null): it needs a person to look at it.
 * Call inside a transaction with LEDGER_TRANSACTION_OPTIONS.
 */
export async function receiveChainDeposit(
  tx: Queryable,
  now: Date,
  report: ChainDeposit,
): Promise<ReceivedDeposit | null> {
  const address = await findAddressByTarget(tx, report.network, report.address, report.memo ?? '');
  if (!address || address.asset !== report.assetTicker || !isAssetCode(address.asset)) return null;
  const logIndex = report.logIndex ?? 0;
  const claimed = await insertDeposit(tx, {
    id: randomUUID(),
    address_id: address.id,
    user_id: address.user_id,
    network: report.network,
    asset: address.asset,
    amount: report.amount,
    tx_hash: report.txHash,
    log_index: logIndex,
    created_at: now,
  });
  if (!claimed) {
    const existing = await findDepositByTx(tx, report.network, report.txHash, logIndex);
    if (!existing || existing.address_id !== address.id || BigInt(existing.amount) !== report.amount) {
      throw AppError.validation({ txHash: ASSET_DEPOSIT_MESSAGES.depositConflict });
    }
    return { deposit: existing, address, replayed: true };
  }
  const posted = await postTransaction(tx, {
    idempotencyKey: `asset-deposit:${report.network}:${report.txHash}${logIndex === 0 ? '' : `:${logIndex}`}`,
    postings: [
      {
        source: WORLD_CHAIN,
        destination: userAccount(address.user_id, address.asset),
        asset: address.asset,
        amount: report.amount,
      },
    ],
    metadata: {
      kind: 'asset-deposit',
      depositId: claimed.id,
      network: report.network,
      txHash: report.txHash,
      status: 'settled',
    },
  });
  return { deposit: await setDepositLedgerTransaction(tx, claimed.id, posted.transactionId), address, replayed: false };
}

/**
 * `POST /api/primetrust-sandbox-receive-asset-deposit` (sandbox mode only, R4): the chain reports a deposit of
 * `amount` to the caller's address for the asset (made now if never asked for), with the given transaction id or one
 * made from the call's Idempotency-Key. At least the asset's minimum deposit (R14).
 */
export async function sandboxReceiveDeposit(
  ctx: AssetDepositsContext,
  userGuid: string,
  body: SandboxAssetDepositArrival,
  idempotencyKey?: string,
): Promise<SandboxAssetDepositReply> {
  const { entry, asset } = depositableAsset(ctx.flags, body.network, body.assetTicker);
  const decimals = assetDecimals(asset);
  const problem = sandboxAmountMessage(body.amount, decimals);
  if (problem) throw AppError.validation({ amount: problem });
  const amount = toMinorUnits(normaliseSandboxAmount(body.amount as string | number), asset);
  const minimum = toMinorUnits(entry.minimumDeposit ?? '0', asset);
  if (amount < minimum)
    throw AppError.validation({
      amount: serverMessage('assetDeposit.belowMinimum', { minimum: entry.minimumDeposit ?? '0', ticker: asset }),
    });
  const reference = idempotencyKey ?? randomUUID();
  const received = await ctx.db.transaction(async (tx) => {
    await requireOpenedAccount(tx, userGuid);
    const address = await ensureDepositAddress(tx, ctx, userGuid, entry.network, asset);
    const txHash = body.txHash ?? sandboxTxHash(entry.network, `asset-deposit:${address.id}:${reference}`);
    return receiveChainDeposit(tx, ctx.clock.now(), {
      network: entry.network,
      address: address.address,
      memo: address.memo === '' ? null : address.memo,
      assetTicker: asset,
      amount,
      txHash,
    });
  }, LEDGER_TRANSACTION_OPTIONS);
  // The address was just read for this user and asset: a deposit to it always matches.
  if (!received) throw new Error('the sandbox deposit did not match its own address');
  return { deposit: depositView(received.deposit, received.address), replayed: received.replayed };
}
