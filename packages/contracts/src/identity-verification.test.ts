import { describe, expect, it } from 'vitest';
import {
  IdentityServiceInput,
  SendSmsRequest,
  SubmitDocumentRequest,
  ValidateSmsRequest,
  identityServiceInputOf,
} from './identity-verification';
import { VERIFICATION_MESSAGES, wrongDocumentTypeMessage } from './identity-verification-constants';

describe('identity verification schemas', () => {
  const documentId = '6f1c2a4e-8b3d-4c5e-9f6a-0b1c2d3e4f5a';
  const selfieId = '7a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

  it('names the uploaded document and selfie by id', () => {
    expect(SubmitDocumentRequest.safeParse({ documentType: 'passport', documentId, selfieId }).success).toBe(true);
    expect(
      SubmitDocumentRequest.safeParse({ documentType: 'drivers_license', documentId, selfieId, deviceId: 'web:abc-1' })
        .success,
    ).toBe(true);
  });

  it('refuses ids that are not uuids, unknown types and unknown keys', () => {
    expect(
      SubmitDocumentRequest.safeParse({ documentType: 'passport', documentId: '../etc/passwd', selfieId }).success,
    ).toBe(false);
    expect(SubmitDocumentRequest.safeParse({ documentType: 'library_card', documentId, selfieId }).success).toBe(false);
    expect(SubmitDocumentRequest.safeParse({ documentType: 'passport', documentId, selfieId, x: 1 }).success).toBe(
      false,
    );
    expect(SubmitDocumentRequest.safeParse({ documentType: 'passport', documentId }).success).toBe(false);
  });

  it('takes E.164 phone numbers and URL-safe tokens only', () => {
    expect(SendSmsRequest.safeParse({ phone: '+12015550123' }).success).toBe(true);
    expect(SendSmsRequest.safeParse({ phone: '2015550123' }).success).toBe(false);
    expect(ValidateSmsRequest.safeParse({ token: 'A'.repeat(43) }).success).toBe(true);
    expect(ValidateSmsRequest.safeParse({ token: 'A'.repeat(42) + '=' }).success).toBe(false);
  });

  it('has every capture message in both languages, with the document named in each', () => {
    expect(Object.keys(VERIFICATION_MESSAGES.es).sort()).toEqual(Object.keys(VERIFICATION_MESSAGES.en).sort());
    for (const value of Object.values(VERIFICATION_MESSAGES.es)) expect(value.trim()).not.toBe('');
    expect(wrongDocumentTypeMessage('passport')).toBe('This document is not a passport.');
    expect(wrongDocumentTypeMessage('drivers_license')).toBe("This document is not a driver's license.");
    expect(wrongDocumentTypeMessage('government_id', 'es')).toBe(
      'Este documento no es un documento de identidad oficial.',
    );
  });
});

describe('identity-document service input (document 1, section 3)', () => {
  const record = {
    name: { first: 'Ada', last: 'Lovelace' },
    address: {
      street1: '1 Main St',
      street2: 'Apt 4',
      city: 'Springfield',
      region: 'IL',
      postalCode: '62701',
      country: 'US',
    },
    telephone: { country: 'US', countryCode: '1', number: '(201) 555-0123' },
    birth: { year: 1990, month: 3, day: 4 },
    tax: { identifier: '123-45-6789' },
  };

  it('is built from the KYC record, the birth date as YYYY-MM-DD and the phone in E.164', () => {
    const input = identityServiceInputOf(record);
    expect(input).toEqual({
      firstName: 'Ada',
      surName: 'Lovelace',
      physicalAddress: '1 Main St, Apt 4',
      state: 'IL',
      zip: '62701',
      city: 'Springfield',
      mobileNumber: '+12015550123',
      dob: '1990-03-04',
      nationalId: '123-45-6789',
      country: 'US',
    });
    expect(IdentityServiceInput.safeParse(input).success).toBe(true);
  });

  it('has no state outside the region-list countries and no mobile number without a telephone', () => {
    const { telephone: _none, ...withoutPhone } = record;
    const input = identityServiceInputOf({
      ...withoutPhone,
      address: { street1: 'Calle Mayor 1', city: 'Madrid', postalCode: '28013', country: 'ES' },
    });
    expect(input).toMatchObject({ physicalAddress: 'Calle Mayor 1', state: null, mobileNumber: null, country: 'ES' });
    expect(IdentityServiceInput.safeParse(input).success).toBe(true);
  });

  it('refuses an input without the person (what the sandbox service checks)', () => {
    expect(IdentityServiceInput.safeParse({ ...identityServiceInputOf(record), dob: '1990-3-4' }).success).toBe(false);
    expect(IdentityServiceInput.safeParse({ ...identityServiceInputOf(record), surName: ' ' }).success).toBe(false);
  });
});
