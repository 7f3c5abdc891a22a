/**
 * The transfers module's surface for other modules (decision 015): deposits (contributions) and withdrawals
 * (disbursements) of USD. The card module records card deposits with createContribution inside its own
 * transaction, e.g.
 *   await db.transaction((tx) => createContribution(tx, { clock, jobs }, { userGuid, method: 'card', amount, methodRef:
 *     { kind: 'card', id: cardMethodId, last4, label: brand }, idempotencyKey }), LEDGER_TRANSACTION_OPTIONS)
 * A card deposit is pending and settles (the ledger credits it) 12 hours later, or at once through the sandbox's
 * settle-last-cc-contribution call.
 */
export {
  createContribution,
  type ContributionInput,
  type ContributionMethod,
  type ContributionResult,
} from './create-contribution';
export { createPayout } from './create-payout';
export { cancelTransfer, cancelLocked } from './cancel-transfer';
export { settleTransfer } from './settle-transfer';
export { receiveWireDeposit, type ReceivedWire } from './receive-wire-deposit';
export { sweepDueTransfers } from './sweep';
export { transferJobs, runSettlement, runWithdrawalExpiry, type TransferJobDeps } from './transfer-jobs';
export { transferRoutes, transferSandboxRoutes, transferHandlers } from './routes';
export type { TransferDeps, TransfersContext } from './context';
export type { TransferView } from '@rampart/contracts';
export { requireOpenedAccount } from './money';
export { WORLD_CHAIN, WORLD_MARKET } from './sandbox-settle';
export { findTransfer } from './repository';
export { newConfirmationToken, hashConfirmationToken } from './confirmation-token';
export { countedDepositsSql, depositUsage } from './deposit-usage';
export { SETTLE_TRANSFER_JOB, EXPIRE_WITHDRAWAL_JOB, ORDER_FUNDING_MOVED_JOB } from './job-names';
