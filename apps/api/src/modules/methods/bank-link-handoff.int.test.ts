import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiErrorBody,
  BANK_LINK_MESSAGES,
  BankAccountListReply,
  BankAccountReply,
  BankLinkHandoffRedeemReply,
  BankLinkHandoffReply,
  BankLinkHandoffStatusReply,
  PlaidInstitutionsReply,
  PlaidLinkTokenReply,
  PlaidSandboxLinkReply,
} from '@rampart/contracts';
import { manualClock } from '../../lib/clock';
import { createKycKit, type KycKit } from '../../../test/kits/kyc-test-kit';

/**
 * Decision 034: the wallet mini-app links a bank in the wallet's browser, which has no session. A handoff
 * link carries the user there once; its access token works for the bank-link calls only, until the handoff expires
 * or links a bank; the mini-app reads what happened.
 */
describe('bank linking handed off to the wallet browser (issue 7)', () => {
  const clock = manualClock(new Date('2026-11-25T10:00:00Z'));
  let k: KycKit;

  beforeAll(async () => {
    k = await createKycKit({ clock });
  });
  afterAll(async () => {
    await k?.close();
  });

  async function ok<T>(
    url: string,
    token: string | undefined,
    body: unknown,
    schema: { parse(v: unknown): T },
  ): Promise<T> {
    const res = await k.call(url, { ...(token ? { token } : {}), body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return schema.parse(res.body);
  }

  async function fail(url: string, token: string | undefined, body: unknown, status: number) {
    const res = await k.call(url, { ...(token ? { token } : {}), body });
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    return ApiErrorBody.parse(res.body);
  }

  const tokenOf = (handoff: BankLinkHandoffReply) => new URL(handoff.url).searchParams.get('handoff') ?? '';
  const status = (login: string, handoffId: string) =>
    ok('/api/bank-link-handoff/status', login, { handoffId }, BankLinkHandoffStatusReply);

  /** What the browser page does with the access token: the picker, a link, the account added. */
  async function linkWith(access: string, institutionId = 'ins_wells_fargo') {
    await ok('/api/plaid-institutions', access, {}, PlaidInstitutionsReply);
    const { linkToken } = await ok('/api/plaid-ui-token', access, {}, PlaidLinkTokenReply);
    const l = await ok('/api/plaid-sandbox-link', access, { linkToken, institutionId }, PlaidSandboxLinkReply);
    const account = l.accounts[0]!;
    return ok(
      '/api/plaid-bank-account-add',
      access,
      {
        publicToken: l.publicToken,
        accountId: account.id,
        account,
        institutionId: l.institutionId,
        institutionName: l.institutionName,
      },
      BankAccountReply,
    );
  }

  it('links a bank through the browser and tells the mini-app which one', async () => {
    const login = await k.signedInUser('wallet-handoff@example.com');
    const handoff = await ok('/api/bank-link-handoff', login, {}, BankLinkHandoffReply);
    expect(handoff.url).toMatch(/^http:\/\/[^/]+\/xumm\/plaid\?handoff=[A-Za-z0-9_-]{43}$/);
    expect(new Date(handoff.expiresAt).getTime() - clock.now().getTime()).toBe(15 * 60_000);
    expect((await status(login, handoff.handoffId)).status).toBe('waiting');

    // The browser: no session, only the link.
    const redeemed = await ok(
      '/api/bank-link-handoff/redeem',
      undefined,
      { token: tokenOf(handoff) },
      BankLinkHandoffRedeemReply,
    );
    expect(redeemed.email).toBe('wallet-handoff@example.com');
    expect((await status(login, handoff.handoffId)).status).toBe('opened');

    const { account } = await linkWith(redeemed.accessToken);
    expect(account.bankName).toBe('Wells Fargo');

    const after = await status(login, handoff.handoffId);
    expect(after).toMatchObject({
      status: 'linked',
      account: { primetrustFundsTransferMethodId: account.primetrustFundsTransferMethodId, bankName: 'Wells Fargo' },
    });
    const { accounts } = await ok('/api/bank-account-list', login, {}, BankAccountListReply);
    expect(accounts.map((a) => a.primetrustFundsTransferMethodId)).toEqual([account.primetrustFundsTransferMethodId]);

    // Its work done, the access token opens nothing more.
    await fail('/api/plaid-ui-token', redeemed.accessToken, {}, 401);
  });

  it('opens the link once: a second redeem is refused, and a made-up token too', async () => {
    const login = await k.signedInUser('wallet-handoff-once@example.com');
    const handoff = await ok('/api/bank-link-handoff', login, {}, BankLinkHandoffReply);
    await ok('/api/bank-link-handoff/redeem', undefined, { token: tokenOf(handoff) }, BankLinkHandoffRedeemReply);
    const again = await fail('/api/bank-link-handoff/redeem', undefined, { token: tokenOf(handoff) }, 400);
    expect(again).toMatchObject({ code: 'bank_link_handoff_invalid', message: BANK_LINK_MESSAGES.en.handoffInvalid });
    await fail('/api/bank-link-handoff/redeem', undefined, { token: 'A'.repeat(43) }, 400);
    const malformed = await fail('/api/bank-link-handoff/redeem', undefined, { token: '../../etc/passwd' }, 400);
    expect(malformed.code).toBe('validation_failed');
  });

  it('gives the access token to the bank-link calls only, never to the rest of the API', async () => {
    const login = await k.signedInUser('wallet-handoff-scope@example.com');
    const handoff = await ok('/api/bank-link-handoff', login, {}, BankLinkHandoffReply);
    const { accessToken } = await ok(
      '/api/bank-link-handoff/redeem',
      undefined,
      { token: tokenOf(handoff) },
      BankLinkHandoffRedeemReply,
    );
    for (const url of [
      '/api/bank-account-list',
      '/api/bank-link-handoff',
      '/api/plaid-ui-reauth-token',
      '/api/bank-account-remove',
    ]) {
      expect((await k.call(url, { token: accessToken, body: {} })).status, url).toBe(401);
      // ...where the user's own login is let in (the route exists and takes a session).
      expect((await k.call(url, { token: login, body: {} })).status, url).not.toBe(401);
    }
    await fail('/api/bank-link-handoff/status', accessToken, { handoffId: handoff.handoffId }, 401);
  });

  it('expires after 15 minutes: the link cannot be opened, the access token stops, the mini-app reads expired', async () => {
    const login = await k.signedInUser('wallet-handoff-late@example.com');
    // The handoffs are made (the clock set) 10 minutes before the login, so they run out while the login still works.
    clock.advance(-10 * 60_000);
    const unopened = await ok('/api/bank-link-handoff', login, {}, BankLinkHandoffReply);
    const opened = await ok('/api/bank-link-handoff', login, {}, BankLinkHandoffReply);
    const { accessToken } = await ok(
      '/api/bank-link-handoff/redeem',
      undefined,
      { token: tokenOf(opened) },
      BankLinkHandoffRedeemReply,
    );
    clock.advance(15 * 60_000 - 2000);
    await ok('/api/plaid-institutions', accessToken, {}, PlaidInstitutionsReply);
    clock.advance(3000);
    const late = await fail('/api/bank-link-handoff/redeem', undefined, { token: tokenOf(unopened) }, 400);
    expect(late).toMatchObject({ code: 'bank_link_handoff_expired', message: BANK_LINK_MESSAGES.en.handoffExpired });
    await fail('/api/plaid-institutions', accessToken, {}, 401);
    expect(await status(login, opened.handoffId)).toMatchObject({ status: 'expired', account: null });
    expect((await status(login, unopened.handoffId)).status).toBe('expired');
  });

  it('re-authenticates a bank that asks for its login again in the browser, and that bank only', async () => {
    const login = await k.signedInUser('wallet-handoff-reauth@example.com');
    const { account: bank } = await linkWith(login);
    const { account: second } = await linkWith(login, 'ins_citibank');
    const id = bank.primetrustFundsTransferMethodId;
    // A bank that does not ask for its login is refused before anyone is sent anywhere.
    expect((await fail('/api/bank-link-handoff', login, { fundsTransferMethodId: id }, 409)).code).toBe(
      'bank_reauth_not_required',
    );
    await ok(
      '/api/primetrust/sandbox/plaid-reset-method',
      login,
      { fundsTransferMethodId: id },
      { parse: (v: unknown) => v },
    );

    const handoff = await ok('/api/bank-link-handoff', login, { fundsTransferMethodId: id }, BankLinkHandoffReply);
    const redeemed = await ok(
      '/api/bank-link-handoff/redeem',
      undefined,
      { token: tokenOf(handoff) },
      BankLinkHandoffRedeemReply,
    );
    // The browser learns which bank to log in to.
    expect(redeemed.reauth).toMatchObject({
      primetrustFundsTransferMethodId: id,
      bankName: bank.bankName,
      requiresReauth: true,
    });
    const access = redeemed.accessToken;

    // Not a new link, and not another method.
    await fail('/api/plaid-ui-token', access, {}, 401);
    await fail('/api/plaid-bank-account-add', access, {}, 401);
    await fail(
      '/api/plaid-ui-reauth-token',
      access,
      { fundsTransferMethodId: second.primetrustFundsTransferMethodId },
      401,
    );
    await fail('/api/bank-account-list', access, {}, 401);

    // The re-auth screen's calls, as the browser page makes them.
    await ok('/api/plaid-institutions', access, {}, PlaidInstitutionsReply);
    const { linkToken } = await ok(
      '/api/plaid-ui-reauth-token',
      access,
      { fundsTransferMethodId: id },
      PlaidLinkTokenReply,
    );
    const l = await ok(
      '/api/plaid-sandbox-link',
      access,
      { linkToken, institutionId: bank.institutionId },
      PlaidSandboxLinkReply,
    );
    const { account } = await ok(
      '/api/plaid-bank-account-reauth',
      access,
      { fundsTransferMethodId: id, publicToken: l.publicToken },
      BankAccountReply,
    );
    expect(account).toMatchObject({ primetrustFundsTransferMethodId: id, requiresReauth: false });

    // The mini-app reads it done, and the access token opens nothing more.
    expect(await status(login, handoff.handoffId)).toMatchObject({
      status: 'linked',
      account: { primetrustFundsTransferMethodId: id, requiresReauth: false },
    });
    await fail('/api/plaid-institutions', access, {}, 401);
    const { accounts } = await ok('/api/bank-account-list', login, {}, BankAccountListReply);
    expect(accounts.map((a) => a.requiresReauth)).toEqual([false, false]);
  });

  it("refuses a re-auth handoff for another user's bank or a bad method id, and a new link's token on the re-auth calls", async () => {
    const owner = await k.signedInUser('wallet-handoff-reauth-owner@example.com');
    const other = await k.signedInUser('wallet-handoff-reauth-other@example.com');
    const { account } = await linkWith(owner);
    const id = account.primetrustFundsTransferMethodId;
    await ok(
      '/api/primetrust/sandbox/plaid-reset-method',
      owner,
      { fundsTransferMethodId: id },
      { parse: (v: unknown) => v },
    );
    expect((await fail('/api/bank-link-handoff', other, { fundsTransferMethodId: id }, 404)).code).toBe(
      'bank_method_unknown',
    );
    expect((await fail('/api/bank-link-handoff', owner, { fundsTransferMethodId: 'not-a-uuid' }, 400)).code).toBe(
      'validation_failed',
    );

    const newLink = await ok('/api/bank-link-handoff', owner, {}, BankLinkHandoffReply);
    const redeemed = await ok(
      '/api/bank-link-handoff/redeem',
      undefined,
      { token: tokenOf(newLink) },
      BankLinkHandoffRedeemReply,
    );
    expect(redeemed.reauth).toBeNull();
    await fail('/api/plaid-ui-reauth-token', redeemed.accessToken, { fundsTransferMethodId: id }, 401);
    await fail(
      '/api/plaid-bank-account-reauth',
      redeemed.accessToken,
      { fundsTransferMethodId: id, publicToken: 'public-sandbox-0000' },
      401,
    );
  });

  it("keeps each user's handoffs their own, and asks for a session to start one", async () => {
    const owner = await k.signedInUser('wallet-handoff-owner@example.com');
    const other = await k.signedInUser('wallet-handoff-other@example.com');
    const handoff = await ok('/api/bank-link-handoff', owner, {}, BankLinkHandoffReply);
    const refused = await fail('/api/bank-link-handoff/status', other, { handoffId: handoff.handoffId }, 404);
    expect(refused.code).toBe('bank_link_handoff_unknown');
    await fail('/api/bank-link-handoff', undefined, {}, 401);
    await fail('/api/bank-link-handoff/status', undefined, { handoffId: handoff.handoffId }, 401);
    await fail('/api/bank-link-handoff/status', owner, { handoffId: 'not-a-uuid' }, 400);
  });
});
