import {
  RAMP_LIMITS,
  RAMP_QUOTE_MESSAGES,
  serverMessage,
  computeBuy,
  computeSell,
  decimalToMinor,
  formatPrice,
  minorToDecimal,
  type QuoteFigures,
  type RampDestinationMethod,
  type RampSourceMethod,
  type TradeFigures,
} from '@rampart/contracts';
import { AppError } from '../../lib/app-error';
import { PriceUnavailableError, type AssetPrice, type PriceProvider } from '../../providers/prices';
import type { CheckedTrade } from './validate-trade';

export interface PricedTrade {
  figures: QuoteFigures;
  price: AssetPrice;
  view: TradeFigures;
}

const usd = (cents: bigint) => minorToDecimal(cents, 2);

/** The provider's price, or 503 price_unavailable (never a 500: the feed being down is not our bug). */
export async function priceOf(prices: PriceProvider, assetTicker: string): Promise<AssetPrice> {
  try {
    return await prices.priceOf(assetTicker);
  } catch (error) {
    if (error instanceof PriceUnavailableError) throw new AppError('price_unavailable', { cause: error });
    throw error;
  }
}

/**
 * Prices a checked trade with the contracts' arithmetic (one rounding rule, ramp-quotes.ts) and checks the minimums:
 * the trade's USD value at least RAMP_LIMITS.minTradeCents, an on-chain deposit at least the asset's minimum deposit
 * (R14), and something left after the fees; else 400 under sellAmountTotal.
 */
export async function priceTrade(prices: PriceProvider, trade: CheckedTrade): Promise<PricedTrade> {
  const price = await priceOf(prices, trade.asset.assetTicker);
  const scaled = { bid: price.bid, ask: price.ask };
  const figures =
    trade.side === 'buy'
      ? computeBuy({
          sellCents: trade.sellAmount,
          method: trade.paymentMethod as RampSourceMethod,
          network: trade.buy.network,
          assetDecimals: trade.buy.decimals,
          price: scaled,
        })
      : computeSell({
          sellMinor: trade.sellAmount,
          method: trade.paymentMethod as RampDestinationMethod,
          assetDecimals: trade.sell.decimals,
          price: scaled,
        });

  const minimumDeposit =
    trade.side === 'sell' && trade.sellDeliveryMethod === 'deposit' && trade.sell.minimumDeposit !== null
      ? decimalToMinor(trade.sell.minimumDeposit, trade.sell.decimals)
      : null;
  if (minimumDeposit !== null && trade.sellAmount < minimumDeposit) {
    throw AppError.validation({
      sellAmountTotal: serverMessage('ramp.amountBelowMinimum', {
        minimum: trade.sell.minimumDeposit ?? '',
        ticker: trade.sell.unitName,
      }),
    });
  }
  if (figures.usdValue < RAMP_LIMITS.minTradeCents) {
    throw AppError.validation({
      sellAmountTotal: serverMessage('ramp.amountBelowMinimum', {
        minimum: usd(RAMP_LIMITS.minTradeCents),
        ticker: 'USD',
      }),
    });
  }
  if (figures.receiveAmount <= 0n) throw AppError.validation({ sellAmountTotal: RAMP_QUOTE_MESSAGES.amountBelowFees });

  const view: TradeFigures = {
    side: trade.side,
    sellAssetTicker: trade.sell.assetTicker,
    sellNetwork: trade.sell.network,
    sellAmountTotal: minorToDecimal(trade.sellAmount, trade.sell.decimals),
    sellDeliveryMethod: trade.sellDeliveryMethod,
    buyAssetTicker: trade.buy.assetTicker,
    buyNetwork: trade.buy.network,
    receiveAmount: minorToDecimal(figures.receiveAmount, trade.buy.decimals),
    rate: formatPrice(figures.rate),
    rateAssetTicker: trade.asset.assetTicker,
    fees: [
      { kind: 'method', label: 'Payment method fee', assetTicker: 'USD', amount: usd(figures.methodFee) },
      { kind: 'network', label: 'Network fee', assetTicker: 'USD', amount: usd(figures.networkFee) },
      { kind: 'spread', label: 'Spread', assetTicker: 'USD', amount: usd(figures.spreadFee) },
    ],
    totalFees: usd(figures.methodFee + figures.networkFee + figures.spreadFee),
    paymentMethod: trade.paymentMethod,
  };
  return { figures, price, view };
}
