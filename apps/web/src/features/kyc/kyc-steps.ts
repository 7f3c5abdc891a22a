/**
 * R1: each client KYC step has a `/kyc/:step` path. The names are ours (document 1 does not show
 * them); they read well in an address bar and in analytics. The KYC step has two screens (basic details,
 * then the address), so `location` is a page of the KYC step (docs/decisions/010).
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

export const KYC_LOCATION_PATH = 'location';
export type KycStepPath = (typeof KYC_STEP_PATHS)[KycStep] | typeof KYC_LOCATION_PATH;

const PATHS: readonly string[] = [...Object.values(KYC_STEP_PATHS), KYC_LOCATION_PATH];

export function isKycStepPath(value: unknown): value is KycStepPath {
  return typeof value === 'string' && PATHS.includes(value);
}
