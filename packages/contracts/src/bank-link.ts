import { z } from 'zod';

/**
 * Bank link and bank accounts (document 1, section 3; document 2, sections 7-9; decision 013):
 * `/api/plaid-institutions`, `/api/plaid-ui-token`, `/api/plaid-sandbox-link`, `/api/plaid-bank-account-add`,
 * `/api/bank-account-list`, `/api/bank-account-remove`, `/api/plaid-ui-reauth-token`,
 * `/api/plaid-bank-account-reauth`. Bodies and replies, shared by the API and the SPA.
 */

/** The re-auth notice of document 2, section 8 (field ItemRequiredLogin), with R10's 'palid' → 'Plaid'. */
export const BANK_REAUTH_FIELD = 'ItemRequiredLogin';
export const BANK_REAUTH_NOTICE = 'Please wait a few seconds to reauthenticate your Plaid bank account';

export const BANK_LINK_MESSAGES = {
  en: {
    linkExpired: 'This bank link has expired. Please link your bank again.',
    unknownInstitution: 'This bank is not available. Please choose another one.',
    accountNotInLink: 'This account is not part of the linked bank. Please choose one of its accounts.',
    institutionMismatch: 'The bank does not match the linked bank. Please link your bank again.',
    unknownMethod: 'Unknown bank method',
    reauthNotRequired: 'This bank method does not need to be re-authenticated',
    handoffInvalid: 'This bank link is not valid. Please start again from the wallet app.',
    handoffExpired: 'This bank link has expired. Please start again from the wallet app.',
  },
} as const;

/** A blacklisted bank (document 2, section 9) is refused with its name. */
export function bankNotSupportedMessage(bankName: string): string {
  return `${bankName} is not supported. Please link a different bank.`;
}

/** Ids the bank-link service hands out (institution, account, item, tokens): URL-safe, bounded. */
const ProviderId = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9._-]+$/);
const Token = z
  .string()
  .trim()
  .min(1)
  .max(2000)
  .regex(/^[A-Za-z0-9._-]+$/);
const MethodId = z.uuid();

export const BANK_ACCOUNT_SUBTYPES = ['checking', 'savings'] as const;
export type BankAccountSubtype = (typeof BANK_ACCOUNT_SUBTYPES)[number];

/** A generated monogram logo (R17: no third-party artwork): initials on a colour. */
export const BankLogo = z.object({ monogram: z.string(), color: z.string().regex(/^#[0-9a-f]{6}$/) });
export type BankLogo = z.infer<typeof BankLogo>;

export const BankInstitution = z.object({
  id: z.string(),
  name: z.string(),
  logo: BankLogo,
  /** Listed by the flag blacklistedBanks (document 2, section 9): shown, but linking it is refused. */
  blacklisted: z.boolean(),
});
export type BankInstitution = z.infer<typeof BankInstitution>;
export const PlaidInstitutionsReply = z.object({ institutions: z.array(BankInstitution) });
export type PlaidInstitutionsReply = z.infer<typeof PlaidInstitutionsReply>;

export const PlaidLinkTokenReply = z.object({ linkToken: z.string(), expiration: z.string() });
export type PlaidLinkTokenReply = z.infer<typeof PlaidLinkTokenReply>;

/** The account of a bank link record (document 1, section 3): never a full account number, only its mask. */
export const BankLinkAccount = z
  .object({
    id: ProviderId,
    mask: z.string().regex(/^\d{2,4}$/),
    name: z.string().trim().min(1).max(200),
    subtype: z.enum(BANK_ACCOUNT_SUBTYPES),
    type: z.literal('depository'),
  })
  .strict();
export type BankLinkAccount = z.infer<typeof BankLinkAccount>;

/**
 * The sandbox's link screen (the hosted link UI of the real service): the SPA's picker sends the link token and the
 * chosen institution; the reply carries the public token and the institution's accounts to pick from.
 */
export const PlaidSandboxLinkRequest = z.object({ linkToken: Token, institutionId: ProviderId }).strict();
export type PlaidSandboxLinkRequest = z.infer<typeof PlaidSandboxLinkRequest>;
export const PlaidSandboxLinkReply = z.object({
  publicToken: z.string(),
  institutionId: z.string(),
  institutionName: z.string(),
  accounts: z.array(BankLinkAccount),
});
export type PlaidSandboxLinkReply = z.infer<typeof PlaidSandboxLinkReply>;

/** The bank link record of document 1, section 3; the server trusts the public token, not the names sent. */
export const PlaidBankAccountAddRequest = z
  .object({
    publicToken: Token,
    accountId: ProviderId,
    account: BankLinkAccount,
    institutionId: ProviderId,
    institutionName: z.string().trim().min(1).max(200),
  })
  .strict();
export type PlaidBankAccountAddRequest = z.infer<typeof PlaidBankAccountAddRequest>;

/** The bank account of document 1, section 3, with the re-auth state (decision 013). */
export const BankAccount = z.object({
  resourceId: z.string(),
  /** The user's custodian contact id; null before the KYC record exists. */
  relatedId: z.string().nullable(),
  bankName: z.string(),
  nickname: z.string(),
  lastDigits: z.string(),
  fundsTransferMethod: z.literal('plaid'),
  primetrustFundsTransferMethodId: z.string(),
  /** Document 1, section 3's other name of the method id: the same id (decision 064). */
  primetrustFundsTransferMethod2Id: z.string(),
  institutionId: z.string(),
  subtype: z.enum(BANK_ACCOUNT_SUBTYPES),
  requiresReauth: z.boolean(),
  /** While re-auth is needed: `{ errors: [notice], fields: { ItemRequiredLogin: notice } }`; else null. */
  errors: z.object({ errors: z.array(z.string()), fields: z.record(z.string(), z.string()) }).nullable(),
});
export type BankAccount = z.infer<typeof BankAccount>;

export const BankAccountReply = z.object({ account: BankAccount });
export type BankAccountReply = z.infer<typeof BankAccountReply>;

/** relatedId as document 2, section 7 says: the caller's own contact id; another one is unknown (404). */
export const BankAccountListRequest = z
  .object({ relatedId: z.string().trim().min(1).max(200).optional() })
  .strict()
  .optional();
export type BankAccountListRequest = z.infer<typeof BankAccountListRequest>;
export const BankAccountListReply = z.object({ accounts: z.array(BankAccount) });
export type BankAccountListReply = z.infer<typeof BankAccountListReply>;

export const BankMethodRequest = z.object({ fundsTransferMethodId: MethodId }).strict();
export type BankMethodRequest = z.infer<typeof BankMethodRequest>;
export const BankAccountRemoveRequest = BankMethodRequest;
export const PlaidReauthTokenRequest = BankMethodRequest;
/** The sandbox screen's 'reset a linked bank method' (`/primetrust/sandbox/plaid-reset-method`). */
export const PlaidResetMethodRequest = BankMethodRequest;

export const BankAccountRemoveReply = z.object({ success: z.literal(true), fundsTransferMethodId: z.string() });
export type BankAccountRemoveReply = z.infer<typeof BankAccountRemoveReply>;

export const PlaidBankAccountReauthRequest = z.object({ fundsTransferMethodId: MethodId, publicToken: Token }).strict();
export type PlaidBankAccountReauthRequest = z.infer<typeof PlaidBankAccountReauthRequest>;

/**
 * Bank linking from the wallet mini-app (decision 034): the mini-app asks for a handoff, opens its `url` in
 * the wallet's browser, and reads the handoff's status when the user comes back. The browser redeems the link's
 * single-use token for a short access token that only the bank-link calls accept.
 */
export const BANK_LINK_HANDOFF_MINUTES = 15;
export const BANK_LINK_HANDOFF_STATUSES = ['waiting', 'opened', 'linked', 'expired'] as const;
export type BankLinkHandoffStatus = (typeof BANK_LINK_HANDOFF_STATUSES)[number];

/** A new bank, or with `fundsTransferMethodId` a linked bank whose login is needed again (re-authentication). */
export const BankLinkHandoffRequest = z.object({ fundsTransferMethodId: MethodId.optional() }).strict().optional();
export type BankLinkHandoffRequest = z.infer<typeof BankLinkHandoffRequest>;
export const BankLinkHandoffReply = z.object({ handoffId: z.uuid(), url: z.string(), expiresAt: z.string() });
export type BankLinkHandoffReply = z.infer<typeof BankLinkHandoffReply>;

/** The link's token: 32 random bytes, base64url. */
export const BankLinkHandoffRedeemRequest = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/) }).strict();
export type BankLinkHandoffRedeemRequest = z.infer<typeof BankLinkHandoffRedeemRequest>;
export const BankLinkHandoffRedeemReply = z.object({
  accessToken: z.string(),
  expiresAt: z.string(),
  email: z.string(),
  /** The bank to log in to again when the handoff is a re-authentication; null when it links a new bank. */
  reauth: BankAccount.nullable(),
});
export type BankLinkHandoffRedeemReply = z.infer<typeof BankLinkHandoffRedeemReply>;

export const BankLinkHandoffStatusRequest = z.object({ handoffId: z.uuid() }).strict();
export type BankLinkHandoffStatusRequest = z.infer<typeof BankLinkHandoffStatusRequest>;
export const BankLinkHandoffStatusReply = z.object({
  status: z.enum(BANK_LINK_HANDOFF_STATUSES),
  expiresAt: z.string(),
  account: BankAccount.nullable(),
});
export type BankLinkHandoffStatusReply = z.infer<typeof BankLinkHandoffStatusReply>;
