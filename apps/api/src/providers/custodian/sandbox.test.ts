import { describe, expect, it } from 'vitest';
import type { KycIndividual } from '@rampart/contracts';
import { CUSTODIAN_SANDBOX_MARKERS, createSandboxCustodian, custodianMarkerOf } from './sandbox';
import type { IdentityDocumentsOutcome } from './types';

const individual = (last: string): KycIndividual => ({
  name: { first: 'Test', last },
  address: { country: 'US', city: 'Springfield', region: 'IL', postalCode: '62701', street1: '1 Main St' },
  birth: { year: 1990, month: 1, day: 1 },
  tax: { identifier: '1', country: 'US' },
});

describe('custodian sandbox rules (docs/sandbox.md)', () => {
  it('reads a marker from the last name (any case) or an email plus-tag, else none', () => {
    expect(custodianMarkerOf({ email: 'a@example.com', individual: individual('Identity-Fail') })).toBe(
      'identity-fail',
    );
    expect(custodianMarkerOf({ email: 'a+x+address-fail@example.com', individual: individual('Smith') })).toBe(
      'address-fail',
    );
    expect(custodianMarkerOf({ email: 'address-fail@example.com', individual: individual('Smith') })).toBeNull();
    expect(custodianMarkerOf({ email: 'a+b@example.com', individual: individual('Smith') })).toBeNull();
  });

  it('decides by the marker, whatever the identity decision', async () => {
    const custodian = createSandboxCustodian();
    const review = (last: string, documents: IdentityDocumentsOutcome = 'passed') =>
      custodian.reviewAccount({
        accountId: 'acct_1',
        contactId: 'ct_1',
        email: 'a@example.com',
        individual: individual(last),
        documents,
      });
    expect(await review('Smith')).toMatchObject({
      decision: 'opened',
      checks: { identity: 'passed', documents: 'passed', address: 'passed', sanctions: 'passed' },
    });
    expect(await review('documents-fail')).toMatchObject({
      decision: 'closed',
      checks: { documents: 'failed', identity: 'passed' },
    });
    expect(await review('sanctions-hit')).toMatchObject({ decision: 'voided', checks: { sanctions: 'failed' } });
    expect(await review('kyc-pending')).toMatchObject({
      decision: null,
      checks: { identity: 'pending', sanctions: 'pending' },
    });
    expect(await review('kyc-pending', 'failed')).toMatchObject({ decision: null });
    expect(await review('sanctions-hit', 'pending')).toMatchObject({ decision: 'voided' });
    expect(await review('address-fail', 'pending')).toMatchObject({
      decision: 'closed',
      checks: { address: 'failed' },
    });
    expect(
      (await custodian.createContact({ email: 'a@example.com', individual: individual('Smith') })).contactId,
    ).toMatch(/^ct_[0-9a-f-]{36}$/);
  });

  it('without a marker, takes the identity decision as the document check', async () => {
    const custodian = createSandboxCustodian();
    const review = (documents: IdentityDocumentsOutcome) =>
      custodian.reviewAccount({
        accountId: 'acct_1',
        contactId: 'ct_1',
        email: 'a@example.com',
        individual: individual('Smith'),
        documents,
      });
    expect(await review('passed')).toEqual({
      decision: 'opened',
      reason: 'All checks passed',
      checks: { identity: 'passed', documents: 'passed', address: 'passed', sanctions: 'passed' },
    });
    expect(await review('failed')).toEqual({
      decision: 'closed',
      reason: CUSTODIAN_SANDBOX_MARKERS['documents-fail'].reason,
      checks: { identity: 'passed', documents: 'failed', address: 'passed', sanctions: 'passed' },
    });
    expect(await review('pending')).toMatchObject({
      decision: null,
      checks: { identity: 'passed', documents: 'pending', address: 'passed', sanctions: 'passed' },
    });
  });
});
