import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContactStatusReply } from '@rampart/contracts';
import { createKycKit, validIndividual, type KycKit } from '../../../test/kits/kyc-test-kit';

/** Each sandbox decision path of docs/sandbox.md, reached through HTTP and the review job. */
describe('accounts: the custodian sandbox decides signed applications', () => {
  let k: KycKit;
  beforeAll(async () => {
    k = await createKycKit({ worker: true });
  });
  afterAll(async () => {
    await k?.close();
  });

  async function apply(email: string, last: string) {
    const token = await k.signedInUser(email);
    expect(
      (await k.call('/api/contact/set/individualinfo', { token, body: validIndividual({ first: 'Test', last }) }))
        .status,
    ).toBe(200);
    // The agreement needs an identity capture (decision 010); without an identity marker it is accepted.
    await k.captureIdentity(token);
    expect(
      (await k.call('/api/agreement-submit-individual', { token, body: { signature: `Test ${last}` } })).body,
    ).toEqual({ status: 'pending' });
    return token;
  }

  async function contact(token: string) {
    return ContactStatusReply.parse((await k.call('/api/primetrust-contact', { token, body: {} })).body);
  }

  it('opens the account when every check passes', async () => {
    const token = await apply('open@example.com', 'Lovelace');
    expect(await k.waitForDecision(token)).toMatchObject({ status: 'opened', statusReason: 'All checks passed' });
    const detail = await contact(token);
    expect(detail).toMatchObject({
      status: 'opened',
      passed: ['identity', 'documents', 'address', 'sanctions'],
      pending: [],
      failed: [],
    });
    expect(detail.history.map((h) => `${h.from}>${h.to}: ${h.reason}`)).toEqual([
      'noInfo>incomplete: Personal details saved',
      'incomplete>pending: Custodial agreement signed',
      'pending>opened: All checks passed',
    ]);
  });

  it.each([
    ['identity-fail', 'closed', 'identity'],
    ['documents-fail', 'closed', 'documents'],
    ['address-fail', 'closed', 'address'],
    ['sanctions-hit', 'voided', 'sanctions'],
  ] as const)('asked by the last name %s: %s with the %s check failed', async (marker, status, check) => {
    const token = await apply(
      `${marker}-by-name@example.com`,
      marker.replace(/^./, (c) => c.toUpperCase()),
    );
    const account = await k.waitForDecision(token);
    expect(account.status).toBe(status);
    const detail = await contact(token);
    expect(detail.failed).toEqual([check]);
    expect(detail.history.at(-1)).toMatchObject({ from: 'pending', to: status, reason: account.statusReason });
  });

  it('reads the marker from an email plus-tag too', async () => {
    const token = await apply('tester+sanctions-hit@example.com', 'Lovelace');
    expect((await k.waitForDecision(token)).status).toBe('voided');
  });

  it('keeps a kyc-pending application pending, its checks pending, and refresh leaves it there', async () => {
    const token = await apply('tester+kyc-pending@example.com', 'Lovelace');
    // Give the job time to run: the decision is "not yet", so nothing moves.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const refreshed = await k.call('/api/primetrust-account-refresh', { token, body: {} });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body).toMatchObject({ status: 'pending', statusReason: null });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const detail = await contact(token);
    expect(detail).toMatchObject({ status: 'pending', pending: ['identity', 'documents', 'address', 'sanctions'] });
    expect(detail.history.map((h) => h.to)).toEqual(['incomplete', 'pending']);
  });

  it('answers refresh with the current status for every state', async () => {
    const fresh = await k.signedInUser('refresh@example.com');
    expect((await k.call('/api/primetrust-account-refresh', { token: fresh, body: {} })).body).toMatchObject({
      status: 'noInfo',
    });
    const token = await apply('refresh-open@example.com', 'Lovelace');
    await k.waitForDecision(token);
    expect((await k.call('/api/primetrust-account-refresh', { token, body: {} })).body).toMatchObject({
      status: 'opened',
    });
  });
});
