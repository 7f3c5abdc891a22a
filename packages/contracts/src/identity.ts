import { z } from 'zod';
import { ApiErrorBody } from './errors';
import { RULE_MESSAGES } from './rules/messages';

/**
 * The user pool Rampart owns (decision 006). The original called a hosted pool; its operations, exception
 * names and messages are kept (document 2, sections 5 and 8) so the SPA's identity error mapping works
 * unchanged. Every identity error reply carries the exception name as `code`.
 */

import { CHALLENGE_NAMES, IDENTITY_LOCALES, LOGIN_METHOD_TYPES, MFA_METHODS } from './identity-constants';
import { CodeDeliveryDetails, OneTimeCode } from './identity-codes';
import { IDENTITY_MESSAGES } from './identity-messages';

export * from './identity-codes';
export * from './identity-constants';
export * from './identity-messages';

const en = IDENTITY_MESSAGES.en;

// ---------------------------------------------------------------------------------------------------------------
// Field schemas

const EMAIL_PATTERN = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** Emails are lower-cased before sign-up, login and confirm (document 2, section 5). */
export const IdentityEmail = z
  .string({ error: en.emailRequired })
  .trim()
  .min(1, { error: en.emailRequired })
  .max(254, { error: RULE_MESSAGES.en.email })
  .toLowerCase()
  .regex(EMAIL_PATTERN, { error: RULE_MESSAGES.en.email });

/**
 * Any non-empty string up to a bound: the policy (length, common list) is the server's decision and answers
 * InvalidPasswordException, which the SPA maps to the password field.
 */
export const PasswordInput = z
  .string({ error: en.passwordRequired })
  .min(1, { error: en.passwordRequired })
  .max(4096, { error: en.passwordTooLong });

export const IdentityLocaleSchema = z.enum(IDENTITY_LOCALES);

// ---------------------------------------------------------------------------------------------------------------
// Requests and replies

export const CodeDeliveryResponse = z
  .object({ codeDeliveryDetails: CodeDeliveryDetails })
  .meta({ id: 'CodeDeliveryResponse' });
export type CodeDeliveryResponse = z.infer<typeof CodeDeliveryResponse>;

export const OkResponse = z.object({ ok: z.literal(true) }).meta({ id: 'Ok' });
export type OkResponse = z.infer<typeof OkResponse>;

/** POST /api/identity/sign-up. The language falls back to Accept-Language, then English. */
export const SignUpRequest = z
  .object({
    email: IdentityEmail,
    password: PasswordInput,
    confirmPassword: z.string().optional(),
    locale: IdentityLocaleSchema.optional(),
  })
  .strict()
  .meta({ id: 'SignUpRequest' });
export type SignUpRequest = z.infer<typeof SignUpRequest>;

export const SignUpResponse = z
  .object({ userGuid: z.uuid(), userConfirmed: z.boolean(), codeDeliveryDetails: CodeDeliveryDetails })
  .meta({ id: 'SignUpResponse' });
export type SignUpResponse = z.infer<typeof SignUpResponse>;

/**
 * With the password typed at sign-up, the confirmed account is signed in at once and the code counts as that
 * sign-in's emailed factor (docs/decisions/057-sign-up-in-one-pass-and-change-password.md).
 */
export const ConfirmSignUpRequest = z
  .object({ email: IdentityEmail, code: OneTimeCode, password: PasswordInput.optional() })
  .strict()
  .meta({ id: 'ConfirmSignUpRequest' });
export type ConfirmSignUpRequest = z.infer<typeof ConfirmSignUpRequest>;

export const EmailOnlyRequest = z.object({ email: IdentityEmail }).strict().meta({ id: 'EmailOnlyRequest' });
export type EmailOnlyRequest = z.infer<typeof EmailOnlyRequest>;

export const SignInRequest = z
  .object({ email: IdentityEmail, password: PasswordInput })
  .strict()
  .meta({ id: 'SignInRequest' });
export type SignInRequest = z.infer<typeof SignInRequest>;

export const AuthenticationResult = z
  .object({
    accessToken: z.string(),
    /** Exchanged for the API's login token at POST /api/auth-token-login-request. */
    idToken: z.string(),
    refreshToken: z.string(),
    /** Seconds the access and id tokens live. */
    expiresIn: z.number().int().positive(),
    tokenType: z.literal('Bearer'),
  })
  .meta({ id: 'AuthenticationResult' });
export type AuthenticationResult = z.infer<typeof AuthenticationResult>;

export const ChallengeReply = z
  .object({
    challengeName: z.enum(CHALLENGE_NAMES),
    loginMethod: z.enum(LOGIN_METHOD_TYPES),
    /** Opaque, short-lived; sent back with the answer. */
    session: z.string(),
    codeDeliveryDetails: CodeDeliveryDetails.optional(),
  })
  .meta({ id: 'ChallengeReply' });
export type ChallengeReply = z.infer<typeof ChallengeReply>;

export const AuthenticatedReply = z
  .object({ loginMethod: z.enum(LOGIN_METHOD_TYPES), authenticationResult: AuthenticationResult })
  .meta({ id: 'AuthenticatedReply' });
export type AuthenticatedReply = z.infer<typeof AuthenticatedReply>;

/** Sign-in, sign-in by code and the answer to a challenge reply with the next challenge or with tokens. */
export const SignInResponse = z.union([ChallengeReply, AuthenticatedReply]).meta({ id: 'SignInResponse' });
export type SignInResponse = z.infer<typeof SignInResponse>;

/** The confirmation; `signIn` when the password came with the code and was right. */
export const ConfirmSignUpResponse = z
  .object({ ok: z.literal(true), signIn: SignInResponse.optional() })
  .meta({ id: 'ConfirmSignUpResponse' });
export type ConfirmSignUpResponse = z.infer<typeof ConfirmSignUpResponse>;

export const RespondToChallengeRequest = z
  .object({ challengeName: z.enum(CHALLENGE_NAMES), session: z.string().min(1).max(4096), code: OneTimeCode })
  .strict()
  .meta({ id: 'RespondToChallengeRequest' });
export type RespondToChallengeRequest = z.infer<typeof RespondToChallengeRequest>;

export const ConfirmForgotPasswordRequest = z
  .object({ email: IdentityEmail, code: OneTimeCode, password: PasswordInput, confirmPassword: z.string().optional() })
  .strict()
  .meta({ id: 'ConfirmForgotPasswordRequest' });
export type ConfirmForgotPasswordRequest = z.infer<typeof ConfirmForgotPasswordRequest>;

export const ChangePasswordRequest = z
  .object({ previousPassword: PasswordInput, proposedPassword: PasswordInput, confirmPassword: z.string().optional() })
  .strict()
  .meta({ id: 'ChangePasswordRequest' });
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

export const RefreshRequest = z
  .object({ refreshToken: z.string().min(1).max(512) })
  .strict()
  .meta({ id: 'RefreshRequest' });
export type RefreshRequest = z.infer<typeof RefreshRequest>;

/** The refresh token rotates: every reply carries the one to send next time (decision 050). */
export const RefreshResponse = z.object({ authenticationResult: AuthenticationResult }).meta({ id: 'RefreshResponse' });
export type RefreshResponse = z.infer<typeof RefreshResponse>;

/** `global` signs out every session of the user, not only this one. */
export const SignOutRequest = z
  .object({ global: z.boolean().default(false) })
  .strict()
  .meta({ id: 'SignOutRequest' });
export type SignOutRequest = z.infer<typeof SignOutRequest>;

/** Re-authentication before a second-factor change: the password, or a code of the current factor. */
export const ReauthenticateRequest = z
  .union([z.object({ password: PasswordInput }).strict(), z.object({ code: OneTimeCode }).strict()])
  .meta({ id: 'ReauthenticateRequest' });
export type ReauthenticateRequest = z.infer<typeof ReauthenticateRequest>;

export const ReauthenticateResponse = z
  .object({ reauthToken: z.string(), expiresIn: z.number().int().positive() })
  .meta({ id: 'ReauthenticateResponse' });
export type ReauthenticateResponse = z.infer<typeof ReauthenticateResponse>;

const ReauthToken = z.string({ error: en.reauthRequired }).min(1, { error: en.reauthRequired }).max(4096);

export const TotpAssociateRequest = z
  .object({ reauthToken: ReauthToken })
  .strict()
  .meta({ id: 'TotpAssociateRequest' });
export type TotpAssociateRequest = z.infer<typeof TotpAssociateRequest>;

export const TotpAssociateResponse = z
  .object({ secretCode: z.string(), otpauthUri: z.string() })
  .meta({ id: 'TotpAssociateResponse' });
export type TotpAssociateResponse = z.infer<typeof TotpAssociateResponse>;

export const TotpVerifyRequest = z.object({ code: OneTimeCode }).strict().meta({ id: 'TotpVerifyRequest' });
export type TotpVerifyRequest = z.infer<typeof TotpVerifyRequest>;

export const MfaPreferenceRequest = z
  .object({ reauthToken: ReauthToken, preferred: z.enum(MFA_METHODS) })
  .strict()
  .meta({ id: 'MfaPreferenceRequest' });
export type MfaPreferenceRequest = z.infer<typeof MfaPreferenceRequest>;

export const UserInfo = z
  .object({
    userGuid: z.uuid(),
    email: z.string(),
    emailVerified: z.boolean(),
    locale: IdentityLocaleSchema,
    applicationName: z.string().nullable(),
    phoneNumber: z.string().nullable(),
    phoneNumberVerified: z.boolean(),
    preferredMfa: z.enum(MFA_METHODS),
    totpEnabled: z.boolean(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'UserInfo' });
export type UserInfo = z.infer<typeof UserInfo>;

/** E.164 phone numbers only: the SPA formats with its phone library before sending. */
const E164 = z.string().regex(/^\+[1-9]\d{5,14}$/, { error: RULE_MESSAGES.en.phone });

export const UpdateAttributesRequest = z
  .object({
    locale: IdentityLocaleSchema.optional(),
    applicationName: z.string().trim().min(1).max(64).optional(),
    /** A new phone number is confirmed by an SMS code; it is a second-factor change, so it needs reauthToken. */
    phoneNumber: E164.optional(),
    reauthToken: z.string().max(4096).optional(),
  })
  .strict()
  .meta({ id: 'UpdateAttributesRequest' });
export type UpdateAttributesRequest = z.infer<typeof UpdateAttributesRequest>;

export const UpdateAttributesResponse = z
  .object({ user: UserInfo, codeDeliveryDetails: CodeDeliveryDetails.optional() })
  .meta({ id: 'UpdateAttributesResponse' });
export type UpdateAttributesResponse = z.infer<typeof UpdateAttributesResponse>;

export const VerifyAttributeRequest = z
  .object({ attribute: z.literal('phone_number'), code: OneTimeCode })
  .strict()
  .meta({ id: 'VerifyAttributeRequest' });
export type VerifyAttributeRequest = z.infer<typeof VerifyAttributeRequest>;

// ---------------------------------------------------------------------------------------------------------------
// The API's login token (document 2, section 7)

/** POST /api/auth-token-login-request: the pool's id token in, the API's login token out. */
export const LoginTokenRequest = z
  .object({ token: z.string({ error: en.tokenInvalid }).min(1).max(4096) })
  .strict()
  .meta({ id: 'LoginTokenRequest' });
export type LoginTokenRequest = z.infer<typeof LoginTokenRequest>;

/**
 * Stored key by key in browser storage by the SPA. Flat strings and numbers only. The reply always
 * carries the expiry, so R11's 60-second fallback lifetime applies only when there is no session at all.
 */
export const LoginTokenResponse = z
  .object({
    userGuid: z.uuid(),
    email: z.string(),
    token: z.string(),
    tokenType: z.literal('Bearer'),
    /** ISO 8601 instant. */
    expiresAt: z.iso.datetime(),
    expiresIn: z.number().int().positive(),
    loginMethod: z.enum(LOGIN_METHOD_TYPES),
  })
  .meta({ id: 'LoginTokenResponse' });
export type LoginTokenResponse = z.infer<typeof LoginTokenResponse>;

/** Any failure of the exchange: the usual error fields plus `errorMessage`, which the SPA tests for. */
export const LoginTokenError = ApiErrorBody.extend({ errorMessage: z.string() }).meta({ id: 'LoginTokenError' });
export type LoginTokenError = z.infer<typeof LoginTokenError>;

/** POST /api/user/authcheck without a live session: 401 and `valid: false` in the error shape. */
export const AuthcheckFailure = ApiErrorBody.extend({ valid: z.literal(false) }).meta({ id: 'AuthcheckFailure' });
export type AuthcheckFailure = z.infer<typeof AuthcheckFailure>;

// ---------------------------------------------------------------------------------------------------------------
// Development outbox (never mounted in production)

export const DevOutboxQuery = z.object({ to: z.string().trim().min(1).max(254).toLowerCase() });
export type DevOutboxQuery = z.infer<typeof DevOutboxQuery>;

export const OutboxMessage = z
  .object({
    id: z.uuid(),
    channel: z.enum(['email', 'sms']),
    to: z.string(),
    template: z.string(),
    locale: IdentityLocaleSchema,
    subject: z.string().nullable(),
    text: z.string(),
    html: z.string().nullable(),
    status: z.enum(['queued', 'sent', 'failed']),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'OutboxMessage' });
export type OutboxMessage = z.infer<typeof OutboxMessage>;

export const DevOutboxResponse = z.object({ messages: z.array(OutboxMessage) }).meta({ id: 'DevOutbox' });
export type DevOutboxResponse = z.infer<typeof DevOutboxResponse>;
