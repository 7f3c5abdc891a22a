import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContactStatusReply } from '@rampart/contracts';
import { CUSTODIAN_SANDBOX_MARKERS } from '../../providers/custodian/sandbox';
import { createKycKit, validIndividual, type KycKit } from '../../../test/kits/kyc-test-kit';

const DOCUMENTS_FAILED = CUSTODIAN_SANDBOX_MARKERS['documents-fail'].reason;

/**
 * The identity decision is the custodian's document check (decision 010). Every applicant captures and signs before
 * the worker starts, so each decision lands while the account is pending; the custodian's own review waits an hour
 * here, so an account that moves does so because the identity decision enqueued a review at once.
 */
describe('accounts: the identity decision decides the custodian document check', () => {
  let k: KycKit;
  const tokens: Record<string, string> = {};

  async function apply(key: string, email: string, last = 'Lovelace') {
    const token = await k.signedInUser(email);
    expect(
      (await k.call('/api/contact/set/individualinfo', { token, body: validIndividual({ first: 'Test', last }) }))
        .status,
    ).toBe(200);
    await k.captureIdentity(token);
    expect(
      (await k.call('/api/agreement-submit-individual', { token, body: { signature: `Test ${last}` } })).body,
    ).toEqual({ status: 'pending' });
    tokens[key] = token;
  }

  function tokenOf(key: string): string {
    const token = tokens[key];
    if (!token) throw new Error(`no applicant ${key}`);
    return token;
  }

  async function contact(token: string) {
    return ContactStatusReply.parse((await k.call('/api/primetrust-contact', { token, body: {} })).body);
  }

  beforeAll(async () => {
    k = await createKycKit({ env: { CUSTODIAN_REVIEW_DELAY_SECONDS: '3600', IDV_REVIEW_DELAY_SECONDS: '6' } });
    await apply('review', 'applicant+idv-review@example.com');
    await apply('accept', 'applicant-plain@example.com');
    await apply('reject', 'applicant+idv-reject@example.com');
    await apply('reviewReject', 'applicant+idv-review-reject@example.com');
    await apply('resubmit', 'applicant-resubmit@example.com', 'Idv-Resubmit');
    // Nothing has been decided yet: the identity sessions are submitted, the accounts pending.
    for (const token of Object.values(tokens)) {
      expect((await k.identityStatus(token)).status).toBe('submitted');
      expect((await k.accountStatus(token)).status).toBe('pending');
    }
    await k.t.jobs.startWorking({ pollingIntervalSeconds: 0.5 });
  });
  afterAll(async () => {
    await k?.close();
  });

  it('review: the account waits (documents pending) during the manual review, then opens when it is accepted', async () => {
    const token = tokenOf('review');
    expect(await k.waitForIdentity(token)).toMatchObject({ status: 'review' });
    // The review decision itself asked the custodian again: documents pending, the rest passed, no decision.
    const deadline = Date.now() + 3000;
    let during = await contact(token);
    while (during.pending.length !== 1 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      during = await contact(token);
    }
    expect(during).toMatchObject({
      status: 'pending',
      pending: ['documents'],
      passed: ['identity', 'address', 'sanctions'],
      failed: [],
    });
    expect(await k.waitForIdentity(token, ['review'])).toMatchObject({
      status: 'accepted',
      reason: 'A reviewer confirmed that the document and the selfie match',
    });
    expect(await k.waitForDecision(token)).toMatchObject({ status: 'opened', statusReason: 'All checks passed' });
    expect((await contact(token)).history.map((h) => h.to)).toEqual(['incomplete', 'pending', 'opened']);
  });

  it('accepted: the account opens', async () => {
    const token = tokenOf('accept');
    expect(await k.waitForDecision(token)).toMatchObject({ status: 'opened', statusReason: 'All checks passed' });
    expect(await contact(token)).toMatchObject({
      passed: ['identity', 'documents', 'address', 'sanctions'],
      failed: [],
    });
  });

  it('rejected: the account closes with the document check failed', async () => {
    const token = tokenOf('reject');
    expect(await k.waitForDecision(token)).toMatchObject({ status: 'closed', statusReason: DOCUMENTS_FAILED });
    const detail = await contact(token);
    expect(detail).toMatchObject({ failed: ['documents'], passed: ['identity', 'address', 'sanctions'] });
    expect(detail.history.at(-1)).toMatchObject({ from: 'pending', to: 'closed', reason: DOCUMENTS_FAILED });
  });

  it('a manual review that rejects: the account closes with the document check failed', async () => {
    const token = tokenOf('reviewReject');
    expect(await k.waitForIdentity(token, ['submitted', 'review'])).toMatchObject({
      status: 'rejected',
      reason: 'A reviewer could not verify the document against the selfie',
    });
    expect(await k.waitForDecision(token)).toMatchObject({ status: 'closed', statusReason: DOCUMENTS_FAILED });
  });

  it('resubmit: the account stays pending until a new capture is accepted', async () => {
    const token = tokenOf('resubmit');
    expect(await k.waitForIdentity(token)).toMatchObject({ status: 'resubmit' });
    // Let the review that the decision enqueued run: it decides nothing.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(await contact(token)).toMatchObject({ status: 'pending', pending: ['documents'] });
    // The marker is the last name, frozen since the signature: the tester's next capture is a readable one.
    await k.t.db.query(
      `UPDATE kyc_individuals SET record = jsonb_set(record, '{name,last}', '"Lovelace"')
       WHERE user_id = (SELECT id FROM users WHERE email = $1)`,
      ['applicant-resubmit@example.com'],
    );
    expect((await k.captureIdentity(token)).status).toBe('submitted');
    expect(await k.waitForIdentity(token)).toMatchObject({ status: 'accepted' });
    expect(await k.waitForDecision(token)).toMatchObject({ status: 'opened' });
  });

  it('refuses the agreement while the identity session waits for a new capture', async () => {
    const token = await k.signedInUser('applicant+idv-resubmit@example.com');
    expect(
      (
        await k.call('/api/contact/set/individualinfo', {
          token,
          body: validIndividual({ first: 'Test', last: 'Lovelace' }),
        })
      ).status,
    ).toBe(200);
    k.expectError(
      await k.call('/api/agreement-submit-individual', { token, body: { signature: 'Test Lovelace' } }),
      409,
      'verification_incomplete',
    );
    await k.captureIdentity(token);
    expect(await k.waitForIdentity(token)).toMatchObject({ status: 'resubmit' });
    k.expectError(
      await k.call('/api/agreement-submit-individual', { token, body: { signature: 'Test Lovelace' } }),
      409,
      'verification_incomplete',
    );
    expect((await k.accountStatus(token)).status).toBe('incomplete');
  });
});
