import type { KycCheckName, KycCheckStatus, KycIndividual } from '@rampart/contracts';

/**
 * The custodian (docs/design-brief.md, section 4): the regulated company that holds the accounts. It knows a person as
 * a contact (our relatedId), opens an account for them once the agreement is signed, and its checks decide.
 */
export interface CustodianApplicant {
  contactId: string;
  email: string;
  individual: KycIndividual;
}

export type CustodianDecision = 'opened' | 'closed' | 'voided';

/**
 * The identity-document decision as the custodian's document check sees it (decision 010): accepted → passed,
 * rejected → failed, anything else (no capture yet, waiting, manual review, resubmit) → pending.
 */
export type IdentityDocumentsOutcome = 'passed' | 'failed' | 'pending';

export interface CustodianReview {
  checks: Record<KycCheckName, KycCheckStatus>;
  /** null: the checks have not finished; ask again later. */
  decision: CustodianDecision | null;
  reason: string;
}

export interface CustodianProvider {
  readonly kind: 'sandbox';
  createContact(input: { email: string; individual: KycIndividual }): Promise<{ contactId: string }>;
  openAccount(
    input: CustodianApplicant & { signature: string; agreementVersion: string },
  ): Promise<{ accountId: string }>;
  /** `documents`: the identity decision, which the custodian takes as its document check. */
  reviewAccount(
    input: CustodianApplicant & { accountId: string; documents: IdentityDocumentsOutcome },
  ): Promise<CustodianReview>;
}
