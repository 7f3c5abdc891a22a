import type { Queryable } from '../../db';
import { isAssetCode, postTransaction, userAccount } from '../ledger';
import { WORLD_CHAIN } from '../transfers';
import type { OrdersContext } from './context';
import { holdForOrder } from './money';
import { queuePayout } from './order-jobs';
import { claimOrderChainDeposit, findOrderByDepositAddress, setDepositReceived } from './repository';
import { moveOrder } from './transition';

/** A token transfer into a sell order's deposit address, read from the chain at a final depth. */
export interface OrderChainDeposit {
  network: string;
  address: string;
  asset: string;
  /** Minor units of `asset`. */
  amount: bigint;
  txHash: string;
  logIndex: number;
}

export type OrderChainDepositOutcome =
  /** Credited to the user's holdings; `received` when it completed the order's deposit. */
  | { kind: 'credited'; orderId: string; received: boolean }
  /** The same transaction's log again: nothing moved. */
  | { kind: 'replayed'; orderId: string };

/**
 * A chain deposit to a sell order's address (docs/decisions/087-evm-deposits.md). What arrived is the user's: it is
 * credited to their holdings of that token once per (network, transaction, log). While the order waits for its
 * deposit and the deposits of its asset add up to its amount, the order's amount is held and the order goes on to its
 * payout at the quoted terms; anything above stays in the holdings. Less waits for the rest until the order expires;
 * a deposit after that, or of another token, stays in the holdings too. Null when the address is no order's.
 * Call inside a transaction with LEDGER_TRANSACTION_OPTIONS.
 */
export async function receiveOrderChainDeposit(
  tx: Queryable,
  ctx: OrdersContext,
  deposit: OrderChainDeposit,
): Promise<OrderChainDepositOutcome | null> {
  const row = await findOrderByDepositAddress(tx, deposit.network, deposit.address);
  if (!row || row.side !== 'sell' || !isAssetCode(deposit.asset)) return null;
  const now = ctx.clock.now();
  const { claimed, total } = await claimOrderChainDeposit(
    tx,
    {
      network: deposit.network,
      txHash: deposit.txHash,
      logIndex: deposit.logIndex,
      orderId: row.id,
      asset: deposit.asset,
      amount: deposit.amount,
      now,
    },
    row.sell_asset,
  );
  if (!claimed) return { kind: 'replayed', orderId: row.id };
  await postTransaction(tx, {
    idempotencyKey: `order-deposit:${deposit.network}:${deposit.txHash}:${deposit.logIndex}`,
    postings: [
      {
        source: WORLD_CHAIN,
        destination: userAccount(row.user_id, deposit.asset),
        asset: deposit.asset,
        amount: deposit.amount,
      },
    ],
    metadata: {
      kind: 'asset-deposit',
      method: 'on-chain',
      orderId: row.id,
      network: deposit.network,
      txHash: deposit.txHash,
    },
  });
  if (deposit.asset === row.sell_asset) await setDepositReceived(tx, row.id, total);
  // Deposits of another token are credited but do not count towards the order.
  if (row.status !== 'awaiting_deposit' || deposit.asset !== row.sell_asset || total < row.sell_amount) {
    return { kind: 'credited', orderId: row.id, received: false };
  }
  const holdId = await holdForOrder(tx, row);
  await moveOrder(tx, ctx, row, 'deposit_received', 'The deposit arrived', now, {
    hold_id: holdId,
    tx_hash: deposit.txHash,
    sent_at: now,
    confirmations: row.required_confirmations,
  });
  await queuePayout(tx, ctx, row.id);
  return { kind: 'credited', orderId: row.id, received: true };
}
