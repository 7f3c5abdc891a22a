import type { Queryable } from '../../db';
import { AppError } from '../../lib/app-error';
import { ORDER_MESSAGES } from '@rampart/contracts';
import {
  PLATFORM_FEES,
  captureHold,
  getAccountBalance,
  isAssetCode,
  isLedgerError,
  lockBalances,
  placeHold,
  postTransaction,
  userAccount,
  type Posting,
} from '../ledger';
import { WORLD_CHAIN, WORLD_MARKET } from '../transfers';
import type { OrderRow } from './repository';

/**
 * The ledger side of orders (decision 024). Every call is keyed by the order and step, so a job run twice posts once.
 * A buy's USD: the user pays `sell_amount`; the method fee went with the deposit (ACH) or is zero (USD balance), so the
 * order holds `usdHeld` = sell_amount - method_fee of the USD balance; on delivery `usdHeld - network - spread` goes
 * to the market and the network and spread fees to PLATFORM_FEES, and the asset leaves the market for the chain.
 */
export function ledgerKey(
  orderId: string,
  step: 'hold' | 'capture' | 'fees' | 'asset-out' | 'refund' | 'deposit' | 'payout',
): string {
  return `order:${orderId}:${step}`;
}

/**
 * A buy's delivery moves USD into the market and then the asset out of it; a sell's payout the asset in and then USD
 * out: separate ledger commands, each locking its own rows, so a buy and a sell took the market's two rows in
 * opposite orders and deadlocked (a third of the sell payouts in the scale test, decision 039). The user's own rows
 * and the platform's fee row are in the same position against a deposit settling for that user (user USD, then
 * fees there; fees, then user USD here). So a delivery or a payout locks every balance row it will post to first, in
 * one statement, in the ledger's one order.
 */
export async function lockMarket(tx: Queryable, row: OrderRow): Promise<void> {
  const asset = row.side === 'buy' ? row.buy_asset : row.sell_asset;
  await lockBalances(tx, [
    { account: WORLD_MARKET, asset: 'USD' },
    { account: WORLD_MARKET, asset },
    { account: WORLD_CHAIN, asset },
    { account: PLATFORM_FEES, asset: 'USD' },
    { account: userAccount(row.user_id, 'USD'), asset: 'USD' },
    // A buy never posts to the user's asset row (the asset goes to the address): no empty row is made for it.
    ...(row.side === 'sell' ? [{ account: userAccount(row.user_id, asset), asset }] : []),
  ]);
}

export function usdHeld(row: OrderRow): bigint {
  return row.sell_amount - row.method_fee;
}

/**
 * What holdForOrder will check, read without a hold (decision 053): a buy from the USD balance needs the total there,
 * a sell from holdings the asset; 422 insufficient_funds with the same message. Other orders are paid from outside.
 */
export async function assertCanPay(
  q: Queryable,
  userGuid: string,
  quote: {
    side: 'buy' | 'sell';
    paymentMethod: string;
    quote: { sellAssetTicker: string; sellDeliveryMethod: string | null };
  },
  amounts: { sell_amount: bigint; method_fee: bigint },
): Promise<void> {
  const buy = quote.side === 'buy';
  if (buy ? quote.paymentMethod !== 'primex_usd' : quote.quote.sellDeliveryMethod !== 'holdings') return;
  const asset = quote.quote.sellAssetTicker;
  if (!isAssetCode(asset)) return;
  const { available } = await getAccountBalance(q, userAccount(userGuid, asset), asset);
  const needed = buy ? amounts.sell_amount - amounts.method_fee : amounts.sell_amount;
  if (available < needed)
    throw new AppError('insufficient_funds', {
      message: buy ? ORDER_MESSAGES.insufficientFunds : ORDER_MESSAGES.insufficientHoldings,
    });
}

/** Reserves the buy's USD (or the sell's asset) in the user's balance; 422 when the balance is short. */
export async function holdForOrder(tx: Queryable, row: OrderRow): Promise<string> {
  const buy = row.side === 'buy';
  try {
    const { holdId } = await placeHold(tx, {
      idempotencyKey: ledgerKey(row.id, 'hold'),
      account: userAccount(row.user_id, buy ? 'USD' : row.sell_asset),
      asset: buy ? 'USD' : row.sell_asset,
      amount: buy ? usdHeld(row) : row.sell_amount,
      metadata: { kind: buy ? 'buy' : 'sell', orderId: row.id },
    });
    return holdId;
  } catch (error) {
    if (isLedgerError(error, 'insufficient_funds')) {
      throw new AppError('insufficient_funds', {
        message: buy ? ORDER_MESSAGES.insufficientFunds : ORDER_MESSAGES.insufficientHoldings,
      });
    }
    throw error;
  }
}

/** A buy's funds are committed: the hold is captured into the market and the fees, the asset goes out on chain. */
export async function postBuyDelivery(tx: Queryable, row: OrderRow): Promise<void> {
  if (!row.hold_id) throw new Error(`order ${row.id} has no hold`);
  const fees = row.network_fee + row.spread_fee;
  await captureHold(tx, {
    idempotencyKey: ledgerKey(row.id, 'capture'),
    holdId: row.hold_id,
    destination: WORLD_MARKET,
    amount: usdHeld(row) - fees,
    metadata: { kind: 'buy', orderId: row.id },
  });
  // The capture released the rest of the hold while this transaction keeps the balance row locked.
  if (fees > 0n) {
    await postTransaction(tx, {
      idempotencyKey: ledgerKey(row.id, 'fees'),
      postings: [{ source: userAccount(row.user_id, 'USD'), destination: PLATFORM_FEES, asset: 'USD', amount: fees }],
      metadata: { kind: 'buy-fees', orderId: row.id },
    });
  }
  await postTransaction(tx, {
    idempotencyKey: ledgerKey(row.id, 'asset-out'),
    postings: [{ source: WORLD_MARKET, destination: WORLD_CHAIN, asset: row.buy_asset, amount: row.receive_amount }],
    metadata: { kind: 'buy-delivery', orderId: row.id, network: row.buy_network },
  });
}

/** A failed delivery: a new ledger transaction gives the user back every cent of the buy's USD. */
export async function postBuyRefund(tx: Queryable, row: OrderRow): Promise<void> {
  const fees = row.network_fee + row.spread_fee;
  const postings: Posting[] = [
    { source: WORLD_MARKET, destination: userAccount(row.user_id, 'USD'), asset: 'USD', amount: usdHeld(row) - fees },
    { source: WORLD_CHAIN, destination: WORLD_MARKET, asset: row.buy_asset, amount: row.receive_amount },
  ];
  if (fees > 0n)
    postings.push({ source: PLATFORM_FEES, destination: userAccount(row.user_id, 'USD'), asset: 'USD', amount: fees });
  await postTransaction(tx, {
    idempotencyKey: ledgerKey(row.id, 'refund'),
    postings,
    metadata: { kind: 'buy-refund', orderId: row.id },
  });
}

/** An on-chain deposit for a sell arrives in the user's holdings. */
export async function postSellDeposit(tx: Queryable, row: OrderRow, txHash: string): Promise<void> {
  await postTransaction(tx, {
    idempotencyKey: ledgerKey(row.id, 'deposit'),
    postings: [
      {
        source: WORLD_CHAIN,
        destination: userAccount(row.user_id, row.sell_asset),
        asset: row.sell_asset,
        amount: row.sell_amount,
      },
    ],
    metadata: { kind: 'asset-deposit', method: 'on-chain', orderId: row.id, txHash },
  });
}

/**
 * A sell's proceeds: the held asset goes to the market; the USD to the user's balance, the spread and method fee to
 * PLATFORM_FEES. A payout to a bank (primex_ach) then leaves the balance by an ACH withdrawal (createPayout).
 */
export async function postSellPayout(tx: Queryable, row: OrderRow): Promise<void> {
  if (!row.hold_id) throw new Error(`order ${row.id} has no hold`);
  await captureHold(tx, {
    idempotencyKey: ledgerKey(row.id, 'capture'),
    holdId: row.hold_id,
    destination: WORLD_MARKET,
    amount: row.sell_amount,
    metadata: { kind: 'sell', orderId: row.id },
  });
  const fees = row.method_fee + row.spread_fee;
  const postings: Posting[] = [
    { source: WORLD_MARKET, destination: userAccount(row.user_id, 'USD'), asset: 'USD', amount: row.receive_amount },
  ];
  if (fees > 0n) postings.push({ source: WORLD_MARKET, destination: PLATFORM_FEES, asset: 'USD', amount: fees });
  await postTransaction(tx, {
    idempotencyKey: ledgerKey(row.id, 'payout'),
    postings,
    metadata: { kind: 'sell-payout', orderId: row.id, method: row.payment_method },
  });
}
