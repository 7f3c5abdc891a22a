import { describe, expect, it } from 'vitest';
import { SendSmsRequest, SubmitDocumentRequest, ValidateSmsRequest } from './identity-verification';
import { VERIFICATION_MESSAGES } from './identity-verification-constants';

describe('identity verification schemas', () => {
  it('needs a back side for every document but the passport', () => {
    expect(SubmitDocumentRequest.safeParse({ documentType: 'passport', front: 'f', selfie: 's' }).success).toBe(true);
    const result = SubmitDocumentRequest.safeParse({ documentType: 'drivers_license', front: 'f', selfie: 's' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['back'], message: VERIFICATION_MESSAGES.en.backRequired });
  });

  it('refuses references that are not plain ids, and unknown keys', () => {
    expect(SubmitDocumentRequest.safeParse({ documentType: 'passport', front: 'a/b', selfie: 's' }).success).toBe(false);
    expect(SubmitDocumentRequest.safeParse({ documentType: 'passport', front: 'f', selfie: 's', x: 1 }).success).toBe(false);
  });

  it('takes E.164 phone numbers and URL-safe tokens only', () => {
    expect(SendSmsRequest.safeParse({ phone: '+12015550123' }).success).toBe(true);
    expect(SendSmsRequest.safeParse({ phone: '2015550123' }).success).toBe(false);
    expect(ValidateSmsRequest.safeParse({ token: 'A'.repeat(43) }).success).toBe(true);
    expect(ValidateSmsRequest.safeParse({ token: 'A'.repeat(42) + '=' }).success).toBe(false);
  });
});
