import { IdentityServiceInput, type VerificationDecision } from '@rampart/contracts';
import type { IdentityDocumentCapture, IdentityDocumentProvider, IdentityReviewConclusion } from './types';

/**
 * The sandbox rules (docs/sandbox.md, "Identity documents"): a capture without a complete person (the service's
 * input, document 1, section 3) is rejected; otherwise a marker as the KYC last name or as a plus-tag of the
 * email address (jane+idv-reject@example.com) asks for a decision. No marker: accepted.
 */
export const IDV_SANDBOX_MARKERS = {
  'idv-reject': { decision: 'rejected', reason: 'The document could not be verified against the selfie' },
  'idv-review': { decision: 'review', reason: 'The capture needs a manual review' },
  // A manual review like idv-review, which the reviewer then rejects (concludeReview).
  'idv-review-reject': { decision: 'review', reason: 'The capture needs a manual review' },
  'idv-resubmit': { decision: 'resubmit', reason: 'The images were unreadable: please capture the document again' },
} as const satisfies Record<string, { decision: VerificationDecision; reason: string }>;

export type IdvSandboxMarker = keyof typeof IDV_SANDBOX_MARKERS;

/**
 * What a real service does with a capture that does not say whose document it should be: it cannot match the
 * document to a person, so it rejects it. The sandbox checks the person it receives against the contract.
 */
export const IDV_PERSON_MISSING = {
  decision: 'rejected',
  reason: "The capture did not say whose document it is: the person's details are missing or incomplete",
} as const satisfies {
  decision: VerificationDecision;
  reason: string;
};

/** How the sandbox's manual review ends: rejected for idv-review-reject, otherwise accepted. */
export const IDV_REVIEW_CONCLUSIONS = {
  accepted: { decision: 'accepted', reason: 'A reviewer confirmed that the document and the selfie match' },
  rejected: { decision: 'rejected', reason: 'A reviewer could not verify the document against the selfie' },
} as const satisfies Record<string, IdentityReviewConclusion>;

export function idvMarkerOf(input: Pick<IdentityDocumentCapture, 'email' | 'lastName'>): IdvSandboxMarker | null {
  const markers = Object.keys(IDV_SANDBOX_MARKERS) as IdvSandboxMarker[];
  const last = (input.lastName ?? '').trim().toLowerCase();
  const tags = (input.email.split('@')[0] ?? '').toLowerCase().split('+').slice(1);
  return markers.find((m) => last === m || tags.includes(m)) ?? null;
}

export function createSandboxIdentityDocuments(): IdentityDocumentProvider {
  return {
    kind: 'sandbox',
    async decide(capture) {
      if (!IdentityServiceInput.safeParse(capture.person).success) return { ...IDV_PERSON_MISSING };
      const marker = idvMarkerOf(capture);
      if (!marker) return { decision: 'accepted', reason: 'The document and the selfie match' };
      return { ...IDV_SANDBOX_MARKERS[marker] };
    },
    async concludeReview(capture) {
      return {
        ...(idvMarkerOf(capture) === 'idv-review-reject'
          ? IDV_REVIEW_CONCLUSIONS.rejected
          : IDV_REVIEW_CONCLUSIONS.accepted),
      };
    },
  };
}
