import { describe, expect, it } from 'vitest';
import type { KycIndividual } from '@rampart/contracts';
import { createSandboxCustodian, custodianMarkerOf } from './sandbox';

const individual = (last: string): KycIndividual => ({
  name: { first: 'Test', last },
  address: { country: 'US', city: 'Springfield', region: 'IL', postalCode: '62701', street1: '1 Main St' },
  birth: { year: 1990, month: 1, day: 1 },
  tax: { identifier: '1', country: 'US' },
});

describe('custodian sandbox rules (docs/sandbox.md)', () => {
  it('reads a marker from the last name (any case) or an email plus-tag, else none', () => {
    expect(custodianMarkerOf({ email: 'a@example.com', individual: individual('Identity-Fail') })).toBe('identity-fail');
    expect(custodianMarkerOf({ email: 'a+x+address-fail@example.com', individual: individual('Smith') })).toBe('address-fail');
    expect(custodianMarkerOf({ email: 'address-fail@example.com', individual: individual('Smith') })).toBeNull();
    expect(custodianMarkerOf({ email: 'a+b@example.com', individual: individual('Smith') })).toBeNull();
  });

  it('decides by the marker', async () => {
    const custodian = createSandboxCustodian();
    const review = (last: string) => custodian.reviewAccount({ accountId: 'acct_1', contactId: 'ct_1', email: 'a@example.com', individual: individual(last) });
    expect(await review('Smith')).toMatchObject({ decision: 'opened', checks: { identity: 'passed', documents: 'passed', address: 'passed', sanctions: 'passed' } });
    expect(await review('documents-fail')).toMatchObject({ decision: 'closed', checks: { documents: 'failed', identity: 'passed' } });
    expect(await review('sanctions-hit')).toMatchObject({ decision: 'voided', checks: { sanctions: 'failed' } });
    expect(await review('kyc-pending')).toMatchObject({ decision: null, checks: { identity: 'pending', sanctions: 'pending' } });
    expect((await custodian.createContact({ email: 'a@example.com', individual: individual('Smith') })).contactId).toMatch(/^ct_[0-9a-f-]{36}$/);
  });
});
