import { z } from 'zod';

/** POST /api/user/authcheck: whether the bearer token names a live session. */
export const AuthcheckResponse = z.object({ valid: z.boolean() }).meta({ id: 'Authcheck' });
export type AuthcheckResponse = z.infer<typeof AuthcheckResponse>;

/** Account (custodian) status values of document 1, section 4. */
export const ACCOUNT_STATUSES = ['noInfo', 'incomplete', 'pending', 'opened', 'closed', 'voided'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** R1: KYC levels. closed and voided have none and never reach trade pages. */
export const KYC_LEVELS = { Incomplete: 0, Submitted: 1, Verified: 2 } as const;
export type KycLevel = (typeof KYC_LEVELS)[keyof typeof KYC_LEVELS];

export function kycLevelOf(status: AccountStatus): KycLevel | null {
  switch (status) {
    case 'noInfo':
    case 'incomplete':
      return KYC_LEVELS.Incomplete;
    case 'pending':
      return KYC_LEVELS.Submitted;
    case 'opened':
      return KYC_LEVELS.Verified;
    case 'closed':
    case 'voided':
      return null;
  }
}

/** POST /api/primetrust/account/get */
export const AccountGetResponse = z.object({ status: z.enum(ACCOUNT_STATUSES) }).meta({ id: 'AccountStatus' });
export type AccountGetResponse = z.infer<typeof AccountGetResponse>;
