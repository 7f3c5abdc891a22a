import { describe, expect, it } from 'vitest';
import type { IdentityDocumentCapture } from './types';
import { IDV_PERSON_MISSING, createSandboxIdentityDocuments, idvMarkerOf } from './sandbox';

const file = {
  storageKey: 'ab/00000000-0000-4000-8000-000000000000.png',
  mime: 'image/png',
  size: 70,
  sha256: 'a'.repeat(64),
} as const;

const PERSON = {
  firstName: 'Ada',
  surName: 'Lovelace',
  physicalAddress: '1 Main St',
  state: 'IL',
  zip: '62701',
  city: 'Springfield',
  mobileNumber: '+12015550123',
  dob: '1990-03-04',
  nationalId: '123-45-6789',
  country: 'US',
};

function capture(email: string, lastName: string | null = 'Lovelace'): IdentityDocumentCapture {
  return {
    sessionId: 's1',
    email,
    lastName,
    person: PERSON,
    documentType: 'passport',
    document: { id: 'd1', country: 'US', expiresOn: '2099-01-01', front: file, back: null },
    selfie: { id: 's1', file },
  };
}

describe('identity-document sandbox rules (docs/sandbox.md)', () => {
  const idv = createSandboxIdentityDocuments();

  it('reads a marker from the last name (any case) or an email plus-tag, the longest marker as itself', () => {
    expect(idvMarkerOf(capture('a@example.com', 'Idv-Review-Reject'))).toBe('idv-review-reject');
    expect(idvMarkerOf(capture('a+idv-review-reject@example.com'))).toBe('idv-review-reject');
    expect(idvMarkerOf(capture('a+idv-review@example.com'))).toBe('idv-review');
    expect(idvMarkerOf(capture('idv-reject@example.com'))).toBeNull();
    expect(idvMarkerOf(capture('a@example.com', null))).toBeNull();
  });

  it('decides by the marker; no marker accepts', async () => {
    expect(await idv.decide(capture('a@example.com'))).toMatchObject({ decision: 'accepted' });
    expect(await idv.decide(capture('a+idv-reject@example.com'))).toMatchObject({ decision: 'rejected' });
    expect(await idv.decide(capture('a+idv-review@example.com'))).toMatchObject({ decision: 'review' });
    expect(await idv.decide(capture('a+idv-resubmit@example.com'))).toMatchObject({ decision: 'resubmit' });
    // idv-review-reject goes to review first; the review then rejects it.
    expect(await idv.decide(capture('a+idv-review-reject@example.com'))).toEqual({
      decision: 'review',
      reason: 'The capture needs a manual review',
    });
  });

  it('checks the person it receives: a capture without a complete identity-service input is rejected', async () => {
    expect(await idv.decide({ ...capture('a@example.com'), person: null })).toEqual(IDV_PERSON_MISSING);
    expect(await idv.decide({ ...capture('a@example.com'), person: { ...PERSON, dob: '04/03/1990' } })).toEqual(
      IDV_PERSON_MISSING,
    );
    expect(await idv.decide({ ...capture('a@example.com'), person: { ...PERSON, nationalId: '' } })).toEqual(
      IDV_PERSON_MISSING,
    );
    expect(
      await idv.decide({ ...capture('a@example.com'), person: { ...PERSON, state: null, mobileNumber: null } }),
    ).toMatchObject({ decision: 'accepted' });
  });

  it('concludes a manual review: accepted, unless idv-review-reject', async () => {
    expect(await idv.concludeReview(capture('a+idv-review@example.com'))).toEqual({
      decision: 'accepted',
      reason: 'A reviewer confirmed that the document and the selfie match',
    });
    expect(await idv.concludeReview(capture('a@example.com', 'IDV-REVIEW-REJECT'))).toEqual({
      decision: 'rejected',
      reason: 'A reviewer could not verify the document against the selfie',
    });
  });
});
