import { computeBuy, formatPrice, minorToDecimal, type RampSourceMethod } from '@rampart/contracts';
import type { Queryable } from '../../db';
import { AppError } from '../../lib/app-error';
import { PriceUnavailableError } from '../../providers/prices';
import { assetDecimals } from '../ledger';
import type { OrdersContext } from './context';
import { repriceOrder, type OrderRow } from './repository';

export type Repriced =
  | { kind: 'same'; row: OrderRow }
  | { kind: 'repriced'; row: OrderRow; from: string; to: string }
  | { kind: 'slipped'; from: string; to: string };

/**
 * For methods that settle later the order is re-priced when funds arrive, within a documented maximum slippage,
 * or refunded to the USD balance (decision 029). When an ACH-paid buy's money arrives, the asset is priced
 * again with the same arithmetic as the quote (the same USD, method and network fees). If the user would receive at
 * most `maxSlippageBps` less than quoted (or more), the order goes on at the new price (the row's receive amount,
 * spread and figures change; the USD paid does not). Beyond it, 'slipped': the caller leaves the money in the USD
 * balance. Stablecoins are priced at 1.00, so they never move. No price (the feed down) throws: the job runs again.
 */
export async function repriceLateBuy(tx: Queryable, ctx: OrdersContext, row: OrderRow): Promise<Repriced> {
  if (!ctx.prices || row.side !== 'buy') return { kind: 'same', row };
  let price;
  try {
    price = await ctx.prices.priceOf(row.buy_asset);
  } catch (error) {
    if (error instanceof PriceUnavailableError) throw new AppError('price_unavailable', { cause: error });
    throw error;
  }
  const decimals = assetDecimals(row.buy_asset);
  const figures = computeBuy({
    sellCents: row.sell_amount,
    method: row.payment_method as RampSourceMethod,
    network: row.buy_network,
    assetDecimals: decimals,
    price: { bid: price.bid, ask: price.ask },
  });
  if (figures.receiveAmount === row.receive_amount) return { kind: 'same', row };
  const from = minorToDecimal(row.receive_amount, decimals);
  const to = minorToDecimal(figures.receiveAmount, decimals);
  const bps = BigInt(ctx.maxSlippageBps ?? 0);
  // receive_new >= receive_quoted * (1 - bps / 10 000), in integers.
  if (figures.receiveAmount * 10_000n < row.receive_amount * (10_000n - bps)) return { kind: 'slipped', from, to };
  const usd = (cents: bigint) => minorToDecimal(cents, 2);
  const fees = row.figures.fees.map((fee) =>
    fee.kind === 'spread' ? { ...fee, amount: usd(figures.spreadFee) } : fee,
  );
  const repriced = await repriceOrder(
    tx,
    row.id,
    {
      receive_amount: figures.receiveAmount,
      spread_fee: figures.spreadFee,
      figures: {
        ...row.figures,
        receiveAmount: to,
        rate: formatPrice(figures.rate),
        fees,
        totalFees: usd(row.method_fee + row.network_fee + figures.spreadFee),
      },
    },
    ctx.clock.now(),
  );
  return { kind: 'repriced', row: repriced, from, to };
}
