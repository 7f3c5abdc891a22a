import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DevOutboxResponse,
  SendSmsReply,
  ValidateSmsReply,
  VERIFICATION_MESSAGES,
  VerificationSession,
  wrongDocumentTypeMessage,
} from '@rampart/contracts';
import { createKycKit, validIndividual, type KycKit } from '../../../test/kits/kyc-test-kit';
import { manualClock } from '../../lib/clock';
import { isoDay, tinyPdf, TINY_JPEG } from '../../../test/upload-fixtures';

const M = VERIFICATION_MESSAGES.en;
const STATUS = '/api/socure/status';
const SUBMIT = '/api/socure/submit_document';
const SEND_SMS = '/api/socure/send_sms';
const VALIDATE_SMS = '/api/socure/validate_sms';
const UPLOAD = '/api/fileupload-user-kyc-document-upload';

/** The capture names the caller's own uploads (decision 010), and the phone acts with a capture token. */
describe('verification: the capture names uploaded documents; the capture token', () => {
  let k: KycKit;
  const clock = manualClock();

  beforeAll(async () => {
    k = await createKycKit({ worker: true, clock, env: { IDV_REVIEW_DELAY_SECONDS: '3600' } });
  });
  afterAll(async () => {
    await k?.close();
  });

  async function userWithDetails(email: string): Promise<string> {
    const token = await k.signedInUser(email);
    expect((await k.call('/api/contact/set/individualinfo', { token, body: validIndividual() })).status).toBe(200);
    return token;
  }

  async function sessionRows(): Promise<string> {
    const { rows } = await k.t.db.query('SELECT * FROM identity_verifications ORDER BY id');
    const kyc = await k.t.db.query(
      'SELECT user_id, socure_document_id, socure_device_id FROM kyc_individuals ORDER BY user_id',
    );
    return JSON.stringify([rows, kyc.rows]);
  }

  /** Refused with new_validation_error carrying exactly these field messages, and nothing in the database changed. */
  async function expectRefused(token: string, body: object, fields: Record<string, string>) {
    const before = await sessionRows();
    const refused = k.expectError(await k.call(SUBMIT, { token, body }), 400, 'validation_failed');
    expect(refused.type).toBe('new_validation_error');
    expect(refused.errors?.fields).toEqual(fields);
    expect(await sessionRows()).toBe(before);
  }

  /** A continue-on-phone link opened on "the phone": the validate_sms reply with its capture token. */
  async function openLinkOnPhone(token: string, phone: string) {
    const sent = SendSmsReply.parse((await k.call(SEND_SMS, { token, body: { phone } })).body);
    const outbox = DevOutboxResponse.parse(
      (await k.call(`/api/dev/outbox?to=${encodeURIComponent(phone)}`, { method: 'GET' })).body,
    );
    expect(outbox.messages[0]?.text).toContain(sent.link);
    const linkToken = new URL(sent.link).searchParams.get('token') ?? '';
    const res = await k.call(VALIDATE_SMS, { body: { token: linkToken } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return ValidateSmsReply.parse(res.body);
  }

  it('records a capture of owned documents, and the decision follows', async () => {
    const token = await userWithDetails('capture-owned@example.com');
    const document = await k.uploadDocument(token, { documentType: 'drivers_license' });
    const selfie = await k.uploadDocument(token, {
      documentType: 'other',
      selfie: true,
      file: { bytes: TINY_JPEG, name: 'me.jpg' },
    });
    const res = await k.call(SUBMIT, {
      token,
      body: { documentType: 'drivers_license', documentId: document.id, selfieId: selfie.id, deviceId: 'web:abc-1' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(VerificationSession.parse(res.body)).toMatchObject({ status: 'submitted', documentType: 'drivers_license' });
    const { rows } = await k.t.db.query<{ document_id: string; selfie_id: string; device_id: string }>(
      'SELECT v.document_id, v.selfie_id, v.device_id FROM identity_verifications v JOIN users u ON u.id = v.user_id WHERE u.email = $1',
      ['capture-owned@example.com'],
    );
    expect(rows[0]).toEqual({ document_id: document.id, selfie_id: selfie.id, device_id: 'web:abc-1' });
    expect(await k.waitForIdentity(token)).toMatchObject({ status: 'accepted' });
  });

  it("refuses another user's document or selfie with 400, as if it did not exist, and changes nothing", async () => {
    const owner = await userWithDetails('capture-victim@example.com');
    const ownerDocument = await k.uploadDocument(owner, { documentType: 'passport' });
    const ownerSelfie = await k.uploadDocument(owner, { documentType: 'other', selfie: true });
    const thief = await userWithDetails('capture-thief@example.com');
    const ownDocument = await k.uploadDocument(thief, { documentType: 'passport' });
    const ownSelfie = await k.uploadDocument(thief, { documentType: 'other', selfie: true });

    await expectRefused(
      thief,
      { documentType: 'passport', documentId: ownerDocument.id, selfieId: ownSelfie.id },
      { documentId: M.documentNotFound },
    );
    await expectRefused(
      thief,
      { documentType: 'passport', documentId: ownDocument.id, selfieId: ownerSelfie.id },
      { selfieId: M.selfieMissing },
    );
    expect(await k.identityStatus(thief)).toMatchObject({ status: 'not_started', sessionId: null });
    expect(await k.identityStatus(owner)).toMatchObject({ status: 'not_started', sessionId: null });
  });

  it('refuses a document of another type, without its back side, or expired', async () => {
    const token = await userWithDetails('capture-kinds@example.com');
    const selfie = await k.uploadDocument(token, { documentType: 'other', selfie: true });
    const passport = await k.uploadDocument(token, { documentType: 'passport' });
    await expectRefused(
      token,
      { documentType: 'drivers_license', documentId: passport.id, selfieId: selfie.id },
      { documentId: wrongDocumentTypeMessage('drivers_license') },
    );
    expect(wrongDocumentTypeMessage('drivers_license')).toBe("This document is not a driver's license.");

    // The upload takes a residence permit without its back; the capture needs both sides of it.
    const permit = await k.uploadDocument(token, { documentType: 'residence_permit', back: null });
    await expectRefused(
      token,
      { documentType: 'residence_permit', documentId: permit.id, selfieId: selfie.id },
      { documentId: M.backRequired },
    );

    // Valid when uploaded, expired since: the app clock's date decides, a document expiring today is expired.
    const ageing = await k.uploadDocument(token, { documentType: 'passport' });
    await k.t.db.query('UPDATE kyc_documents SET expires_on = $2 WHERE id = $1', [ageing.id, isoDay(0, clock.now())]);
    await expectRefused(
      token,
      { documentType: 'passport', documentId: ageing.id, selfieId: selfie.id },
      { documentId: M.documentExpired },
    );
    expect((await k.identityStatus(token)).status).toBe('not_started');
  });

  it('refuses a selfie that is a PDF, not marked as a selfie, or the document itself', async () => {
    const token = await userWithDetails('capture-selfie@example.com');
    const passport = await k.uploadDocument(token, { documentType: 'passport' });
    const pdfSelfie = await k.uploadDocument(token, {
      documentType: 'other',
      selfie: true,
      file: { bytes: tinyPdf(), name: 'me.pdf' },
    });
    expect(pdfSelfie.file.mime).toBe('application/pdf');
    await expectRefused(
      token,
      { documentType: 'passport', documentId: passport.id, selfieId: pdfSelfie.id },
      { selfieId: M.selfieNotImage },
    );
    const other = await k.uploadDocument(token, { documentType: 'passport' });
    await expectRefused(
      token,
      { documentType: 'passport', documentId: passport.id, selfieId: other.id },
      { selfieId: M.selfieMissing },
    );
    await expectRefused(
      token,
      { documentType: 'passport', documentId: passport.id, selfieId: passport.id },
      { selfieId: M.selfieMissing },
    );
  });

  it('gives the phone a capture token that works on the three capture calls only', async () => {
    const login = await userWithDetails('capture-phone@example.com');
    const phone = await openLinkOnPhone(login, '+12015550144');
    expect(phone.country).toBe('US');
    const capture = phone.captureToken;

    // Every other route refuses it, as an unknown token.
    for (const url of [
      '/api/primetrust/account/get',
      '/api/contact/get/individualinfo',
      '/api/fileupload-user-kyc-document-list',
      '/api/agreement-submit-individual',
    ]) {
      k.expectError(await k.call(url, { token: capture, body: {} }), 401, 'unauthenticated');
    }
    k.expectError(await k.call(SEND_SMS, { token: capture, body: { phone: '+12015550145' } }), 401, 'unauthenticated');
    k.expectError(await k.call('/api/identity/user', { token: capture, method: 'GET' }), 401, 'unauthenticated');

    // The capture calls take it: status, the uploads and the submission.
    expect(VerificationSession.parse((await k.call(STATUS, { token: capture, body: {} })).body)).toMatchObject({
      sessionId: phone.sessionId,
      status: 'capturing',
    });
    const document = await k.uploadDocument(capture, { documentType: 'passport' });
    const selfie = await k.uploadDocument(capture, { documentType: 'other', selfie: true });
    const submitted = await k.call(SUBMIT, {
      token: capture,
      body: { documentType: 'passport', documentId: document.id, selfieId: selfie.id },
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    // The uploads are the user's own: the signed-in device lists them.
    const listed = (await k.call('/api/fileupload-user-kyc-document-list', { token: login, body: {} })).body as {
      documents: Array<{ id: string }>;
    };
    expect(listed.documents.map((d) => d.id)).toEqual(expect.arrayContaining([document.id, selfie.id]));

    // Once submitted, the token reads the status but captures nothing more.
    k.expectError(
      await k.call(SUBMIT, {
        token: capture,
        body: { documentType: 'passport', documentId: document.id, selfieId: selfie.id },
      }),
      409,
      'verification_already_submitted',
    );
    expect((await k.call(STATUS, { token: capture, body: {} })).status).toBe(200);
  });

  it('refuses a capture token for uploads once the capture is submitted', async () => {
    const login = await userWithDetails('capture-closed@example.com');
    const { captureToken } = await openLinkOnPhone(login, '+12015550155');
    await k.captureIdentity(login);
    const res = await k.upload(captureToken, {
      file0: { bytes: TINY_JPEG, name: 'late.jpg' },
      file0_document_type: 'other',
      file0_document_subtype: 'selfie',
      file0_identity_photo: 'true',
      file0_country: 'US',
    });
    k.expectError(res, 409, 'verification_already_submitted');
    // The signed-in device may still upload: documents are not only for the capture.
    expect((await k.uploadDocument(login, { documentType: 'other', selfie: true })).id).toEqual(expect.any(String));
  });

  it('keeps the login token working on the capture calls', async () => {
    const login = await userWithDetails('capture-login@example.com');
    expect((await k.call(STATUS, { token: login, body: {} })).status).toBe(200);
    expect((await k.uploadDocument(login, { documentType: 'passport' })).documentType).toBe('passport');
    expect((await k.captureIdentity(login)).status).toBe('submitted');
  });

  it('ends the capture token when the link would have: 15 minutes after it was opened', async () => {
    const login = await userWithDetails('capture-expiry@example.com');
    const phone = await openLinkOnPhone(login, '+12015550166');
    expect(new Date(phone.captureTokenExpiresAt).getTime()).toBeGreaterThan(clock.now().getTime() + 15 * 60_000 - 1000);
    expect(new Date(phone.captureTokenExpiresAt).getTime()).toBeLessThanOrEqual(clock.now().getTime() + 15 * 60_000);
    clock.advance(14 * 60_000);
    expect((await k.call(STATUS, { token: phone.captureToken, body: {} })).status).toBe(200);
    clock.set(new Date(phone.captureTokenExpiresAt));
    k.expectError(await k.call(STATUS, { token: phone.captureToken, body: {} }), 401, 'unauthenticated');
    k.expectError(await k.upload(phone.captureToken, { file0_document_type: 'passport' }), 401, 'unauthenticated');
    k.expectError(await k.call(SUBMIT, { token: phone.captureToken, body: {} }), 401, 'unauthenticated');
  });

  it('refuses anonymous and malformed tokens on the capture calls with 401', async () => {
    for (const url of [STATUS, SUBMIT]) {
      k.expectError(await k.call(url, { body: {} }), 401, 'unauthenticated');
      k.expectError(await k.call(url, { body: {}, token: 'not-a-token' }), 401, 'unauthenticated');
    }
    k.expectError(await k.call(UPLOAD, { body: {} }), 401, 'unauthenticated');
  });
});
