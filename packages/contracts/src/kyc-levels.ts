// Plain constants, no zod: the SPA's route guards import these in its first chunk.

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

/** The custodian's checks behind an application (docs/design-brief.md, section 4; docs/sandbox.md). */
export const KYC_CHECK_NAMES = ['identity', 'documents', 'address', 'sanctions'] as const;
export type KycCheckName = (typeof KYC_CHECK_NAMES)[number];

export const KYC_CHECK_STATUSES = ['pending', 'passed', 'failed'] as const;
export type KycCheckStatus = (typeof KYC_CHECK_STATUSES)[number];
