import type { TransactionOptions } from '../../db';

/**
 * The ledger module (decision 012): the double-entry core, no HTTP yet. Every money-moving call takes an open
 * transaction (`db.transaction(tx => postTransaction(tx, ...), LEDGER_TRANSACTION_OPTIONS)`).
 */
export const LEDGER_TRANSACTION_OPTIONS: TransactionOptions = { retries: 5 };

export { toMinorUnits, fromMinorUnits, AmountError } from './amount';
export { LEDGER_ASSETS, ALWAYS_LISTED_ASSETS, isAssetCode, assetDecimals, type AssetCode } from './assets';
export { userAccount, parseAccountName, WORLD_BANK, PLATFORM_FEES, PLATFORM_NETWORK_FEES } from './account-names';
export { LedgerError, isLedgerError, type LedgerErrorCode } from './errors';
export { postTransaction, type PostTransactionInput, type PostedTransaction } from './post-transaction';
export type { Posting, Metadata } from './postings';
export { placeHold, releaseHold, captureHold, type PlaceHoldInput, type HoldResult, type CaptureResult } from './holds';
export { getBalances, getAccountBalance, lockBalances, type AssetBalance } from './balances';
export { checkInvariants, assertInvariants, type InvariantReport } from './invariants';
