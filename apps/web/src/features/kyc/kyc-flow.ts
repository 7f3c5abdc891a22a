import type { AccountStatus, VerificationStatus } from '@rampart/contracts';
import { KYC_LOCATION_PATH, KYC_STEP_PATHS, type KycStepPath } from './kyc-steps';

/**
 * Where a user is in the KYC flow (docs/decisions/010): the account status says how far the custodian's
 * application got, the identity session whether the document and selfie were captured. `verification` is
 * undefined while it is not known (it is only read for incomplete and pending accounts).
 */
const CAPTURE_NEEDED: readonly VerificationStatus[] = ['not_started', 'capturing', 'resubmit'];

export function kycStepFor(status: AccountStatus, verification: VerificationStatus | undefined): KycStepPath {
  switch (status) {
    case 'noInfo':
      return KYC_STEP_PATHS.START_KYC;
    case 'incomplete':
      return verification === undefined || CAPTURE_NEEDED.includes(verification)
        ? KYC_STEP_PATHS.SOCURE
        : KYC_STEP_PATHS.KYC_ACCEPT_TERMS;
    case 'pending':
      // A capture the identity service could not read is asked for again, even after the signature.
      return verification === 'resubmit' ? KYC_STEP_PATHS.SOCURE : KYC_STEP_PATHS.PENDING;
    case 'opened':
      return KYC_STEP_PATHS.VERIFIED;
    case 'closed':
    case 'voided':
      return KYC_STEP_PATHS.CLOSED;
  }
}

/** Whether a step's page may be shown now; any other step sends the user to `kycStepFor`. */
export function isKycStepOpen(
  step: KycStepPath,
  status: AccountStatus,
  verification: VerificationStatus | undefined,
): boolean {
  const current = kycStepFor(status, verification);
  if (step === current) return true;
  const editable = status === 'noInfo' || status === 'incomplete';
  switch (step) {
    // The intro and the details can be read and changed until the agreement is signed (the record then freezes).
    case KYC_STEP_PATHS.START_KYC:
    case KYC_STEP_PATHS.KYC:
    case KYC_LOCATION_PATH:
      return editable;
    default:
      return false;
  }
}

/** The numbered steps a user sees in the progress line of the flow's screens. */
export const KYC_PROGRESS_STEPS = [
  KYC_STEP_PATHS.KYC,
  KYC_LOCATION_PATH,
  KYC_STEP_PATHS.SOCURE,
  KYC_STEP_PATHS.KYC_ACCEPT_TERMS,
] as const;
