import { ORDER_MESSAGES } from '@rampart/contracts';
import { RAMP_TEMPLATES, tradeMessageKey, useTradeServerText } from './server-text';

/** The ramp's and the orders' user-facing messages, for the pages that place and follow orders (decision 043). */
const ORDER_TEMPLATES: Readonly<Record<string, string>> = {
  ...RAMP_TEMPLATES,
  insufficientFunds: ORDER_MESSAGES.insufficientFunds,
  insufficientHoldings: ORDER_MESSAGES.insufficientHoldings,
  orderUnknown: ORDER_MESSAGES.orderUnknown,
  notCancellable: ORDER_MESSAGES.notCancellable,
  notAwaitingDeposit: ORDER_MESSAGES.notAwaitingDeposit,
  failedToExecute: ORDER_MESSAGES.failedToExecute,
  trackingUnknown: ORDER_MESSAGES.trackingUnknown,
  shortLinkUnknown: ORDER_MESSAGES.shortLinkUnknown,
};

/** The key and parameters of a known ramp or order message, or undefined. */
export function orderMessageKey(message: string) {
  return tradeMessageKey(message, ORDER_TEMPLATES);
}

/** useTradeServerText with the orders' messages too: the summary and verify pages, which place orders. */
export function useOrderServerText() {
  return useTradeServerText(ORDER_TEMPLATES);
}
