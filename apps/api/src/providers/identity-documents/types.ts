import type {
  IdentityServiceInput,
  KycDocumentMime,
  VerificationDecision,
  VerificationDocumentType,
} from '@rampart/contracts';

/** One stored file of an uploaded KYC document: where it is (storage key) and what its bytes were found to be. */
export interface CapturedFile {
  storageKey: string;
  mime: KycDocumentMime;
  size: number;
  sha256: string;
}

/**
 * The identity-document service (docs/design-brief.md, section 4): it checks a captured document (front, back)
 * against a selfie and decides accept, reject, review or resubmit. Called from the jobs verification.decide and
 * verification.conclude-review, never in a request. The capture names the user's own uploads (decision 010); a real
 * adapter reads the files from storage by their keys and sends them.
 */
export interface IdentityDocumentCapture {
  sessionId: string;
  email: string;
  /** The last name of the KYC record, when the user saved one. */
  lastName: string | null;
  /**
   * The person the document should show (document 1, section 3's identity-service input), built from the KYC
   * record; null when there is no record. A real adapter sends it with the images (decision 064).
   */
  person: IdentityServiceInput | null;
  documentType: VerificationDocumentType;
  document: { id: string; country: string; expiresOn: string | null; front: CapturedFile; back: CapturedFile | null };
  selfie: { id: string; file: CapturedFile };
}

export interface IdentityDocumentDecision {
  decision: VerificationDecision;
  reason: string;
}

/** A manual review ends in one of these: the reviewer either confirms the capture or does not. */
export interface IdentityReviewConclusion {
  decision: Extract<VerificationDecision, 'accepted' | 'rejected'>;
  reason: string;
}

export interface IdentityDocumentProvider {
  readonly kind: 'sandbox';
  decide(capture: IdentityDocumentCapture): Promise<IdentityDocumentDecision>;
  /** The outcome of a capture that `decide` sent to manual review (decision `review`). */
  concludeReview(capture: IdentityDocumentCapture): Promise<IdentityReviewConclusion>;
}
