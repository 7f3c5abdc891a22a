import {
  IDENTITY_MESSAGES,
  phone as phoneRule,
  ruleFailure,
  type MfaMethod,
  type RuleFailure,
  type UserInfo,
} from '@rampart/contracts';
import { parsePhoneNumberFromString } from 'libphonenumber-js';

/*
 * The settings page's rules. This module is part of the settings chunk, loaded lazily: it may use the
 * validators of @rampart/contracts (and their phone library), which /auth must never carry.
 */

/** Which field of the settings forms an identity error belongs on (document 2, section 8); null: the snackbar. */
export function settingsErrorField(code: string | undefined, form: 'password' | 'code'): 'password' | 'code' | null {
  if (code === 'CodeMismatchException' || code === 'ExpiredCodeException') return form === 'code' ? 'code' : null;
  if (code === 'NotAuthorizedException' || code === 'InvalidPasswordException')
    return form === 'password' ? 'password' : null;
  return null;
}

/**
 * A phone number as typed ('+1 (415) 555-2671') to the E.164 form the server takes ('+14155552671'), checked
 * with the contracts' phone rule (R9: libphonenumber-js; a parse failure gives the same message). Only the
 * international form is accepted: with users anywhere, a national number has no country to belong to.
 */
export function toE164(input: string): { ok: true; e164: string } | { ok: false; failure: RuleFailure } {
  const value = input.trim();
  const failure = phoneRule(value);
  if (failure) return { ok: false, failure };
  const parsed = parsePhoneNumberFromString(value);
  if (!parsed?.isValid()) return { ok: false, failure: ruleFailure('phone') };
  return { ok: true, e164: parsed.number };
}

/** '+14155552671' as '+1 415 555 2671' for reading; the stored text when the library cannot format it. */
export function formatPhone(e164: string | null): string {
  if (!e164) return '';
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}

/** The second factor sign-in asks for now (R2), as the server decides it: the authenticator wins when set up. */
export function currentFactor(
  user: Pick<UserInfo, 'preferredMfa' | 'totpEnabled' | 'phoneNumber' | 'phoneNumberVerified'>,
): MfaMethod {
  if (user.totpEnabled) return 'SOFTWARE_TOKEN_MFA';
  if (user.preferredMfa === 'SMS_OTP' && user.phoneNumber !== null && user.phoneNumberVerified) return 'SMS_OTP';
  return 'EMAIL_OTP';
}

/** A re-authentication token lasts a few minutes (its reply says how long); reused until 30 s before then. */
export interface Reauth {
  token: string;
  until: number;
}

export const REAUTH_MARGIN_MS = 30_000;

export function reauthFrom(reply: { reauthToken: string; expiresIn: number }, now: number): Reauth {
  return { token: reply.reauthToken, until: now + reply.expiresIn * 1000 - REAUTH_MARGIN_MS };
}

export function freshReauth(reauth: Reauth | null, now: number): string | null {
  return reauth && now < reauth.until ? reauth.token : null;
}

/** The server refused the change because the re-authentication expired: ask for the password again. */
export function isReauthExpired(error: { code?: string | undefined; message: string }): boolean {
  return error.code === 'NotAuthorizedException' && error.message === IDENTITY_MESSAGES.en.reauthRequired;
}

export type ChangePasswordField = 'previousPassword' | 'proposedPassword' | 'confirmPassword';

/**
 * Which field of "Change password" an identity error belongs on, by its code: the server names `password` for
 * both a wrong current password and a refused new one (document 2, section 8). null: the snackbar.
 */
export function changePasswordErrorField(code: string | undefined): ChangePasswordField | null {
  if (code === 'NotAuthorizedException') return 'previousPassword';
  if (code === 'InvalidPasswordException') return 'proposedPassword';
  if (code === 'InvalidConfirmPasswordException') return 'confirmPassword';
  return null;
}
