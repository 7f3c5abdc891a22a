// The identity service's names and password policy as plain constants (no zod), so the SPA's
// sign-in pages can import them without loading the schema library; identity.ts holds the schemas.

// ---------------------------------------------------------------------------------------------------------------
// Names

export const IDENTITY_EXCEPTIONS = {
  usernameExists: 'UsernameExistsException',
  userNotConfirmed: 'UserNotConfirmedException',
  userNotFound: 'UserNotFoundException',
  notAuthorized: 'NotAuthorizedException',
  invalidPassword: 'InvalidPasswordException',
  invalidConfirmPassword: 'InvalidConfirmPasswordException',
  codeMismatch: 'CodeMismatchException',
  expiredCode: 'ExpiredCodeException',
  limitExceeded: 'LimitExceededException',
  tooManyRequests: 'TooManyRequestsException',
  invalidParameter: 'InvalidParameterException',
} as const;
export type IdentityException = (typeof IDENTITY_EXCEPTIONS)[keyof typeof IDENTITY_EXCEPTIONS];
export const IDENTITY_EXCEPTION_NAMES = Object.values(IDENTITY_EXCEPTIONS) as [
  IdentityException,
  ...IdentityException[],
];

/** Document 2, section 8: the form field each exception lands on; the rest are general errors. */
export const IDENTITY_ERROR_FIELDS: Partial<
  Record<IdentityException, 'username' | 'confirmPassword' | 'password' | 'code'>
> = {
  UsernameExistsException: 'username',
  InvalidConfirmPasswordException: 'confirmPassword',
  InvalidPasswordException: 'password',
  NotAuthorizedException: 'password',
  ExpiredCodeException: 'code',
  CodeMismatchException: 'code',
};

export const CHALLENGE_NAMES = ['SOFTWARE_TOKEN_MFA', 'EMAIL_OTP', 'SMS_OTP', 'CUSTOM_CHALLENGE'] as const;
export type ChallengeName = (typeof CHALLENGE_NAMES)[number];

/** Document 1, section 3: login method (2FA) types. NONE exists only when "2FA required" is false (R2). */
export const LOGIN_METHOD_TYPES = ['SOFTWARE_TOKEN_MFA', 'EMAIL_OTP', 'SMS_OTP', 'NONE'] as const;
export type LoginMethodType = (typeof LOGIN_METHOD_TYPES)[number];

/** The second factors a user can prefer (R2); the emailed code is everyone's default. */
export const MFA_METHODS = ['SOFTWARE_TOKEN_MFA', 'EMAIL_OTP', 'SMS_OTP'] as const;
export type MfaMethod = (typeof MFA_METHODS)[number];

/** Document 1, section 4: the challenge name maps to a 2FA type; the custom challenge to none. */
export function loginMethodOf(challenge: ChallengeName | undefined): LoginMethodType {
  return challenge === 'SOFTWARE_TOKEN_MFA' || challenge === 'EMAIL_OTP' || challenge === 'SMS_OTP'
    ? challenge
    : 'NONE';
}

export const IDENTITY_LOCALES = ['en', 'es'] as const;
export type IdentityLocale = (typeof IDENTITY_LOCALES)[number];

// ---------------------------------------------------------------------------------------------------------------
// Password policy (R3). Length and blanks are checked here so the SPA can say them before sending; the
// common-password list is big and lives on the server only.

export const PASSWORD_MIN_LENGTH = 8;
/** Long passphrases are welcome; the cap only keeps hashing cost bounded. */
export const PASSWORD_MAX_LENGTH = 256;

export function passwordLengthProblem(password: string): 'passwordTooShort' | 'passwordTooLong' | undefined {
  // Counted in code points so an emoji passphrase is not penalised for UTF-16 surrogates.
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return 'passwordTooShort';
  if (length > PASSWORD_MAX_LENGTH) return 'passwordTooLong';
  return undefined;
}

/**
 * Whitespace only: spaces, tabs, line breaks, any Unicode space, and the invisible zero-width ones. Such a password
 * looks like none at all and is the first a guesser tries (docs/decisions/105-mail-on-second-factor-change.md).
 */
const BLANK_PASSWORD = /^[\p{White_Space}\u180e\u200b-\u200d\u2060\ufeff]+$/u;

export function isBlankPassword(password: string): boolean {
  return BLANK_PASSWORD.test(password);
}

/**
 * The rules of a new password that the SPA and the API both check (sign-up, change, reset): not blank, 8 to 256
 * characters. Nothing is trimmed: spaces among other characters are part of the password as typed.
 */
export function newPasswordProblem(
  password: string,
): 'passwordBlank' | 'passwordTooShort' | 'passwordTooLong' | undefined {
  return isBlankPassword(password) ? 'passwordBlank' : passwordLengthProblem(password);
}
