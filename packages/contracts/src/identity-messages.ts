import { RULE_MESSAGES } from './rules/messages';
import type { IdentityLocale } from './identity-constants';

// A module of its own: pages that only need the names and the password rule do not carry both catalogues.

// ---------------------------------------------------------------------------------------------------------------
// Messages (English word for word from document 2 where it gives them; the rest are ours, R3 and R18)

const en = {
  emailRequired: 'Email is required',
  emailEmpty: 'Email cannot be empty',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password should contain at least 8 characters',
  passwordTooLong: 'Password should contain at most 256 characters',
  // R3: new message, both locales.
  passwordTooCommon: 'This password is one of the most common passwords. Please choose a less common one.',
  // Ours too (docs/decisions/105-mail-on-second-factor-change.md).
  passwordBlank: 'Password cannot be only spaces',
  passwordsDoNotMatch: 'Your passwords do not match',
  confirmPasswordMismatch: 'Password and Confirm password do not match',
  usernameExists: 'An account with given email already exists',
  userNotConfirmed: 'User is not confirmed.',
  userNotFound: 'User does not exist.',
  notAuthorized: 'Incorrect username or password.',
  alreadyConfirmed: 'User cannot be confirmed. Current status is CONFIRMED',
  alreadyConfirmedResend: 'User is already confirmed.',
  codeMismatch: 'Invalid verification code provided, please try again.',
  expiredCode: 'Invalid code provided, please request a code again.',
  // An authenticator code already used in its 30 seconds (decision 056): not a failure, the next code will do.
  codeUsed: 'This code was just used. Please wait {{seconds}} seconds for the next code in your authenticator app.',
  tooManyFailures: 'Too many failed attempts. Please try again in {{minutes}} minutes.',
  tooManyCodes: 'Too many codes requested. Please try again in {{minutes}} minutes.',
  invalidSession: 'Invalid session for the user, session is expired.',
  refreshRevoked: 'Refresh Token has been revoked',
  invalidRefreshToken: 'Invalid Refresh Token',
  reauthRequired: 'Please confirm it is you before changing your second factor.',
  totpNotAssociated: 'Set up the authenticator app before verifying it.',
  totpNotVerified: 'Verify the authenticator app before choosing it.',
  phoneNotVerified: 'Confirm your phone number before using it for sign-in codes.',
  noPhoneCode: 'There is no phone number waiting for confirmation.',
  wrongChallenge: 'The answer does not match the challenge.',
  tokenInvalid: 'The identity token is invalid or expired.',
  // Document 2, section 8's auth errors the pool itself answers (decision 066): a challenge whose login session is
  // gone or expired, and a challenge refused for a reason other than its code.
  noLoginSession: 'no login session',
  challengeFailed: 'challenge failed',
  codeFormat: RULE_MESSAGES.en.totp,
} as const;

export type IdentityMessageKey = keyof typeof en;

const es: { readonly [K in IdentityMessageKey]: string } = {
  emailRequired: 'El correo electrónico es obligatorio',
  emailEmpty: 'El correo electrónico no puede estar vacío',
  passwordRequired: 'La contraseña es obligatoria',
  passwordTooShort: 'La contraseña debe tener al menos 8 caracteres',
  passwordTooLong: 'La contraseña debe tener como máximo 256 caracteres',
  passwordTooCommon: 'Esta contraseña es una de las más comunes. Elige una menos común.',
  passwordBlank: 'La contraseña no puede estar formada solo por espacios',
  passwordsDoNotMatch: 'Las contraseñas no coinciden',
  confirmPasswordMismatch: 'La contraseña y su confirmación no coinciden',
  usernameExists: 'Ya existe una cuenta con este correo electrónico',
  userNotConfirmed: 'El usuario no está confirmado.',
  userNotFound: 'El usuario no existe.',
  notAuthorized: 'Usuario o contraseña incorrectos.',
  alreadyConfirmed: 'El usuario no se puede confirmar. Su estado actual es CONFIRMADO',
  alreadyConfirmedResend: 'El usuario ya está confirmado.',
  codeMismatch: 'El código de verificación no es válido, inténtalo de nuevo.',
  expiredCode: 'El código no es válido, solicita un código nuevo.',
  codeUsed:
    'Este código se acaba de usar. Espera {{seconds}} segundos hasta el siguiente código de tu aplicación de autenticación.',
  tooManyFailures: 'Demasiados intentos fallidos. Inténtalo de nuevo dentro de {{minutes}} minutos.',
  tooManyCodes: 'Se han solicitado demasiados códigos. Inténtalo de nuevo dentro de {{minutes}} minutos.',
  invalidSession: 'La sesión del usuario no es válida o ha caducado.',
  refreshRevoked: 'El token de actualización ha sido revocado',
  invalidRefreshToken: 'Token de actualización no válido',
  reauthRequired: 'Confirma tu identidad antes de cambiar tu segundo factor.',
  totpNotAssociated: 'Configura la aplicación de autenticación antes de verificarla.',
  totpNotVerified: 'Verifica la aplicación de autenticación antes de elegirla.',
  phoneNotVerified: 'Confirma tu número de teléfono antes de usarlo para los códigos de acceso.',
  noPhoneCode: 'No hay ningún número de teléfono pendiente de confirmación.',
  wrongChallenge: 'La respuesta no corresponde al desafío.',
  tokenInvalid: 'El token de identidad no es válido o ha caducado.',
  noLoginSession: 'no hay ninguna sesión de acceso',
  challengeFailed: 'la verificación ha fallado',
  codeFormat: RULE_MESSAGES.es.totp,
};

export const IDENTITY_MESSAGES = { en, es } as const;

export function identityMessage(
  key: IdentityMessageKey,
  params: Readonly<Record<string, string | number>> = {},
  lang: IdentityLocale = 'en',
): string {
  return IDENTITY_MESSAGES[lang][key].replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : String(params[name]),
  );
}
