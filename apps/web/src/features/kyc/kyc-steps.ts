/**
 * R1: each client KYC step has a `/kyc/:step` path. The names are ours (document 1 does not show
 * them); they read well in an address bar and in analytics.
 */
export const KYC_STEP_PATHS = {
  START_KYC: 'start',
  SOCURE: 'identity',
  KYC: 'details',
  KYC_ACCEPT_TERMS: 'terms',
  PENDING: 'pending',
  VERIFIED: 'verified',
  CLOSED: 'closed',
  NO_INFO: 'no-info',
} as const;
export type KycStep = keyof typeof KYC_STEP_PATHS;
export type KycStepPath = (typeof KYC_STEP_PATHS)[KycStep];

const PATHS: readonly string[] = Object.values(KYC_STEP_PATHS);

export function isKycStepPath(value: unknown): value is KycStepPath {
  return typeof value === 'string' && PATHS.includes(value);
}
