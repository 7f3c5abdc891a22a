import { z } from 'zod';
import { totp } from './rules/code-rules';
import { ruleSchema } from './rules/zod';

/**
 * The one-time codes and where they were sent: what an order's confirmation needs of the identity contracts, apart
 * from them so that the trade pages do not load the identity rules' phone-number and country lists.
 */

/** What an emailed or texted code is for; the outbox names each code's message after its purpose. */
export const CODE_PURPOSES = [
  'sign_up',
  'sign_in',
  'mfa',
  'forgot_password',
  'reauth',
  'verify_phone',
  'trade',
  'withdrawal',
] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

/** 6-digit codes: emailed, SMS and authenticator alike. */
export const OneTimeCode = ruleSchema(totp);

export const CodeDeliveryDetails = z
  .object({
    deliveryMedium: z.enum(['EMAIL', 'SMS']),
    /** Masked, e.g. 'j***@e***.com' or '+*******1234'. */
    destination: z.string(),
    attributeName: z.enum(['email', 'phone_number']),
  })
  .meta({ id: 'CodeDeliveryDetails' });
export type CodeDeliveryDetails = z.infer<typeof CodeDeliveryDetails>;
