import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKycKit, type KycKit } from '../../../test/kits/kyc-test-kit';

/** R4: outside sandbox mode the sandbox calls do not exist. */
describe('sandbox: off outside sandbox mode', () => {
  let k: KycKit;
  beforeAll(async () => {
    k = await createKycKit({ env: { SANDBOX_MODE: 'false' } });
  });
  afterAll(async () => {
    await k?.close();
  });

  it.each([
    '/api/primetrust/sandbox/account/individual/create',
    '/api/primetrust/sandbox/account/individual/clear',
    '/api/primetrust/sandbox/account/fund',
    '/api/primetrust-sandbox-send-and-settle-wire-deposit',
    '/api/primetrust-sandbox-asset-deposit',
    '/api/primetrust/sandbox/plaid-reset-method',
    '/api/primetrust-sandbox-freeze-account',
    '/api/primetrust-sandbox-unfreeze-account',
  ])('%s answers 404, signed in or not', async (url) => {
    expect(k.t.config.sandbox).toBe(false);
    const token = await k.signedInUser(`off-${url.length}-${url.split('/').pop() ?? ''}@example.com`);
    k.expectError(await k.call(url, { token, body: { amount: '1' } }), 404, 'route_not_found');
    k.expectError(await k.call(url, { body: { amount: '1' } }), 404, 'route_not_found');
  });

  it('the holdings view is still there', async () => {
    const token = await k.signedInUser('off-holdings@example.com');
    const res = await k.call('/api/primetrust-accounts-view', { token, body: {} });
    expect(res.status).toBe(200);
  });
});
