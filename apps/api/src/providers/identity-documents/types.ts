import type { VerificationDecision, VerificationDocumentType } from '@rampart/contracts';

/**
 * The identity-document service (ARCHITECTURE.md, section 4): it checks a captured document (front, back) against a
 * selfie and decides accept, reject, review or resubmit. Called from the job verification.decide, never in a request.
 */
export interface IdentityDocumentCapture {
  sessionId: string;
  email: string;
  /** The last name of the KYC record, when the user saved one. */
  lastName: string | null;
  documentType: VerificationDocumentType;
  front: string;
  back: string | null;
  selfie: string;
}

export interface IdentityDocumentDecision {
  decision: VerificationDecision;
  reason: string;
}

export interface IdentityDocumentProvider {
  readonly kind: 'sandbox';
  decide(capture: IdentityDocumentCapture): Promise<IdentityDocumentDecision>;
}
