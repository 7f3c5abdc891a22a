import { describe, expect, it } from 'vitest';
import {
  KYC_DOCUMENT_MESSAGES,
  KycDocument,
  kycDocumentProblems,
  normaliseKycDocumentFields,
  parseCalendarDate,
  type KycDocumentFieldsInput,
} from './kyc-documents';
import { documentFieldOf, KYC_MESSAGES } from './kyc-constants';

const M = KYC_MESSAGES.en;
const today = { year: 2026, month: 6, day: 15 };
const png = { state: 'ok', mime: 'image/png' } as const;
const passport: KycDocumentFieldsInput = { documentType: 'passport', country: 'US', expiresOn: '2030-01-01' };

describe('kyc documents: the upload rules', () => {
  it('accepts a complete passport and keys every problem by the document field mapping', () => {
    expect(kycDocumentProblems(passport, { front: png }, today)).toEqual({});
    expect(kycDocumentProblems({ ...passport, country: 'KP' }, { front: png }, today)).toEqual({
      'document documentCountry': M.countryNotSupported,
    });
    const problems = kycDocumentProblems({ documentType: 'other' }, {}, today);
    expect(problems).toEqual({
      'document otherDocumentType': 'A value is required',
      'document documentCountry': 'A value is required',
      'document file': 'A value is required',
    });
    for (const key of Object.keys(problems)) expect(documentFieldOf(key), key).toBeDefined();
  });

  it('R20: both sides for cards and licences, expiry after today, proof of address within 90 days', () => {
    expect(kycDocumentProblems({ ...passport, documentType: 'drivers_license' }, { front: png }, today)).toEqual({
      'document backFile': M.backRequired,
    });
    expect(
      kycDocumentProblems({ ...passport, documentType: 'government_id' }, { front: png, back: png }, today),
    ).toEqual({});
    expect(kycDocumentProblems({ ...passport, expiresOn: '2026-06-15' }, { front: png }, today)).toEqual({
      'document documentExpiration': M.documentExpired,
    });
    expect(kycDocumentProblems({ ...passport, expiresOn: '2026-06-16' }, { front: png }, today)).toEqual({});
    const bill: KycDocumentFieldsInput = { documentType: 'proof_of_address', country: 'US' };
    expect(kycDocumentProblems(bill, { front: png }, today)).toEqual({ 'document issuedAt': 'A value is required' });
    expect(kycDocumentProblems({ ...bill, issuedOn: '2026-03-17' }, { front: png }, today)).toEqual({});
    expect(kycDocumentProblems({ ...bill, issuedOn: '2026-03-16' }, { front: png }, today)).toEqual({
      'document issuedAt': KYC_DOCUMENT_MESSAGES.en.issuedTooLongAgo,
    });
    // Asked for by the flag on any type.
    expect(kycDocumentProblems({ ...passport, proofOfAddress: 'true' }, { front: png }, today)).toEqual({
      'document issuedAt': 'A value is required',
    });
  });

  it('reports empty and unrecognised files, bad dates, flags and metadata', () => {
    expect(kycDocumentProblems(passport, { front: { state: 'empty' } }, today)).toEqual({
      'document file': M.fileEmpty,
    });
    expect(kycDocumentProblems(passport, { front: png, back: { state: 'unrecognised' } }, today)).toEqual({
      'document backFile': M.fileType,
    });
    expect(kycDocumentProblems({ ...passport, expiresOn: '2030-02-29' }, { front: png }, today)).toEqual({
      'document documentExpiration': M.invalidDate,
    });
    expect(kycDocumentProblems({ ...passport, identity: 'maybe', metadata: '[1]' }, { front: png }, today)).toEqual({
      identity: KYC_DOCUMENT_MESSAGES.en.flagInvalid,
      metadata: KYC_DOCUMENT_MESSAGES.en.metadataInvalid,
    });
    expect(parseCalendarDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseCalendarDate('2024-2-9')).toBeUndefined();
  });

  it('normalises a valid document: the subtype only for other, dates as YYYY-MM-DD', () => {
    expect(normaliseKycDocumentFields({ ...passport, documentSubtype: 'ignored', identity: '1' })).toMatchObject({
      documentType: 'passport',
      documentSubtype: null,
      expiresOn: '2030-01-01',
      identity: true,
      metadata: null,
    });
    expect(KycDocument.shape.documentType.options).toContain('residence_permit');
  });
});
