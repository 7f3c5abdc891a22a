/**
 * Auth steps of document 1, section 3, plus the password reset (forgot: send the emailed code; reset: the code
 * and the new password; docs/decisions/006-auth-steps.md); each is a `/v1/auth/:step` path.
 */
export const AUTH_STEPS = [
  'auth',
  'email',
  'password',
  'otpcode',
  'redirect',
  'otp',
  'totp',
  'signup',
  'forgot',
  'reset',
] as const;
export type AuthStep = (typeof AUTH_STEPS)[number];

export function isAuthStep(value: unknown): value is AuthStep {
  return typeof value === 'string' && (AUTH_STEPS as readonly string[]).includes(value);
}
