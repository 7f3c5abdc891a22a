/** The money screens (decision 020); all need login and KYC level Verified (R1). */
export const MONEY_PATH = '/money';
export const DEPOSIT_PATH = '/money/deposit';
export const WITHDRAW_PATH = '/money/withdraw';
export const WITHDRAW_ASSET_PATH = '/money/withdraw-asset';
/** The link of an asset withdrawal's confirmation mail (decision 054). */
export const CONFIRM_ASSET_WITHDRAWAL_PATH = '/money/withdraw-asset/confirm';
/** Every money movement in one list (decision 033). */
export const ACTIVITY_PATH = '/history';
export const CONFIRM_WITHDRAWAL_PATH = '/money/withdrawals/confirm';

/** The methods screens (another feature's routes): where a user without a bank or a card adds one, then comes back. */
export function linkBankPath(returnTo: string): string {
  return `/methods/bank?redirect=${encodeURIComponent(returnTo)}`;
}
export function addCardPath(returnTo: string): string {
  return `/methods/card?redirect=${encodeURIComponent(returnTo)}`;
}
