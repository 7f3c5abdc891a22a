import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FROZEN_ACCOUNT_MARKER, HoldingsReply, SandboxFreezeReply } from '@rampart/contracts';
import { createKycKit, type KycKit } from '../../../test/kits/kyc-test-kit';
import { checkInvariants } from '../ledger';

/** R5 (decision 018): the sandbox freezes and unfreezes the custodial account; a frozen account's calls answer 401. */
describe('sandbox: freeze and unfreeze the custodial account', () => {
  let k: KycKit;
  let users = 0;
  beforeAll(async () => {
    k = await createKycKit();
  });
  afterEach(async () => {
    expect(await checkInvariants(k.t.db)).toEqual({ ok: true, violations: [] });
  });
  afterAll(async () => {
    await k?.close();
  });

  const freeze = (token: string) => k.call('/api/primetrust-sandbox-freeze-account', { token, body: {} });
  const unfreeze = (token: string) => k.call('/api/primetrust-sandbox-unfreeze-account', { token, body: {} });
  async function openedUser(amount = '50'): Promise<string> {
    const token = await k.signedInUser(`freeze-${++users}@example.com`);
    expect((await k.call('/api/primetrust/sandbox/account/individual/create', { token, body: {} })).status).toBe(200);
    expect((await k.call('/api/primetrust/sandbox/account/fund', { token, body: { amount } })).status).toBe(200);
    return token;
  }
  function expectFrozen(res: { status: number; body: unknown }) {
    const body = k.expectError(res, 401, 'account_frozen');
    expect(body.message.startsWith(FROZEN_ACCOUNT_MARKER)).toBe(true);
    expect(body).toMatchObject({
      type: 'authentication_error',
      message: `${FROZEN_ACCOUNT_MARKER} Your account has been frozen by the custodian. Please contact support.`,
    });
  }

  // Account, KYC, method and money calls: every one answers 401 with the marker while frozen.
  const guarded: [string, unknown][] = [
    ['/api/primetrust/account/get', {}],
    ['/api/primetrust-contact', {}],
    ['/api/primetrust-account-refresh', {}],
    ['/api/contact/get/individualinfo', {}],
    ['/api/primetrust-accounts-view', {}],
    ['/api/bank-account-list', {}],
    ['/api/plaid-ui-token', {}],
    ['/api/primetrust/sandbox/account/fund', { amount: '1' }],
    ['/api/primetrust-sandbox-asset-deposit', { assetTicker: 'USDC', amount: '1' }],
    ['/api/primetrust/sandbox/account/individual/clear', {}],
    ['/api/primetrust-sandbox-freeze-account', {}],
  ];

  it('freezes: account and money calls answer 401 with the frozen marker; unfreeze restores them, funds intact', async () => {
    const token = await openedUser('50');
    const frozen = await freeze(token);
    expect(frozen.status, JSON.stringify(frozen.body)).toBe(200);
    expect(SandboxFreezeReply.parse(frozen.body)).toEqual({ message: 'Account Frozen Successfully', frozen: true });
    for (const [url, body] of guarded) expectFrozen(await k.call(url, { token, body }));
    // A body the route would refuse still gets the frozen answer: the freeze is checked before the body.
    expectFrozen(await k.call('/api/primetrust/sandbox/account/fund', { token, body: { amount: 'lots' } }));

    const unfrozen = await unfreeze(token);
    expect(unfrozen.status).toBe(200);
    expect(SandboxFreezeReply.parse(unfrozen.body)).toEqual({
      message: 'Account Unfrozen Successfully',
      frozen: false,
    });
    expect(await k.accountStatus(token)).toMatchObject({ status: 'opened' });
    expect(
      HoldingsReply.parse((await k.call('/api/primetrust-accounts-view', { token, body: {} })).body).available,
    ).toBe('50.00');
    expect((await k.call('/api/primetrust/sandbox/account/fund', { token, body: { amount: '1' } })).status).toBe(200);
    // Unfreezing again is harmless.
    expect(SandboxFreezeReply.parse((await unfreeze(token)).body)).toEqual({
      message: 'Account Unfrozen Successfully',
      frozen: false,
    });
  });

  it('while frozen the session calls still answer, so the app can show the frozen screen and sign out', async () => {
    const token = await openedUser();
    expect((await freeze(token)).status).toBe(200);
    expect(await k.call('/api/user/authcheck', { token })).toEqual({ status: 200, body: { valid: true } });
    const user = await k.call('/api/identity/user', { token, method: 'GET' });
    expect(user.status, JSON.stringify(user.body)).toBe(200);
    expect((await k.call('/api/config', { method: 'GET' })).status).toBe(200);
    expect((await k.call('/api/user/healthcheck', { method: 'GET' })).status).toBe(200);
    // Another user is not affected.
    const other = await openedUser();
    expect((await k.call('/api/primetrust-accounts-view', { token: other, body: {} })).status).toBe(200);
    // Sign-out works and ends the session like any other.
    expect((await k.call('/api/identity/sign-out', { token, body: {} })).status).toBe(200);
    k.expectError(await k.call('/api/primetrust-accounts-view', { token, body: {} }), 401, 'unauthenticated');
  });

  it('the freeze is recorded with the account; without an account there is nothing to freeze', async () => {
    const token = await openedUser();
    expect((await freeze(token)).status).toBe(200);
    expect((await unfreeze(token)).status).toBe(200);
    const { rows } = await k.t.db.query<{ action: string; reason: string }>(
      `SELECT e.action, e.reason FROM custodian_account_freeze_events e JOIN users u ON u.id = e.user_id WHERE u.email = $1 ORDER BY e.id`,
      [`freeze-${users}@example.com`],
    );
    expect(rows).toEqual([
      { action: 'freeze', reason: 'Sandbox: account frozen' },
      { action: 'unfreeze', reason: 'Sandbox: account unfrozen' },
    ]);
    const newcomer = await k.signedInUser(`freeze-${++users}@example.com`);
    const body = k.expectError(await freeze(newcomer), 409, 'no_custodial_account');
    expect(body.message).toBe('There is no custodial account to freeze yet');
    expect(SandboxFreezeReply.parse((await unfreeze(newcomer)).body).frozen).toBe(false);
  });

  it.each(['/api/primetrust-sandbox-freeze-account', '/api/primetrust-sandbox-unfreeze-account'])(
    '%s answers 401 to an anonymous caller',
    async (url) => {
      k.expectError(await k.call(url, { body: {} }), 401, 'unauthenticated');
    },
  );
});
