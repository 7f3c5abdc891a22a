/** Auth steps of document 1, section 3; each is a `/v1/auth/:step` path. */
export const AUTH_STEPS = ['auth', 'email', 'password', 'otpcode', 'redirect', 'otp', 'totp', 'signup'] as const;
export type AuthStep = (typeof AUTH_STEPS)[number];

export function isAuthStep(value: unknown): value is AuthStep {
  return typeof value === 'string' && (AUTH_STEPS as readonly string[]).includes(value);
}
