import { randomUUID } from 'node:crypto';
import { KYC_CHECK_NAMES, type KycCheckName, type KycCheckStatus } from '@rampart/contracts';
import type {
  CustodianApplicant,
  CustodianDecision,
  CustodianProvider,
  CustodianReview,
  IdentityDocumentsOutcome,
} from './types';

/**
 * The sandbox rules (docs/sandbox.md): testers ask for an outcome with a marker, either as the last name or as a
 * plus-tag of the email address (jane+sanctions-hit@example.com). No marker: the identity decision decides the
 * document check (decision 010) and every other check passes.
 */
export const CUSTODIAN_SANDBOX_MARKERS = {
  'identity-fail': {
    failed: 'identity',
    decision: 'closed',
    reason: 'Identity check failed: the details do not match a real person',
  },
  'documents-fail': {
    failed: 'documents',
    decision: 'closed',
    reason: 'Document check failed: the document could not be verified',
  },
  'address-fail': {
    failed: 'address',
    decision: 'closed',
    reason: 'Address check failed: the address could not be verified',
  },
  'sanctions-hit': { failed: 'sanctions', decision: 'voided', reason: 'Sanctions screening returned a match' },
  'kyc-pending': { failed: null, decision: null, reason: 'Checks are still running' },
} as const satisfies Record<
  string,
  { failed: KycCheckName | null; decision: CustodianDecision | null; reason: string }
>;

export type CustodianSandboxMarker = keyof typeof CUSTODIAN_SANDBOX_MARKERS;

export function custodianMarkerOf(
  applicant: Pick<CustodianApplicant, 'email' | 'individual'>,
): CustodianSandboxMarker | null {
  const markers = Object.keys(CUSTODIAN_SANDBOX_MARKERS) as CustodianSandboxMarker[];
  const last = applicant.individual.name.last.toLowerCase();
  const tags = (applicant.email.split('@')[0] ?? '').toLowerCase().split('+').slice(1);
  return markers.find((m) => last === m || tags.includes(m)) ?? null;
}

function allChecks(status: KycCheckStatus): Record<KycCheckName, KycCheckStatus> {
  return Object.fromEntries(KYC_CHECK_NAMES.map((n) => [n, status])) as Record<KycCheckName, KycCheckStatus>;
}

/** Without a marker the other checks pass, so the document check (the identity decision) decides alone. */
function byIdentityDecision(documents: IdentityDocumentsOutcome): CustodianReview {
  if (documents === 'passed') return { checks: allChecks('passed'), decision: 'opened', reason: 'All checks passed' };
  if (documents === 'pending')
    return {
      checks: { ...allChecks('passed'), documents: 'pending' },
      decision: null,
      reason: 'Waiting for the identity document check',
    };
  const rule = CUSTODIAN_SANDBOX_MARKERS['documents-fail'];
  return { checks: { ...allChecks('passed'), documents: 'failed' }, decision: rule.decision, reason: rule.reason };
}

export function createSandboxCustodian(): CustodianProvider {
  return {
    kind: 'sandbox',
    async createContact() {
      return { contactId: `ct_${randomUUID()}` };
    },
    async openAccount() {
      return { accountId: `acct_${randomUUID()}` };
    },
    async reviewAccount(input): Promise<CustodianReview> {
      const marker = custodianMarkerOf(input);
      if (!marker) return byIdentityDecision(input.documents);
      const rule = CUSTODIAN_SANDBOX_MARKERS[marker];
      if (rule.failed === null) return { checks: allChecks('pending'), decision: null, reason: rule.reason };
      return {
        checks: { ...allChecks('passed'), [rule.failed]: 'failed' },
        decision: rule.decision,
        reason: rule.reason,
      };
    },
  };
}
