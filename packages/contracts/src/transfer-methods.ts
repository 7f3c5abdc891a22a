import type { FeatureFlags } from './config';

/**
 * The transfer methods of document 2, section 9, which of them serve deposits and withdrawals (R13), their fees and
 * settlement times (banking-days.ts holds the US banking-day calendar that dates a settlement). Plain constants and
 * pure functions, no zod: the API and the SPA ("expected by", the fee shown before the user confirms) run the very
 * same code. Decision 015.
 */

/** The payment method keys of document 1, section 3 (what the wire carries as `method`). */
export const TRANSFER_METHOD_KEYS = [
  'primex_ach',
  'primex_instant_ach',
  'primex_card',
  'primex_fedwire',
  'primex_swift_wire',
  'primex_usd',
] as const;
export type TransferMethodKey = (typeof TRANSFER_METHOD_KEYS)[number];

/** The method as the ledger and the transfer records name it (the service's `method`). */
export const TRANSFER_METHOD_KINDS = [
  'ach',
  'instant_ach',
  'card',
  'us_wire',
  'international_wire',
  'usd_balance',
] as const;
export type TransferMethodKind = (typeof TRANSFER_METHOD_KINDS)[number];

/**
 * The tickers of document 1, section 3's transfer method list. Both wires are PRIMEX, so a ticker names a family of
 * methods, not one: the payment method key stays the key, and each method carries its ticker (decision 064).
 */
export const TRANSFER_METHOD_TICKERS = [
  'ACH_PLAID',
  'PRIMETRUST_TRANSFER',
  'PT_CARD',
  'INSTANT_ACH_PLAID',
  'PRIMEX',
] as const;
export type TransferMethodTicker = (typeof TRANSFER_METHOD_TICKERS)[number];

/** How long a method takes: at once, a number of clock hours, or a number of US banking days. */
export type Settlement =
  | { readonly kind: 'instant' }
  | { readonly kind: 'hours'; readonly hours: number }
  | { readonly kind: 'business_days'; readonly days: number };

/**
 * How long each method takes, in the words of document 2, section 9's method list ('5 business days', '3-5 business
 * days', '12 hours', '1 business day', 'Instant'); which of the section's separate settlement descriptions this
 * product shows, and why the others are not, is docs/decisions/066-auth-errors-and-settlement-texts.md. The SPA
 * shows them by key (its locale files hold the words); the English is what the API's replies carry.
 */
export const SETTLEMENT_DESCRIPTIONS = {
  instant: 'Instant',
  oneBusinessDay: '1 business day',
  threeToFiveBusinessDays: '3-5 business days',
  fiveBusinessDays: '5 business days',
  twelveHours: '12 hours',
} as const;
export type SettlementDescriptionKey = keyof typeof SETTLEMENT_DESCRIPTIONS;

/** A fee: a fixed amount in USD minor units (cents), or basis points of the amount (50 = 0.5%). Never both. */
export type TransferFee =
  { readonly kind: 'fixed'; readonly cents: bigint } | { readonly kind: 'percent'; readonly basisPoints: bigint };

export interface TransferMethod {
  readonly key: TransferMethodKey;
  readonly kind: TransferMethodKind;
  /** Document 1, section 3's ticker of the method. */
  readonly ticker: TransferMethodTicker;
  /** English label; the SPA translates by key. */
  readonly label: string;
  readonly settlement: Settlement;
  /** Which of document 2, section 9's settlement descriptions says `settlement` (the SPA's locale key). */
  readonly settlementText: SettlementDescriptionKey;
  /** That description in English, as the API's replies carry it. */
  readonly settlementDescription: string;
  readonly fee: TransferFee;
  /** Where the method works (document 2, section 9). */
  readonly reach: string;
  /** R13: deposits to the USD balance. */
  readonly deposit: boolean;
  /** R13: withdrawals from the USD balance. */
  readonly withdrawal: boolean;
}

/**
 * Document 2, section 9. Debit card is "up to 4%": we charge 4%. The international wire is "3-5 business days":
 * it settles on the 3rd banking day and is described as 3-5. ACH settles on the 5th.
 * The USD balance is the account itself (no deposit or withdrawal).
 */
export const TRANSFER_METHODS: { readonly [K in TransferMethodKey]: TransferMethod & { readonly key: K } } = {
  primex_ach: {
    key: 'primex_ach',
    ticker: 'ACH_PLAID',
    kind: 'ach',
    label: 'ACH',
    settlement: { kind: 'business_days', days: 5 },
    settlementText: 'fiveBusinessDays',
    settlementDescription: SETTLEMENT_DESCRIPTIONS.fiveBusinessDays,
    fee: { kind: 'percent', basisPoints: 50n },
    reach: 'US only',
    deposit: true,
    withdrawal: true,
  },
  primex_instant_ach: {
    key: 'primex_instant_ach',
    ticker: 'INSTANT_ACH_PLAID',
    kind: 'instant_ach',
    label: 'Instant ACH',
    settlement: { kind: 'instant' },
    settlementText: 'instant',
    settlementDescription: SETTLEMENT_DESCRIPTIONS.instant,
    fee: { kind: 'fixed', cents: 200n },
    reach: 'US only',
    deposit: true,
    withdrawal: false,
  },
  primex_card: {
    key: 'primex_card',
    ticker: 'PT_CARD',
    kind: 'card',
    label: 'Debit card',
    settlement: { kind: 'hours', hours: 12 },
    settlementText: 'twelveHours',
    settlementDescription: SETTLEMENT_DESCRIPTIONS.twelveHours,
    fee: { kind: 'percent', basisPoints: 400n },
    reach: '45+ countries',
    deposit: true,
    withdrawal: false,
  },
  primex_fedwire: {
    key: 'primex_fedwire',
    ticker: 'PRIMEX',
    kind: 'us_wire',
    label: 'US wire',
    settlement: { kind: 'business_days', days: 1 },
    settlementText: 'oneBusinessDay',
    settlementDescription: SETTLEMENT_DESCRIPTIONS.oneBusinessDay,
    fee: { kind: 'fixed', cents: 1500n },
    reach: 'US only',
    deposit: true,
    withdrawal: true,
  },
  primex_swift_wire: {
    key: 'primex_swift_wire',
    ticker: 'PRIMEX',
    kind: 'international_wire',
    label: 'International wire',
    settlement: { kind: 'business_days', days: 3 },
    settlementText: 'threeToFiveBusinessDays',
    settlementDescription: SETTLEMENT_DESCRIPTIONS.threeToFiveBusinessDays,
    fee: { kind: 'fixed', cents: 2500n },
    reach: '150+ countries',
    deposit: true,
    withdrawal: true,
  },
  primex_usd: {
    key: 'primex_usd',
    ticker: 'PRIMETRUST_TRANSFER',
    kind: 'usd_balance',
    label: 'USD balance',
    settlement: { kind: 'instant' },
    settlementText: 'instant',
    settlementDescription: SETTLEMENT_DESCRIPTIONS.instant,
    fee: { kind: 'fixed', cents: 0n },
    reach: 'No limits',
    deposit: false,
    withdrawal: false,
  },
};

export const DEPOSIT_METHOD_KEYS = TRANSFER_METHOD_KEYS.filter((k) => TRANSFER_METHODS[k].deposit);
export const WITHDRAWAL_METHOD_KEYS = TRANSFER_METHOD_KEYS.filter((k) => TRANSFER_METHODS[k].withdrawal);

/** The flags that switch deposit methods (docs/feature-flags.md). */
export type DepositFlags = Pick<
  FeatureFlags,
  'plaidDeposits' | 'instantAch' | 'cardDeposit' | 'cardDepositsThroughTrustProvider'
>;

/**
 * Whether the deployment's flags leave a deposit method on (docs/feature-flags.md, decision 061): ACH and instant ACH
 * pull from a bank linked through the bank-link service ("Plaid deposits"; instant ACH also needs "instant ACH");
 * a card deposit needs "card deposit" and goes through the card processor, so "card deposits through the trust
 * provider" (a custodian that takes cards, which Rampart's custodian does not) switches it off. Wires are always on.
 */
export function isDepositMethodOn(flags: DepositFlags, key: TransferMethodKey): boolean {
  if (!TRANSFER_METHODS[key].deposit) return false;
  switch (key) {
    case 'primex_ach':
      return flags.plaidDeposits;
    case 'primex_instant_ach':
      return flags.plaidDeposits && flags.instantAch;
    case 'primex_card':
      return flags.cardDeposit && !flags.cardDepositsThroughTrustProvider;
    default:
      return true;
  }
}

/** The deposit methods offered under the flags, in catalogue order. */
export function depositMethodsFor(flags: DepositFlags): TransferMethodKey[] {
  return DEPOSIT_METHOD_KEYS.filter((key) => isDepositMethodOn(flags, key));
}

const BY_KIND = new Map<TransferMethodKind, TransferMethod>(
  TRANSFER_METHOD_KEYS.map((k) => [TRANSFER_METHODS[k].kind, TRANSFER_METHODS[k]]),
);

export function isTransferMethodKey(value: unknown): value is TransferMethodKey {
  return typeof value === 'string' && (TRANSFER_METHOD_KEYS as readonly string[]).includes(value);
}

export function transferMethodByKind(kind: TransferMethodKind): TransferMethod {
  const method = BY_KIND.get(kind);
  if (!method) throw new TypeError(`Unknown transfer method kind ${String(kind)}`);
  return method;
}

/**
 * The fee of a transfer in USD minor units (cents), for an amount in cents.
 *
 * THE ROUNDING RULE (one, everywhere): a percentage fee is `amount * basisPoints / 10000` rounded half up to the
 * cent (0.5 cent and above goes up, below goes down; amounts are never negative). A fixed fee is the fixed amount,
 * whatever the amount. Integer arithmetic on bigint only.
 */
export function transferFee(method: TransferMethodKey | TransferMethodKind, amountCents: bigint): bigint {
  if (typeof amountCents !== 'bigint' || amountCents < 0n)
    throw new TypeError('amountCents must be a non-negative bigint');
  const fee = (isTransferMethodKey(method) ? TRANSFER_METHODS[method] : transferMethodByKind(method)).fee;
  if (fee.kind === 'fixed') return fee.cents;
  return (amountCents * fee.basisPoints * 2n + 10_000n) / 20_000n;
}
