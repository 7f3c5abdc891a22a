import { describe, expect, it } from 'vitest';
import { isKycStepOpen, kycStepFor } from './kyc-flow';

describe('the KYC flow (docs/decisions/010)', () => {
  it('starts a user without a record at the intro', () => {
    expect(kycStepFor('noInfo', undefined)).toBe('start');
    expect(isKycStepOpen('details', 'noInfo', undefined)).toBe(true);
    expect(isKycStepOpen('location', 'noInfo', undefined)).toBe(true);
    expect(isKycStepOpen('identity', 'noInfo', undefined)).toBe(false);
    expect(isKycStepOpen('terms', 'noInfo', undefined)).toBe(false);
  });

  it('asks for the capture once the details are saved, then for the signature', () => {
    for (const status of ['not_started', 'capturing', 'resubmit'] as const)
      expect(kycStepFor('incomplete', status)).toBe('identity');
    for (const status of ['submitted', 'accepted', 'review', 'rejected'] as const)
      expect(kycStepFor('incomplete', status)).toBe('terms');
    expect(isKycStepOpen('terms', 'incomplete', 'capturing')).toBe(false);
    expect(isKycStepOpen('identity', 'incomplete', 'accepted')).toBe(false);
    expect(isKycStepOpen('details', 'incomplete', 'accepted')).toBe(true);
  });

  it('waits while pending, unless the capture must be taken again', () => {
    expect(kycStepFor('pending', 'accepted')).toBe('pending');
    expect(kycStepFor('pending', 'review')).toBe('pending');
    expect(kycStepFor('pending', 'resubmit')).toBe('identity');
    expect(isKycStepOpen('details', 'pending', 'review')).toBe(false);
  });

  it('ends at verified or closed (a voided account too)', () => {
    expect(kycStepFor('opened', undefined)).toBe('verified');
    expect(kycStepFor('closed', undefined)).toBe('closed');
    expect(kycStepFor('voided', undefined)).toBe('closed');
    expect(isKycStepOpen('pending', 'opened', undefined)).toBe(false);
    expect(isKycStepOpen('start', 'opened', undefined)).toBe(false);
  });
});
