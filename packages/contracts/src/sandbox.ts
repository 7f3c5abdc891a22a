import { z } from 'zod';
import { ACCOUNT_STATUSES } from './kyc-levels';
import { MAX_AMOUNT_INTEGER_DIGITS, MAX_AMOUNT_MINOR } from './money';
import { TICKER_MAX_LENGTH } from './ramp-quotes';

/**
 * The sandbox calls that open, clear and fund the custodial account (document 2, section 7; R4: sandbox mode only).
 * Success texts are document 2, section 8 word for word, with R10's typo fix ('Wire Deposit Fund Success').
 */
export const SANDBOX_MESSAGES = {
  accountOpened: 'Account KYC Open Successfully',
  accountCleared: 'Account KYC Clear Successfully',
  accountFunded: 'Fund Account Success',
  assetFunded: 'Fund Asset Success',
  wireDepositFunded: 'Wire Deposit Fund Success',
  methodReset: 'Success! Your funds transfer method reset has been initiated.',
  // Document 2, section 5: the reset needs a chosen method.
  selectMethod: 'Select one payment method',
  // Document 2, section 5 ('Amount is required', greater than 0); the other wording is ours.
  amountRequired: 'Amount is required',
  amountNotNumber: 'Amount must be a number',
  amountNotPositive: 'Amount must be greater than 0',
  amountTooLarge: 'Amount is too large',
  assetRequired: 'Asset is required',
  accountNotOpened: 'The account must be opened before it can be funded',
  // R5 freeze and unfreeze (decision 018): the spec shows no texts for them, these are ours.
  accountFrozen: 'Account Frozen Successfully',
  accountUnfrozen: 'Account Unfrozen Successfully',
  noAccountToFreeze: 'There is no custodial account to freeze yet',
} as const;

/** Document 2, section 8: 'Asset {0} not supported!'. */
export function assetNotSupportedMessage(ticker: string): string {
  return `Asset ${ticker} not supported!`;
}

/**
 * The key of amountDecimalsMessage(decimals) (server-messages.ts): its two plain forms, else the one with the number.
 * A plain keyed message ({ key, params }), so that the schemas here can key their issues without a cycle of imports.
 */
export function amountDecimalsKey(decimals: number) {
  if (decimals === 0) return { key: 'sandbox.amountNoDecimals' } as const;
  if (decimals === 1) return { key: 'sandbox.amountOneDecimal' } as const;
  return { key: 'sandbox.amountDecimals', params: { decimals } } as const;
}

/** 'Amount can have at most 2 decimal places' (ours: the spec shows no text for it). */
export function amountDecimalsMessage(decimals: number): string {
  return decimals === 0
    ? 'Amount can have no decimal places'
    : `Amount can have at most ${decimals} decimal place${decimals === 1 ? '' : 's'}`;
}

/** The sandbox passport of the sandbox individual (document 2, section 9): expires on this day. */
export const SANDBOX_PASSPORT_EXPIRES_ON = '2050-01-01';

/**
 * The amount rules of the sandbox funding calls, shared by the SPA and the API: required, a plain decimal
 * ("100", "100.5"), greater than 0, no more decimals than the asset has. Returns the message, or null when fine.
 * A JSON number is read as the decimal it prints as.
 */
export function sandboxAmountProblem(value: unknown, decimals: number): string | null {
  if (value === undefined || value === null) return SANDBOX_MESSAGES.amountRequired;
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : 'NaN') : value;
  if (typeof text !== 'string') return SANDBOX_MESSAGES.amountNotNumber;
  const trimmed = text.trim();
  if (trimmed === '') return SANDBOX_MESSAGES.amountRequired;
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(trimmed);
  if (!match) return SANDBOX_MESSAGES.amountNotNumber;
  const [, minus, whole = '', fraction = ''] = match;
  if (minus || !/[1-9]/.test(whole + fraction)) return SANDBOX_MESSAGES.amountNotPositive;
  if (fraction.length > decimals) return amountDecimalsMessage(decimals);
  if (whole.replace(/^0+(?=\d)/, '').length > MAX_AMOUNT_INTEGER_DIGITS) return SANDBOX_MESSAGES.amountTooLarge;
  if (BigInt(whole + fraction.padEnd(decimals, '0')) > MAX_AMOUNT_MINOR) return SANDBOX_MESSAGES.amountTooLarge;
  return null;
}

/** The amount as the ledger reads it ("007.50" -> "7.50": no superfluous leading zeros). Call it once the rule passed. */
export function normaliseSandboxAmount(value: string | number): string {
  const text = String(value).trim();
  const [whole = '0', fraction] = text.split('.');
  const w = whole.replace(/^0+(?=\d)/, '');
  return fraction === undefined ? w : `${w}.${fraction}`;
}

// Amounts are checked by the use case (the decimals depend on the asset), so the schema lets strings and numbers in.
const AmountInput = z.union([z.string(), z.number(), z.null()]).optional();

export const SandboxFundRequest = z.object({ amount: AmountInput }).strict().meta({ id: 'SandboxFundRequest' });
export type SandboxFundRequest = z.infer<typeof SandboxFundRequest>;

export const SandboxAssetDepositRequest = z
  // A ticker is a few characters; the refusal of an unknown one names it, so its length is bounded.
  .object({ assetTicker: z.union([z.string().max(TICKER_MAX_LENGTH), z.null()]).optional(), amount: AmountInput })
  .strict()
  .meta({ id: 'SandboxAssetDepositRequest' });
export type SandboxAssetDepositRequest = z.infer<typeof SandboxAssetDepositRequest>;

/**
 * A funding call's reply: the toast text and the ledger transaction (replayed: the ledger had seen the key before).
 * A retry with the same Idempotency-Key gets the first reply exactly as it was, with the header
 * `Idempotent-Replayed: true` (decision 018).
 */
export const SandboxFundReply = z
  .object({
    message: z.string(),
    transactionId: z.string(),
    replayed: z.boolean(),
    assetTicker: z.string(),
    amount: z.string(),
  })
  .meta({ id: 'SandboxFundReply' });
export type SandboxFundReply = z.infer<typeof SandboxFundReply>;

export const SandboxPassport = z.object({
  documentType: z.literal('passport'),
  country: z.string(),
  expiresOn: z.string(),
});

/** `/primetrust/sandbox/account/individual/create` and `.../clear`: the toast text and the account as it now is. */
export const SandboxAccountReply = z
  .object({
    message: z.string(),
    status: z.enum(ACCOUNT_STATUSES),
    accountId: z.string().nullable(),
    /** The sandbox passport the opened account stands on; null after clear. */
    passport: SandboxPassport.nullable(),
  })
  .meta({ id: 'SandboxAccountReply' });
export type SandboxAccountReply = z.infer<typeof SandboxAccountReply>;

/** `/primetrust/sandbox/plaid-reset-method`: the linked bank method to put into "login required". */
export const SandboxPlaidResetRequest = z
  .object({
    fundsTransferMethodId: z
      .string({ error: SANDBOX_MESSAGES.selectMethod })
      .trim()
      .min(1, { error: SANDBOX_MESSAGES.selectMethod }),
  })
  .strict();
export type SandboxPlaidResetRequest = z.infer<typeof SandboxPlaidResetRequest>;

export const SandboxPlaidResetReply = z.object({
  message: z.string(),
  fundsTransferMethodId: z.string(),
  requiresReauth: z.boolean(),
});
export type SandboxPlaidResetReply = z.infer<typeof SandboxPlaidResetReply>;

/** `/primetrust-sandbox-freeze-account` and `/primetrust-sandbox-unfreeze-account` (R5): the toast text and the flag as it now is. */
export const SandboxFreezeReply = z
  .object({ message: z.string(), frozen: z.boolean() })
  .meta({ id: 'SandboxFreezeReply' });
export type SandboxFreezeReply = z.infer<typeof SandboxFreezeReply>;
