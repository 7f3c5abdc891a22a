import type { TradeEstimateReply, TradeEstimateRequest } from '@rampart/contracts';
import { priceTrade } from './price-trade';
import type { QuotesContext } from './quotes-context';
import { checkTrade } from './validate-trade';

/**
 * `/api/ramp/trade-estimate` (document 2, section 7; a read under R16, so the SPA may retry it): what the amount
 * would cost and receive now, with the same checks and arithmetic as a quote, without storing anything or holding
 * the price. Addresses are optional (checked when given); limits are not applied (`/api/ramp/limits` tells them).
 */
export async function estimateTrade(
  ctx: QuotesContext,
  userId: string,
  body: TradeEstimateRequest,
): Promise<TradeEstimateReply> {
  const trade = await checkTrade(ctx.db, ctx.flags, userId, body, { addresses: 'optional' });
  const { view } = await priceTrade(ctx.prices, trade);
  return { estimate: view };
}
