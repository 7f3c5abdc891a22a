import { z } from 'zod';
import { abaRoutingNumber, accountNumber, iban, swiftCode } from './rules/bank-rules';
import { firstFailure } from './rules/rule';
import { keyedIssueParams } from './rules/zod';
import { amountDecimalsKey, amountDecimalsMessage, sandboxAmountProblem } from './sandbox';
import { TRANSFER_METHOD_KINDS, TRANSFER_METHOD_TICKERS } from './transfer-methods';

/**
 * Deposits (contributions) and withdrawals (disbursements) of USD: document 2, sections 5
 * and 9; R13, R16; decision 015. Every route is POST under /api, signed in, for an opened account only (409
 * account_not_opened otherwise):
 *
 * | path                                 | body                          | reply                 |
 * |--------------------------------------|-------------------------------|-----------------------|
 * | /api/transfers/deposit               | DepositRequest                | TransferReply         |
 * | /api/transfers/wire-instructions     | {} or none                    | WireInstructionsReply |
 * | /api/transfers/withdraw              | WithdrawRequest               | TransferReply         |
 * | /api/transfers/confirm-withdrawal    | ConfirmWithdrawalRequest      | TransferReply         |
 * | /api/transfers/list                  | TransferListRequest ({} ok)   | TransferListReply     |
 * | /api/transfers/get                   | TransferIdRequest             | TransferReply         |
 * | /api/transfers/cancel                | TransferIdRequest             | TransferReply         |
 *
 * deposit and withdraw take an optional `Idempotency-Key` header (R16, 1-200 visible ASCII characters): the same key
 * and body give the same transfer back (`replayed: true`), nothing moves twice; the key with another body answers
 * 422 `idempotency_error` with the differing field under `errors.fields`. Amounts are decimal strings of USD
 * ("100.50"); bad input answers 400 `new_validation_error` with the message under `errors.fields.<field>`.
 */

/** Texts of document 2, section 5 word for word; the rest are ours (decision 015). */
export const TRANSFER_MESSAGES = {
  // Document 2, section 5.
  amountRequired: 'Amount is required',
  achRoutingRequired: 'ACH Routing Number is required',
  ibanRequired: 'IBAN is required',
  accountNumberRequired: 'Bank account number is required',
  routingRequired: 'Routing number is required',
  selectMethod: 'Select one payment method',
  // Ours.
  amountNotPositive: 'Amount must be greater than 0',
  amountExceedsBalance: 'Amount plus fees must not exceed your available balance',
  amountBelowFee: 'Amount must be more than the fee',
  methodRequired: 'Choose how to move the money',
  methodNotForDeposit: 'This method cannot be used for deposits',
  methodNotForWithdrawal: 'This method cannot be used for withdrawals',
  // A method the deployment's feature flags switch off (docs/feature-flags.md).
  methodSwitchedOff: 'This method is not available at the moment',
  wireDepositPushed: 'Wire deposits are sent from your bank: use the wire instructions',
  beneficiaryRequired: 'Beneficiary name is required',
  beneficiaryInvalid: 'Beneficiary name must be 1 to 100 characters',
  beneficiaryCharacters: 'Beneficiary name must hold letters and printable characters only',
  swiftRequired: 'SWIFT code is required',
  bankMethodUnknown: 'Unknown bank method',
  transferUnknown: 'There is no such transfer',
  notCancellable: 'This transfer can no longer be cancelled',
  confirmationInvalid: 'This confirmation link is not valid. It may have been used already.',
  confirmationExpired: 'This confirmation link has expired. The withdrawal was cancelled.',
  withdrawalNotPending: 'This withdrawal can no longer be confirmed',
  notReversible: 'This deposit cannot be reversed',
  nothingToSettleAch: 'There is no pending ACH contribution to settle',
  nothingToSettleCard: 'There is no pending credit card contribution to settle',
  nothingToSettleWire: 'There is no confirmed wire withdrawal to settle',
  nothingToSettleInstant: 'There are no pending instant ACH contributions to settle',
} as const;

/** Sandbox success texts of document 2, section 8 word for word (the sandbox module's SANDBOX_MESSAGES has the rest). */
export const TRANSFER_SANDBOX_MESSAGES = {
  achSettled: 'Last ACH Contribution Settled Successfully',
  cardSettled: 'Last Credit Card Contribution Settled Successfully',
  wireWithdrawalSettled: 'Last Wire Withdrawal Settled Successfully',
  instantAchSettled: 'All Instant ACH Contributions Settled Successfully',
  // Ours: the spec names the action (trigger a test sell flow) but shows no text.
  testSellFlow: 'Test Sell Flow Completed Successfully',
  testSellOrderDeposit: 'Test Sell Flow: the deposit of your sell order arrived',
  reversed: 'Last ACH Contribution Reversed Successfully',
} as const;

/** A withdrawal must be confirmed from its email within this many hours (R13, document 2, section 9). */
export const WITHDRAWAL_CONFIRM_HOURS = 24;

export const TRANSFER_DIRECTIONS = ['contribution', 'disbursement'] as const;
export type TransferDirection = (typeof TRANSFER_DIRECTIONS)[number];
export const TRANSFER_STATUSES = ['pending', 'settled', 'cancelled', 'reversed'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

const USD_DECIMALS = 2;

/** The amount rule of document 2, section 5 ('Amount is required', greater than 0), at most 2 decimals. */
export function transferAmountProblem(value: unknown): string | null {
  return sandboxAmountProblem(value, USD_DECIMALS);
}

// Amounts are checked by the refinements below (one message per field), so strings and numbers are let in.
const AmountInput = z.union([z.string(), z.number(), z.null()]).optional();
const OptionalText = z.union([z.string(), z.null()]).optional();

function blank(value: string | null | undefined): boolean {
  return value === undefined || value === null || value.trim() === '';
}

/**
 * A name printed on a wire: at least one letter or digit, and no control, format or line-separator character (a bell,
 * a line break, a right-to-left override that shows the name reversed, a zero-width space), which a bank cannot print
 * and a reader cannot see.
 */
const PRINTABLE_NAME = /^(?=.*[\p{L}\p{N}])[^\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cs}]+$/u;

function checkAmount(amount: unknown, ctx: z.RefinementCtx) {
  const problem = transferAmountProblem(amount);
  if (!problem) return;
  // The decimals message has a parameter: its issue names its key (the plain texts are keyed by their text).
  const keyed = problem === amountDecimalsMessage(USD_DECIMALS) ? amountDecimalsKey(USD_DECIMALS) : undefined;
  ctx.addIssue({
    code: 'custom',
    path: ['amount'],
    message: problem,
    ...(keyed === undefined ? {} : { params: keyedIssueParams(keyed) }),
  });
}

/**
 * `/api/transfers/deposit`: a deposit pulled by us from a linked bank: `primex_ach` (settles after 5 banking days)
 * or `primex_instant_ach` (available at once). `fundsTransferMethodId` is the linked bank's
 * primetrustFundsTransferMethodId (bank-account-list). Card deposits go through the card module's contribution
 * token; wire deposits are pushed by the user (wire-instructions).
 */
export const DepositRequest = z
  .object({
    method: z.string({ error: TRANSFER_MESSAGES.methodRequired }),
    amount: AmountInput,
    fundsTransferMethodId: OptionalText,
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.method === 'primex_fedwire' || body.method === 'primex_swift_wire') {
      ctx.addIssue({ code: 'custom', path: ['method'], message: TRANSFER_MESSAGES.wireDepositPushed });
    } else if (body.method !== 'primex_ach' && body.method !== 'primex_instant_ach') {
      ctx.addIssue({ code: 'custom', path: ['method'], message: TRANSFER_MESSAGES.methodNotForDeposit });
    }
    checkAmount(body.amount, ctx);
    if (blank(body.fundsTransferMethodId))
      ctx.addIssue({ code: 'custom', path: ['fundsTransferMethodId'], message: TRANSFER_MESSAGES.selectMethod });
  })
  .meta({ id: 'DepositRequest' });
export type DepositRequest = z.infer<typeof DepositRequest>;

/**
 * `/api/transfers/withdraw` (R13: ACH, US wire, international wire), flat so a form maps one field to one input:
 * - `primex_ach`: `fundsTransferMethodId` (a linked bank of the caller).
 * - `primex_fedwire`: `beneficiaryName`, `accountNumber` (4-34 letters or digits), and the bank's wire `routingNumber`
 *   and/or its `achRoutingNumber` (document 2: "ACH and/or wire routing number required for US"; ABA, 9 digits with
 *   the checksum). With neither, both fields carry their message.
 * - `primex_swift_wire`: `beneficiaryName`, `iban` or `accountNumber`, `swiftCode` (BIC).
 * The amount plus the method's fee must not exceed the available balance (422 insufficient_funds, the message under
 * `errors.fields.amount`). The withdrawal then waits for its email confirmation (24 hours).
 */
export const WithdrawRequest = z
  .object({
    method: z.string({ error: TRANSFER_MESSAGES.methodRequired }),
    amount: AmountInput,
    fundsTransferMethodId: OptionalText,
    beneficiaryName: OptionalText,
    accountNumber: OptionalText,
    routingNumber: OptionalText,
    achRoutingNumber: OptionalText,
    iban: OptionalText,
    swiftCode: OptionalText,
  })
  .strict()
  .superRefine((body, ctx) => {
    const issue = (field: string, message: string) => ctx.addIssue({ code: 'custom', path: [field], message });
    const rule = (
      field: 'accountNumber' | 'routingNumber' | 'achRoutingNumber' | 'iban' | 'swiftCode',
      value: string | null | undefined,
      check: typeof iban,
    ) => {
      const failure = firstFailure((value ?? '').trim(), [check]);
      if (failure) issue(field, failure.message);
    };
    if (body.method !== 'primex_ach' && body.method !== 'primex_fedwire' && body.method !== 'primex_swift_wire') {
      issue('method', TRANSFER_MESSAGES.methodNotForWithdrawal);
    }
    checkAmount(body.amount, ctx);
    if (body.method === 'primex_ach') {
      if (blank(body.fundsTransferMethodId)) issue('fundsTransferMethodId', TRANSFER_MESSAGES.selectMethod);
      return;
    }
    if (body.method !== 'primex_fedwire' && body.method !== 'primex_swift_wire') return;
    const name = (body.beneficiaryName ?? '').trim();
    if (name === '') issue('beneficiaryName', TRANSFER_MESSAGES.beneficiaryRequired);
    else if (name.length > 100) issue('beneficiaryName', TRANSFER_MESSAGES.beneficiaryInvalid);
    else if (!PRINTABLE_NAME.test(name)) issue('beneficiaryName', TRANSFER_MESSAGES.beneficiaryCharacters);
    if (body.method === 'primex_fedwire') {
      if (blank(body.accountNumber)) issue('accountNumber', TRANSFER_MESSAGES.accountNumberRequired);
      else rule('accountNumber', body.accountNumber, accountNumber);
      if (blank(body.routingNumber) && blank(body.achRoutingNumber)) {
        issue('routingNumber', TRANSFER_MESSAGES.routingRequired);
        issue('achRoutingNumber', TRANSFER_MESSAGES.achRoutingRequired);
      }
      if (!blank(body.routingNumber)) rule('routingNumber', body.routingNumber, abaRoutingNumber);
      if (!blank(body.achRoutingNumber)) rule('achRoutingNumber', body.achRoutingNumber, abaRoutingNumber);
    } else {
      if (blank(body.iban) && blank(body.accountNumber)) issue('iban', TRANSFER_MESSAGES.ibanRequired);
      else if (!blank(body.iban)) rule('iban', body.iban, iban);
      else rule('accountNumber', body.accountNumber, accountNumber);
      if (blank(body.swiftCode)) issue('swiftCode', TRANSFER_MESSAGES.swiftRequired);
      else rule('swiftCode', body.swiftCode, swiftCode);
    }
  })
  .meta({ id: 'WithdrawRequest' });
export type WithdrawRequest = z.infer<typeof WithdrawRequest>;

/** `/api/transfers/confirm-withdrawal`: the token of the link in the withdrawal's email (`/money/withdrawals/confirm?token=`). */
export const ConfirmWithdrawalRequest = z
  .object({
    token: z
      .string({ error: TRANSFER_MESSAGES.confirmationInvalid })
      .trim()
      .min(1, { error: TRANSFER_MESSAGES.confirmationInvalid })
      .max(200),
  })
  .strict()
  .meta({ id: 'ConfirmWithdrawalRequest' });
export type ConfirmWithdrawalRequest = z.infer<typeof ConfirmWithdrawalRequest>;

/** `/api/transfers/get` and `/api/transfers/cancel`: one of the caller's transfers (another user's id: 404). */
export const TransferIdRequest = z
  .object({ transferId: z.uuid({ error: TRANSFER_MESSAGES.transferUnknown }) })
  .strict()
  .meta({ id: 'TransferIdRequest' });
export type TransferIdRequest = z.infer<typeof TransferIdRequest>;

/** `/api/transfers/list`: newest first; optional filters. */
export const TransferListRequest = z
  .object({
    direction: z.enum(TRANSFER_DIRECTIONS).optional(),
    status: z.enum(TRANSFER_STATUSES).optional(),
    limit: z.number().int().min(1).max(200).optional(),
  })
  .strict()
  // The body may be left out (null or absent).
  .nullish();
export type TransferListRequest = z.infer<typeof TransferListRequest>;

/** What the transfer moved through: a linked bank, a card, or a wire (account numbers as their last 4 only). */
export const TransferMethodRef = z
  .object({
    kind: z.enum(['bank', 'card', 'wire', 'balance']),
    /** The bank or card method id (fundsTransferMethodId), when there is one. */
    id: z.string().nullable(),
    /** Last 4 of the account, card or IBAN; never the full number. */
    last4: z.string().nullable(),
    /** 'Chase Checking', 'Visa', the wire's beneficiary name... */
    label: z.string().nullable(),
    /** Wires: the ABA routing number (US) or the SWIFT code (international), which identify a bank, not an account. */
    bankCode: z.string().nullable(),
  })
  .meta({ id: 'TransferMethodRef' });
export type TransferMethodRef = z.infer<typeof TransferMethodRef>;

/**
 * A deposit or withdrawal as the client sees it. Amounts are USD decimal strings. Contributions: `amount` is what
 * the USD balance gains, `fee` is charged on top to the paying method (a wire deposit: `amount` is what arrived, the
 * balance gains `amount - fee`, see `net`). Disbursements: the balance loses `amount + fee`, the bank gets `amount`.
 */
export const TransferView = z
  .object({
    transferId: z.string(),
    direction: z.enum(TRANSFER_DIRECTIONS),
    /** The payment method key (primex_ach, primex_instant_ach, primex_card, primex_fedwire, primex_swift_wire). */
    methodKey: z.string(),
    /** The same method by kind (ach, instant_ach, card, us_wire, international_wire). */
    method: z.enum(TRANSFER_METHOD_KINDS),
    /** The same method by document 1's ticker (ACH_PLAID, INSTANT_ACH_PLAID, PT_CARD, PRIMEX). */
    methodTicker: z.enum(TRANSFER_METHOD_TICKERS),
    status: z.enum(TRANSFER_STATUSES),
    amount: z.string(),
    fee: z.string(),
    /** What the USD balance changes by once settled (positive for deposits, negative for withdrawals). */
    net: z.string(),
    methodRef: TransferMethodRef,
    /** Instant ACH: the money is already in the balance while the bank pull is pending. */
    fundsAvailable: z.boolean(),
    /** When it is expected to settle (ISO); null until a withdrawal is confirmed. */
    settlesAt: z.string().nullable(),
    /** Withdrawals: 'required' until confirmed from the email, then 'confirmed'; null for deposits. */
    confirmation: z.enum(['required', 'confirmed']).nullable(),
    confirmBy: z.string().nullable(),
    confirmedAt: z.string().nullable(),
    settledAt: z.string().nullable(),
    cancelledAt: z.string().nullable(),
    reversedAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'TransferView' });
export type TransferView = z.infer<typeof TransferView>;

/** deposit, withdraw, confirm, get, cancel: the transfer; `replayed` when an Idempotency-Key was seen before. */
export const TransferReply = z.object({ transfer: TransferView, replayed: z.boolean() }).meta({ id: 'TransferReply' });
export type TransferReply = z.infer<typeof TransferReply>;

export const TransferListReply = z.object({ transfers: z.array(TransferView) }).meta({ id: 'TransferListReply' });
export type TransferListReply = z.infer<typeof TransferListReply>;

/** One set of wire instructions: where the user's bank sends the money, with the reference for the memo. */
export const WireInstruction = z.object({
  beneficiaryName: z.string(),
  beneficiaryAddress: z.string(),
  bankName: z.string(),
  bankAddress: z.string(),
  accountNumber: z.string(),
  /** US (Fedwire): the ABA routing number; null for international. */
  routingNumber: z.string().nullable(),
  /** International (SWIFT): the bank's BIC; null for US. */
  swiftCode: z.string().nullable(),
  /** Put this in the wire's memo / reference field so the deposit reaches this account. */
  reference: z.string(),
  fee: z.string(),
  settlementDescription: z.string(),
});
export type WireInstruction = z.infer<typeof WireInstruction>;

/** `/api/transfers/wire-instructions`: US (primex_fedwire) and international (primex_swift_wire). */
export const WireInstructionsReply = z
  .object({ us: WireInstruction, international: WireInstruction })
  .meta({ id: 'WireInstructionsReply' });
export type WireInstructionsReply = z.infer<typeof WireInstructionsReply>;

/** The sandbox settle calls (`/api/primetrust-sandbox-settle-*`): the toast text and what settled. */
export const SandboxSettleReply = z
  .object({ message: z.string(), transfers: z.array(TransferView) })
  .meta({ id: 'SandboxSettleReply' });
export type SandboxSettleReply = z.infer<typeof SandboxSettleReply>;

/** `/api/primetrust-sandbox-test-sell-flow`: 100 USDC arrive and are sold at 1.00 into the USD balance (decision 015). */
export const SandboxTestSellReply = z
  .object({
    message: z.string(),
    assetTicker: z.string(),
    assetAmount: z.string(),
    usdAmount: z.string(),
    transactionIds: z.array(z.string()),
    /** Set when the flow sent the deposit of the caller's sell order waiting for one (decision 027's companion, 028). */
    orderId: z.string().optional(),
    trackingId: z.string().optional(),
  })
  .meta({ id: 'SandboxTestSellReply' });
export type SandboxTestSellReply = z.infer<typeof SandboxTestSellReply>;
