/** The holdings module's surface (docs/architecture.md, "Modules"): balances by asset and asset withdrawals. */
export { holdingsRoutes, assetWithdrawalRoutes } from './routes';
export { assetWithdrawalJobs, runConfirmWithdrawal, runSendWithdrawal } from './asset-withdrawals';
export type { AssetWithdrawalsContext, WithdrawalStepUp } from './asset-withdrawals';
