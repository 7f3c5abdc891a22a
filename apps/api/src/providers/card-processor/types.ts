import type { CardBrand, CardDeclineCode, CardFunding, CardTokenPurpose } from '@rampart/contracts';

/**
 * The card processor (docs/design-brief.md, section 4; decision 017): a hosted card form takes the card number, expiry
 * and CVC and tokenises the card; the merchant (Rampart) only ever sees the processor's card id, the brand, the last
 * four digits and the expiry. A charge is authorized through the same hosted form (the user confirms the CVC).
 */
export interface ProcessorCard {
  id: string;
  /** The processor's customer: the Rampart user the form's token was made for. */
  customerId: string;
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
  funding: CardFunding;
  detached: boolean;
}

/** What the hosted form sends: exactly as typed (the processor normalises and checks it). */
export interface CardDetails {
  number?: string | undefined;
  expMonth?: string | undefined;
  expYear?: string | undefined;
  cvc?: string | undefined;
}

export type AuthorizationStatus = 'approved' | 'declined' | 'voided';

export interface ProcessorAuthorization {
  id: string;
  cardId: string;
  customerId: string;
  /** Minor units of `currency`. */
  amount: bigint;
  currency: 'USD';
  /** The merchant's reference (Rampart's card contribution id). */
  reference: string;
  status: AuthorizationStatus;
  declineCode: CardDeclineCode | null;
  /** The processor's words for a decline ('Your card was declined.'). */
  declineMessage: string | null;
}

export type FormTokenState = 'valid' | 'expired' | 'used' | 'revoked';

/** A hosted form token as the form page reads it (not used up by reading). */
export interface FormTokenInfo {
  purpose: CardTokenPurpose;
  customerId: string;
  state: FormTokenState;
  expiresAt: Date;
  /** A charge token: the card to charge, the amount and the merchant's reference. */
  card: ProcessorCard | null;
  amount: bigint | null;
  reference: string | null;
}

export type NewFormToken =
  | { customerId: string; purpose: 'add'; now: Date }
  | { customerId: string; purpose: 'charge'; cardId: string; amount: bigint; reference: string; now: Date };

export type CardProcessorErrorCode =
  | 'number_required'
  | 'invalid_number'
  | 'unsupported_brand'
  | 'invalid_exp_month'
  | 'invalid_exp_year'
  | 'expired_card'
  | 'invalid_cvc'
  | CardDeclineCode
  | 'token_invalid'
  | 'token_used'
  | 'card_not_found';

/** Which form field a refusal belongs to ('token': the form itself is no longer valid). */
export type CardProcessorErrorField = 'number' | 'expMonth' | 'expYear' | 'cvc' | 'card' | 'token';

export class CardProcessorError extends Error {
  constructor(
    readonly code: CardProcessorErrorCode,
    readonly field: CardProcessorErrorField,
    message: string,
    /** invalid_cvc: how many digits the brand's security code has (the form's message names it). */
    readonly cvcLength?: 3 | 4,
  ) {
    super(message);
    this.name = 'CardProcessorError';
  }
}

export function isCardProcessorError(error: unknown): error is CardProcessorError {
  return error instanceof CardProcessorError;
}

export interface CardProcessorProvider {
  readonly kind: 'sandbox';
  /** A single-use token for the hosted form: add one card, or authorize one charge of a card. */
  createFormToken(input: NewFormToken): Promise<{ token: string; expiresAt: Date }>;
  /** The token's purpose and state, for the form page and the merchant's refresh (null: no such token). */
  inspectFormToken(token: string, now: Date): Promise<FormTokenInfo | null>;
  /** A new token with the same purpose (and charge) as an unused one, which dies. */
  refreshFormToken(input: {
    token: string;
    customerId: string;
    now: Date;
  }): Promise<{ token: string; expiresAt: Date }>;
  /** Kills the unused tokens of a charge (the merchant cancelled it). */
  revokeChargeTokens(input: { reference: string; now: Date }): Promise<void>;
  /** The hosted form's add step: checks and tokenises the card; uses the token up on success only. */
  addCard(input: { token: string; card: CardDetails; now: Date }): Promise<ProcessorCard>;
  /** The hosted form's charge step: the CVC again, then an authorization (approved or declined); uses the token up. */
  charge(input: { token: string; cvc: string | undefined; now: Date }): Promise<ProcessorAuthorization>;
  /** A customer's card (another customer's reads as absent). */
  getCard(input: { cardId: string; customerId: string }): Promise<ProcessorCard | null>;
  /** The card can no longer be charged. */
  detachCard(input: { cardId: string; customerId: string; now: Date }): Promise<void>;
  getAuthorization(input: { authorizationId: string; customerId: string }): Promise<ProcessorAuthorization | null>;
  /** Releases the approved authorizations of a charge that will not be completed (the merchant cancelled it). */
  voidAuthorizations(input: { reference: string; customerId: string; now: Date }): Promise<void>;
}
