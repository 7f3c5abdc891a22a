/**
 * The orders module (decision 024): buy and sell orders made from quotes, their states (docs/design-brief.md,
 * section 5), public tracking and short links. Each move is one transaction with its postings, mail and next job.
 */
export { orderRoutes } from './routes';
export { orderJobs, runAwaitFunds, runDelivery, runConfirmation, runPayout, runExpiry } from './order-jobs';
export { createOrder } from './create-order';
export { placeOrder, startOrderChallenge, type OrderStepUp } from './place-order';
export { sweepDueOrders } from './sweep';
export { sandboxSellOrderDeposit } from './manage-order';
export { receiveOrderChainDeposit, type OrderChainDeposit, type OrderChainDepositOutcome } from './chain-deposit';
export { ordersContextFrom } from './context';
export type { OrdersContext } from './context';
export { ORDER_JOBS } from './job-names';
export { orderReleasesQuoteSql } from './quote-usage';
