import type { BankAccountSubtype } from '@rampart/contracts';

/**
 * The bank-link service (docs/design-brief.md, section 4; decision 013): link tokens, the institution and account pick
 * screen, the public token exchange, re-authentication (login required) and the sandbox's reset action.
 */
export interface BankLinkInstitution {
  /** `ins_…` */
  id: string;
  name: string;
}

export interface BankLinkProviderAccount {
  id: string;
  /** The last four digits; the full account number never leaves the provider. */
  mask: string;
  name: string;
  subtype: BankAccountSubtype;
  type: 'depository';
}

export type BankLinkErrorCode =
  'INVALID_LINK_TOKEN' | 'INVALID_PUBLIC_TOKEN' | 'INVALID_INSTITUTION' | 'ITEM_NOT_FOUND';

export class BankLinkError extends Error {
  constructor(
    readonly code: BankLinkErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'BankLinkError';
  }
}

export interface BankLinkProvider {
  readonly kind: 'sandbox';
  institutions(): readonly BankLinkInstitution[];
  /** A link token for one user; with `itemId`, for re-authenticating that item (update mode). */
  createLinkToken(input: {
    clientUserId: string;
    itemId?: string;
    now: Date;
  }): Promise<{ linkToken: string; expiration: Date }>;
  /**
   * The link screen (the hosted UI of a real service, the SPA's picker in the sandbox): the user picks an
   * institution with a link token; answers a public token and the institution's accounts.
   */
  completeLink(input: { linkToken: string; clientUserId: string; institutionId: string; now: Date }): Promise<{
    publicToken: string;
    institution: BankLinkInstitution;
    accounts: BankLinkProviderAccount[];
  }>;
  /** Public token → the item it names. `updateMode`: the token came from a re-auth link token (login repaired). */
  exchangePublicToken(input: { publicToken: string; clientUserId: string; now: Date }): Promise<{
    itemId: string;
    institution: BankLinkInstitution;
    accounts: BankLinkProviderAccount[];
    updateMode: boolean;
  }>;
  /** Whether the item needs its user to log in again (ITEM_LOGIN_REQUIRED). */
  itemStatus(itemId: string): Promise<{ loginRequired: boolean }>;
  /** The sandbox's reset: puts an item into login-required. */
  resetLogin(itemId: string): Promise<void>;
}
