import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DevOutboxResponse,
  SendSmsReply,
  ValidateSmsReply,
  VERIFICATION_MESSAGES,
  VerificationSession,
} from '@rampart/contracts';
import { createKycKit, validIndividual, type KycKit } from '../../../test/kits/kyc-test-kit';
import { manualClock } from '../../lib/clock';
import { loadCapture } from './repository';

const STATUS = '/api/socure/status';
const SUBMIT = '/api/socure/submit_document';
const SEND_SMS = '/api/socure/send_sms';
const VALIDATE_SMS = '/api/socure/validate_sms';

const NO_SUCH_ID = '6f1c2a4e-8b3d-4c5e-9f6a-0b1c2d3e4f5a';

describe('verification: the identity-document calls (issue 4)', () => {
  let k: KycKit;
  const clock = manualClock();

  beforeAll(async () => {
    // A manual review waits an hour here, so the review decision stays visible (its conclusion: accounts tests).
    k = await createKycKit({
      worker: true,
      clock,
      env: { PUBLIC_URL: 'https://app.rampart.example/any/path', IDV_REVIEW_DELAY_SECONDS: '3600' },
    });
  });
  afterAll(async () => {
    await k?.close();
  });

  async function status(token: string) {
    const res = await k.call(STATUS, { token, body: {} });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return VerificationSession.parse(res.body);
  }

  /** Waits for the decision job (the worker polls every 0.5 s). */
  async function waitForDecision(token: string, timeoutMs = 20_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const session = await status(token);
      if (session.status !== 'submitted' || Date.now() > deadline) return session;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** A new signed-in user with saved KYC details (uploads belong to the custodian contact). */
  async function userWithDetails(email: string, last = 'Lovelace'): Promise<string> {
    const token = await k.signedInUser(email);
    expect((await k.call('/api/contact/set/individualinfo', { token, body: validIndividual({ last }) })).status).toBe(
      200,
    );
    return token;
  }

  async function submitAndDecide(token: string, documentType: 'passport' | 'drivers_license' = 'passport') {
    expect((await k.captureIdentity(token, documentType)).status).toBe('submitted');
    return waitForDecision(token);
  }

  async function latestSms(phone: string): Promise<string> {
    const res = await k.call(`/api/dev/outbox?to=${encodeURIComponent(phone)}`, { method: 'GET' });
    expect(res.status).toBe(200);
    const text = DevOutboxResponse.parse(res.body).messages[0]?.text ?? '';
    const token = /[?&]token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
    if (!token) throw new Error(`no link in the SMS outbox for ${phone}: ${text}`);
    return token;
  }

  it('refuses anonymous callers with 401 before looking at the body', async () => {
    for (const url of [STATUS, SUBMIT, SEND_SMS]) {
      k.expectError(await k.call(url, { body: { nonsense: true } }), 401, 'unauthenticated');
    }
  });

  it('starts at not_started and accepts a capture without a marker', async () => {
    const token = await userWithDetails('idv-plain@example.com');
    expect(await status(token)).toMatchObject({ sessionId: null, status: 'not_started', decision: null });
    const decided = await submitAndDecide(token);
    expect(decided).toMatchObject({
      status: 'accepted',
      decision: 'accepted',
      documentType: 'passport',
      reason: 'The document and the selfie match',
    });
    expect(decided.sessionId).toEqual(expect.any(String));
    expect(decided.decidedAt).not.toBeNull();
    // What the service was sent with the images: the person of the KYC record (document 1, section 3).
    const sent = await loadCapture(k.t.db, decided.sessionId!);
    expect(sent?.capture?.person).toEqual({
      firstName: 'Ada',
      surName: 'Lovelace',
      physicalAddress: '1 Main St',
      state: 'IL',
      zip: '62701',
      city: 'Springfield',
      mobileNumber: '+12015550123',
      dob: `${new Date().getUTCFullYear() - 30}-03-14`,
      nationalId: '123-45-6789',
      country: 'US',
    });
    // A decided capture cannot be replaced.
    const document = await k.uploadDocument(token, { documentType: 'passport' });
    const selfie = await k.uploadDocument(token, { documentType: 'other', selfie: true });
    const again = k.expectError(
      await k.call(SUBMIT, { token, body: { documentType: 'passport', documentId: document.id, selfieId: selfie.id } }),
      409,
      'verification_already_submitted',
    );
    expect(again.message).toBe(VERIFICATION_MESSAGES.en.alreadySubmitted);
  });

  it('rejects with the idv-reject marker as an email plus-tag', async () => {
    const token = await userWithDetails('jane+idv-reject@example.com');
    expect(await submitAndDecide(token, 'drivers_license')).toMatchObject({
      status: 'rejected',
      decision: 'rejected',
      documentType: 'drivers_license',
    });
  });

  it('sends to review with the idv-review marker as the KYC last name', async () => {
    const token = await userWithDetails('review-by-name@example.com', 'Idv-Review');
    expect(await submitAndDecide(token)).toMatchObject({
      status: 'review',
      decision: 'review',
      reason: 'The capture needs a manual review',
    });
  });

  it('asks to resubmit with the idv-resubmit marker, and then takes a new capture', async () => {
    const token = await userWithDetails('joe+idv-resubmit@example.com');
    const first = await submitAndDecide(token);
    expect(first).toMatchObject({ status: 'resubmit', decision: 'resubmit' });
    const second = await submitAndDecide(token);
    expect(second).toMatchObject({ status: 'resubmit', sessionId: first.sessionId });
  });

  it('refuses bad input with 400', async () => {
    const token = await k.signedInUser('idv-bad-input@example.com');
    const body = { documentType: 'passport', documentId: NO_SUCH_ID, selfieId: NO_SUCH_ID };
    k.expectError(
      await k.call(SUBMIT, { token, body: { ...body, documentType: 'library_card' } }),
      400,
      'validation_failed',
    );
    k.expectError(await k.call(SUBMIT, { token, body: { ...body, selfieId: '' } }), 400, 'validation_failed');
    k.expectError(
      await k.call(SUBMIT, { token, body: { ...body, documentId: '../../etc/passwd' } }),
      400,
      'validation_failed',
    );
    k.expectError(await k.call(SUBMIT, { token, body: { ...body, extra: 1 } }), 400, 'validation_failed');
    k.expectError(
      await k.call(SUBMIT, { token, body: { documentType: 'passport', front: 'f', selfie: 's' } }),
      400,
      'validation_failed',
    );
    const unknown = k.expectError(await k.call(SUBMIT, { token, body }), 400, 'validation_failed');
    expect(unknown.errors?.fields).toEqual({
      documentId: VERIFICATION_MESSAGES.en.documentNotFound,
      selfieId: VERIFICATION_MESSAGES.en.selfieMissing,
    });
    k.expectError(await k.call(SEND_SMS, { token, body: { phone: '12' } }), 400, 'validation_failed');
    k.expectError(await k.call(SEND_SMS, { token, body: {} }), 400, 'validation_failed');
    k.expectError(await k.call(VALIDATE_SMS, { body: { token: 'short' } }), 400, 'validation_failed');
    k.expectError(await k.call(VALIDATE_SMS, { body: { token: 'x'.repeat(43) } }), 400, 'verification_link_invalid');
    // Nothing was started by refused calls.
    expect((await status(token)).status).toBe('not_started');
  });

  it('sends a single-use continue-on-phone link by SMS', async () => {
    const token = await k.signedInUser('idv-phone@example.com');
    const phone = '+12015550111';
    // A forged Host header must not change where the link points: PUBLIC_URL decides.
    const res = await k.call(SEND_SMS, { token, body: { phone }, headers: { host: 'evil.example' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const sent = SendSmsReply.parse(res.body);
    const outbox = await k.call(`/api/dev/outbox?to=${encodeURIComponent(phone)}`, { method: 'GET' });
    const text = DevOutboxResponse.parse(outbox.body).messages[0]?.text ?? '';
    expect(text).toContain('https://app.rampart.example/kyc/continue?token=');
    expect(text).not.toContain('evil.example');
    // The owner gets the same link, for the QR code.
    expect(sent.link).toMatch(/^https:\/\/app\.rampart\.example\/kyc\/continue\?token=[A-Za-z0-9_-]{43}$/);
    expect(text).toContain(sent.link);
    expect(new Date(sent.linkExpiresAt).getTime()).toBe(clock.now().getTime() + 15 * 60_000);
    const session = await status(token);
    expect(session.status).toBe('capturing');

    const linkToken = await latestSms(phone);
    const { rows } = await k.t.db.query<{ token_hash: string }>('SELECT token_hash FROM identity_verification_links');
    expect(rows.map((r) => r.token_hash)).not.toContain(linkToken);

    const valid = await k.call(VALIDATE_SMS, { body: { token: linkToken } });
    expect(valid.status, JSON.stringify(valid.body)).toBe(200);
    const reply = ValidateSmsReply.parse(valid.body);
    expect(reply).toMatchObject({ valid: true, sessionId: session.sessionId, status: 'capturing', country: null });
    expect(reply.captureTokenExpiresAt).toBe(
      new Date(Math.floor((clock.now().getTime() + 15 * 60_000) / 1000) * 1000).toISOString(),
    );
    const owner = await k.t.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [
      'idv-phone@example.com',
    ]);
    expect(reply.userGuid).toBe(owner.rows[0]?.id);

    k.expectError(await k.call(VALIDATE_SMS, { body: { token: linkToken } }), 400, 'verification_link_invalid');
  });

  it('refuses an expired link', async () => {
    const token = await k.signedInUser('idv-expired@example.com');
    const phone = '+12015550122';
    expect((await k.call(SEND_SMS, { token, body: { phone } })).status).toBe(200);
    const linkToken = await latestSms(phone);
    clock.advance(15 * 60_000 + 1);
    const expired = k.expectError(
      await k.call(VALIDATE_SMS, { body: { token: linkToken } }),
      400,
      'verification_link_expired',
    );
    expect(expired.message).toBe(VERIFICATION_MESSAGES.en.linkExpired);
  });

  it('sends at most five links per session in fifteen minutes', async () => {
    const token = await k.signedInUser('idv-many-links@example.com');
    const phone = '+12015550133';
    for (let i = 0; i < 5; i += 1) expect((await k.call(SEND_SMS, { token, body: { phone } })).status).toBe(200);
    k.expectError(await k.call(SEND_SMS, { token, body: { phone } }), 429, 'rate_limited');
    // Age the links past the window (moving the clock would also expire the access token).
    await k.t.db.query(
      `UPDATE identity_verification_links SET created_at = created_at - interval '16 minutes' WHERE phone = $1`,
      [phone],
    );
    expect((await k.call(SEND_SMS, { token, body: { phone } })).status).toBe(200);
  });

  it("never shows one user's session to another", async () => {
    const alice = await userWithDetails('idv-alice@example.com');
    const bob = await userWithDetails('idv-bob+idv-reject@example.com');
    const aliceSession = await submitAndDecide(alice);
    expect(aliceSession.status).toBe('accepted');
    expect(await status(bob)).toMatchObject({ sessionId: null, status: 'not_started' });
    const bobSession = await submitAndDecide(bob);
    expect(bobSession.status).toBe('rejected');
    expect(bobSession.sessionId).not.toBe(aliceSession.sessionId);
    expect(await status(alice)).toMatchObject({ sessionId: aliceSession.sessionId, status: 'accepted' });
  });
});
