import { z } from 'zod';

/**
 * Card methods and card deposits (document 1, sections 3 and 4 "Card method", "Card method request";
 * document 2, section 7 "Card"; decision 017): `/api/primetrust-creditcard-widget-token`, `/api/cc-method-add`,
 * `/api/cc-method-list`, `/api/cc-method-remove`, `/api/primetrust-creditcard-contribution-token`,
 * `/api/primetrust-creditcard-contribution-update`, `/api/primetrust-creditcard-contribution-cancel`,
 * `/api/primetrust-creditcard-refresh-token`, and the hosted card form (`/api/card-form`) with its postMessage
 * protocol. The card number and CVC go from the hosted form to the card processor only: Rampart keeps the brand,
 * the last four digits and the expiry.
 */

/** Document 1, section 3: a card method's `fundsTransferMethod`. */
export const CARD_FUNDS_TRANSFER_METHOD = 'credit_card';

/** The brands the processor accepts (others: 'This card brand is not supported.'). */
export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'diners', 'jcb', 'unionpay'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];
export const CARD_BRAND_LABELS: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

export const CARD_FUNDINGS = ['debit', 'credit', 'prepaid'] as const;
export type CardFunding = (typeof CARD_FUNDINGS)[number];

/** Languages of the hosted card form (R18: English and Spanish). */
export const CARD_FORM_LANGUAGES = ['en', 'es'] as const;
export type CardFormLanguage = (typeof CARD_FORM_LANGUAGES)[number];

/** What a card form token lets its bearer do: add a card (widget token) or authorize one deposit (contribution). */
export const CARD_TOKEN_PURPOSES = ['add', 'charge'] as const;
export type CardTokenPurpose = (typeof CARD_TOKEN_PURPOSES)[number];

/** The postMessage `type` of every message the hosted form sends to the page that frames it. */
export const CARD_FORM_MESSAGE_TYPE = 'rampart-card';

/** The API's messages (English; the SPA translates by `code`). Declines are the processor's own words. */
export const CARD_MESSAGES = {
  en: {
    unknownMethod: 'Unknown card',
    unknownContribution: 'Unknown card deposit',
    tokenInvalid: 'This card form has expired. Please open it again.',
    tokenUsed: 'This card form was already used. Please open it again.',
    contributionCompleted: 'This card deposit has already been completed',
    contributionClosed: 'This card deposit was cancelled or declined. Please start a new deposit.',
    authorizationMismatch: 'This authorization does not belong to this card deposit',
    authorizationPending: 'The card has not been charged yet. Please complete the card form.',
    cardExpired: 'This card has expired. Please add a new card.',
    declined: 'Your card was declined.',
    insufficientFunds: 'Your card has insufficient funds.',
    incorrectCvc: "Your card's security code is incorrect.",
    debitOnly: 'Only debit cards are accepted. Please use a debit card.',
    processorUnavailable: 'The card processor is not available right now. Please try again later.',
  },
} as const;

/** The processor's decline codes, each with its message (CARD_MESSAGES.en). */
export const CARD_DECLINE_CODES = ['card_declined', 'insufficient_funds', 'incorrect_cvc', 'debit_only'] as const;
export type CardDeclineCode = (typeof CARD_DECLINE_CODES)[number];

/** A card method id: the processor's card id, the `fundsTransferMethodId` clients send. */
const MethodId = z.uuid();
const ContributionId = z.uuid();
/** A card form token (`cft_…`): URL-safe, bounded. */
export const CardToken = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/);

/** The card method of document 1, section 3, with what the processor tells about the card (never its number). */
export const CardMethod = z.object({
  fundsTransferMethodId: z.string(),
  nickname: z.string(),
  fundsTransferMethod: z.literal(CARD_FUNDS_TRANSFER_METHOD),
  brand: z.enum(CARD_BRANDS),
  last4: z.string().regex(/^\d{4}$/),
  expMonth: z.number().int().min(1).max(12),
  expYear: z.number().int(),
  /** "MM/YY", as printed on the card. */
  expiry: z.string().regex(/^\d{2}\/\d{2}$/),
  funding: z.enum(CARD_FUNDINGS),
  /** Past its expiry month (the list also names it in errors.fields). */
  expired: z.boolean(),
});
export type CardMethod = z.infer<typeof CardMethod>;

/** The validation shape (document 2, section 8): `errors.errors` (messages) and `errors.fields` (field → message). */
export const CardErrors = z.object({ errors: z.array(z.string()), fields: z.record(z.string(), z.string()) });
export type CardErrors = z.infer<typeof CardErrors>;

/** A token for the hosted card form: open `formUrl` (same origin) in an iframe. */
export const CardTokenReply = z.object({
  token: z.string(),
  purpose: z.enum(CARD_TOKEN_PURPOSES),
  expiresAt: z.string(),
  /** `/api/card-form?token=…&lang=…` */
  formUrl: z.string(),
});
export type CardTokenReply = z.infer<typeof CardTokenReply>;

const Lang = z.enum(CARD_FORM_LANGUAGES);

/** `/api/primetrust-creditcard-widget-token`: a single-use token for the hosted form to add one card (10 minutes). */
export const CardWidgetTokenRequest = z.object({ lang: Lang.optional() }).strict().optional();
export type CardWidgetTokenRequest = z.infer<typeof CardWidgetTokenRequest>;

/** `/api/cc-method-add` (document 2, section 7): the id the hosted form reported; idempotent. */
export const CcMethodAddRequest = z
  .object({
    fundsTransferMethodId: MethodId,
    fundsTransferMethod: z.literal(CARD_FUNDS_TRANSFER_METHOD),
    /** Optional: "Visa 4242" when empty or absent. */
    nickname: z.string().trim().max(50).optional(),
  })
  .strict();
export type CcMethodAddRequest = z.infer<typeof CcMethodAddRequest>;
export const CcMethodAddReply = z.object({ success: z.literal(true), method: CardMethod });
export type CcMethodAddReply = z.infer<typeof CcMethodAddReply>;

export const CcMethodListRequest = z.object({}).strict().optional();
export type CcMethodListRequest = z.infer<typeof CcMethodListRequest>;
/**
 * `/api/cc-method-list` (document 2, section 7: success, errors.errors, errors.fields, methods). `errors` names the
 * methods that cannot be used (an expired card: field = its fundsTransferMethodId); empty lists otherwise.
 */
export const CcMethodListReply = z.object({ success: z.boolean(), errors: CardErrors, methods: z.array(CardMethod) });
export type CcMethodListReply = z.infer<typeof CcMethodListReply>;

export const CcMethodRemoveRequest = z.object({ fundsTransferMethodId: MethodId }).strict();
export type CcMethodRemoveRequest = z.infer<typeof CcMethodRemoveRequest>;
export const CcMethodRemoveReply = z.object({
  success: z.literal(true),
  fundsTransferMethodId: z.string(),
  errors: CardErrors,
});
export type CcMethodRemoveReply = z.infer<typeof CcMethodRemoveReply>;

// Amounts are checked by the use case (message under `amount`), so the schema lets strings and numbers in.
const AmountInput = z.union([z.string(), z.number(), z.null()]).optional();

/**
 * `/api/primetrust-creditcard-contribution-token`: starts a card deposit of `amount` USD (the account must be opened)
 * and answers a token for the hosted form's charge step (the user confirms with the card's CVC). Optional
 * `Idempotency-Key` header: the same key answers the same deposit (a fresh token while it waits).
 */
export const CardContributionTokenRequest = z
  .object({ fundsTransferMethodId: MethodId, amount: AmountInput, lang: Lang.optional() })
  .strict();
export type CardContributionTokenRequest = z.infer<typeof CardContributionTokenRequest>;

export const CARD_CONTRIBUTION_STATUSES = ['awaiting_authorization', 'completed', 'declined', 'cancelled'] as const;
export type CardContributionStatus = (typeof CARD_CONTRIBUTION_STATUSES)[number];

/** A card deposit. `amount` reaches the USD balance; the card is charged `total` = amount + fee (primex_card). */
export const CardContribution = z.object({
  contributionId: z.string(),
  fundsTransferMethodId: z.string(),
  status: z.enum(CARD_CONTRIBUTION_STATUSES),
  amount: z.string(),
  fee: z.string(),
  total: z.string(),
  /** The processor's authorization once the form charged the card. */
  authorizationId: z.string().nullable(),
  /** The deposit in the transfers module once completed (pending, settled after 12 hours). */
  transferId: z.string().nullable(),
  /** A declined charge: the processor's message. */
  declineMessage: z.string().nullable(),
  createdAt: z.string(),
});
export type CardContribution = z.infer<typeof CardContribution>;

export const CardContributionTokenReply = CardTokenReply.extend({ contribution: CardContribution, method: CardMethod });
export type CardContributionTokenReply = z.infer<typeof CardContributionTokenReply>;

/**
 * `/api/primetrust-creditcard-contribution-update`: the hosted form reported an authorization; Rampart asks the
 * processor and, when approved, creates the deposit (idempotent: again answers the same). A declined authorization
 * answers 402 `card_declined` with the processor's message under `errors.fields.card`.
 */
export const CardContributionUpdateRequest = z
  .object({ contributionId: ContributionId, authorizationId: z.uuid() })
  .strict();
export type CardContributionUpdateRequest = z.infer<typeof CardContributionUpdateRequest>;
export const CardContributionCancelRequest = z.object({ contributionId: ContributionId }).strict();
export type CardContributionCancelRequest = z.infer<typeof CardContributionCancelRequest>;
export const CardContributionReply = z.object({ success: z.literal(true), contribution: CardContribution });
export type CardContributionReply = z.infer<typeof CardContributionReply>;

/** `/api/primetrust-creditcard-refresh-token`: the caller's unused token (expired or not) → a new one; the old one dies. */
export const CardRefreshTokenRequest = z.object({ token: CardToken, lang: Lang.optional() }).strict();
export type CardRefreshTokenRequest = z.infer<typeof CardRefreshTokenRequest>;

/**
 * The hosted form's requests to the card processor sandbox (posted by the form itself, authenticated by the token,
 * never by the app's bearer): add a card, or charge one for a deposit.
 */
export const CardProcessorAddCardRequest = z
  .object({
    token: CardToken,
    number: z.string().max(40).optional(),
    expMonth: z.string().max(4).optional(),
    expYear: z.string().max(6).optional(),
    cvc: z.string().max(8).optional(),
    lang: Lang.optional(),
  })
  .strict();
export type CardProcessorAddCardRequest = z.infer<typeof CardProcessorAddCardRequest>;
export const CardProcessorAddCardReply = z.object({
  fundsTransferMethodId: z.string(),
  brand: z.enum(CARD_BRANDS),
  last4: z.string(),
  expMonth: z.number(),
  expYear: z.number(),
  funding: z.enum(CARD_FUNDINGS),
});
export type CardProcessorAddCardReply = z.infer<typeof CardProcessorAddCardReply>;

export const CardProcessorChargeRequest = z
  .object({ token: CardToken, cvc: z.string().max(8).optional(), lang: Lang.optional() })
  .strict();
export type CardProcessorChargeRequest = z.infer<typeof CardProcessorChargeRequest>;
export const CardProcessorChargeReply = z.object({
  authorizationId: z.string(),
  status: z.enum(['approved', 'declined']),
  contributionId: z.string(),
  fundsTransferMethodId: z.string(),
  declineCode: z.enum(CARD_DECLINE_CODES).nullable(),
  message: z.string().nullable(),
});
export type CardProcessorChargeReply = z.infer<typeof CardProcessorChargeReply>;

/**
 * What the hosted form posts to the page that frames it: `window.parent.postMessage(message, location.origin)`.
 * The SPA checks `event.origin === location.origin` and `event.source === iframe.contentWindow`, then parses it.
 * - `ready`: the form is shown (`height` in CSS pixels, also sent as `resize` when it changes);
 * - `card-added`: call `/api/cc-method-add` with `fundsTransferMethodId` (and the nickname the user chose);
 * - `charge-authorized`: call `/api/primetrust-creditcard-contribution-update` with both ids;
 * - `charge-declined`: the processor's `message` (the form shows it too); the deposit is declined;
 * - `expired`: the token expired or was used: call `/api/primetrust-creditcard-refresh-token` (or start again);
 * - `cancelled`: the user pressed Cancel (for a deposit, call `/api/primetrust-creditcard-contribution-cancel`).
 */
export const CardFormMessage = z.discriminatedUnion('event', [
  z.object({
    type: z.literal(CARD_FORM_MESSAGE_TYPE),
    event: z.literal('ready'),
    purpose: z.enum(CARD_TOKEN_PURPOSES),
    height: z.number(),
  }),
  z.object({ type: z.literal(CARD_FORM_MESSAGE_TYPE), event: z.literal('resize'), height: z.number() }),
  z.object({
    type: z.literal(CARD_FORM_MESSAGE_TYPE),
    event: z.literal('card-added'),
    fundsTransferMethodId: z.string(),
    nickname: z.string(),
    brand: z.enum(CARD_BRANDS),
    last4: z.string(),
    expMonth: z.number(),
    expYear: z.number(),
  }),
  z.object({
    type: z.literal(CARD_FORM_MESSAGE_TYPE),
    event: z.literal('charge-authorized'),
    contributionId: z.string(),
    authorizationId: z.string(),
    fundsTransferMethodId: z.string(),
  }),
  z.object({
    type: z.literal(CARD_FORM_MESSAGE_TYPE),
    event: z.literal('charge-declined'),
    contributionId: z.string(),
    authorizationId: z.string(),
    fundsTransferMethodId: z.string(),
    message: z.string(),
  }),
  z.object({
    type: z.literal(CARD_FORM_MESSAGE_TYPE),
    event: z.literal('expired'),
    purpose: z.enum(CARD_TOKEN_PURPOSES).nullable(),
    token: z.string(),
  }),
  z.object({
    type: z.literal(CARD_FORM_MESSAGE_TYPE),
    event: z.literal('cancelled'),
    purpose: z.enum(CARD_TOKEN_PURPOSES),
  }),
]);
export type CardFormMessage = z.infer<typeof CardFormMessage>;

/** The form's address for a token, as the token calls answer it. */
export function cardFormUrl(token: string, lang: CardFormLanguage = 'en'): string {
  return `/api/card-form?token=${encodeURIComponent(token)}&lang=${lang}`;
}

/** "MM/YY" of a card's expiry. */
export function cardExpiry(expMonth: number, expYear: number): string {
  return `${String(expMonth).padStart(2, '0')}/${String(expYear % 100).padStart(2, '0')}`;
}

/** The default nickname: "Visa 4242". */
export function defaultCardNickname(brand: CardBrand, last4: string): string {
  return `${CARD_BRAND_LABELS[brand]} ${last4}`;
}
