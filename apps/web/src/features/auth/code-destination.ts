import type { ChallengeName, CodeDeliveryDetails } from '@rampart/contracts';

/**
 * Where the code of a code step went, as a locale key and its parameters: the masked destination of the
 * reply (an SMS code says it came by text message), else the medium the challenge implies; null for the
 * authenticator app, which sends nothing.
 */
export function codeSentText(
  kind: 'otpcode' | 'otp' | 'totp' | 'email' | 'reset',
  delivery: CodeDeliveryDetails | null | undefined,
  challenge?: ChallengeName | null,
): { key: string; params?: { destination: string } } | null {
  if (kind === 'totp') return null;
  if (delivery?.deliveryMedium === 'SMS')
    return { key: 'auth.codeSentBySms', params: { destination: delivery.destination } };
  if (delivery) return { key: 'auth.codeSentTo', params: { destination: delivery.destination } };
  if (kind === 'otp' && challenge === 'SMS_OTP') return { key: 'auth.codeSentToPhone' };
  return { key: 'auth.codeSentToEmail' };
}
