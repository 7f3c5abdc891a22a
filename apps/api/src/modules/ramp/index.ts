/**
 * The ramp module's surface for other modules. Quotes (decision 023): the orders of the next session take a quote
 * inside the transaction that creates the order:
 *   await db.transaction(async (tx) => { const { quote, usdValue } = await consumeQuote(tx, userGuid, quoteId, clock.now()); ... })
 * which refuses another user's or an unknown quote (404 quote_unknown), a used one (409 quote_used), an expired one
 * (409 quote_expired) and one that no longer fits the limits (422). Limits count consumed quotes through
 * `tradeUsage` (quotes-repository.ts), the one place to teach about cancelled orders.
 */
export { assertQuoteOpen, consumeQuote, type ConsumedQuote } from './consume-quote';
export { createQuote } from './create-quote';
export { estimateTrade } from './estimate-trade';
export { getLimits, assertWithinLimits, assertDepositWithinLimits } from './limits';
export { tradeAsset, checkChainDestination } from './trade-catalogue';
export { tradeUsage } from './quotes-repository';
export { rampQuoteRoutes } from './quotes-routes';
export { rampAssetRoutes } from './assets-routes';
export type { QuotesContext } from './quotes-context';
export type { InterestContext } from './record-interest';
