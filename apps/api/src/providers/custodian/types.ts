import type { KycCheckName, KycCheckStatus, KycIndividual } from '@rampart/contracts';

/**
 * The custodian (ARCHITECTURE.md, section 4): the regulated company that holds the accounts. It knows a person as
 * a contact (our relatedId), opens an account for them once the agreement is signed, and its checks decide.
 */
export interface CustodianApplicant {
  contactId: string;
  email: string;
  individual: KycIndividual;
}

export type CustodianDecision = 'opened' | 'closed' | 'voided';

export interface CustodianReview {
  checks: Record<KycCheckName, KycCheckStatus>;
  /** null: the checks have not finished; ask again later. */
  decision: CustodianDecision | null;
  reason: string;
}

export interface CustodianProvider {
  readonly kind: 'sandbox';
  createContact(input: { email: string; individual: KycIndividual }): Promise<{ contactId: string }>;
  openAccount(input: CustodianApplicant & { signature: string; agreementVersion: string }): Promise<{ accountId: string }>;
  reviewAccount(input: CustodianApplicant & { accountId: string }): Promise<CustodianReview>;
}
