import { expect } from 'vitest';
import {
  AuthenticatedReply,
  BankAccountReply,
  ChallengeReply,
  DevOutboxResponse,
  HoldingsReply,
  PlaidLinkTokenReply,
  PlaidSandboxLinkReply,
  SignInResponse,
  TransferReply,
} from '@rampart/contracts';
import { createKycKit } from './kyc-test-kit';
import type { Env } from '../../src/config';
import type { Clock } from '../../src/lib/clock';
import { PLATFORM_FEES, WORLD_BANK, assertInvariants, getAccountBalance } from '../../src/modules/ledger';

const PASSWORD = 'correct horse battery staple';

/**
 * The transfers suites' kit: the KYC kit (the real app on a real database) plus users with an opened, funded
 * account and linked banks, the withdrawal's mail, and the ledger's view of the bank and the fees.
 */
export async function createTransferKit(options: { clock?: Clock; env?: Env } = {}) {
  const k = await createKycKit({
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.env ? { env: options.env } : {}),
  });
  let counter = 0;
  const emails = new Map<string, string>();
  const tradeCodes = new Map<string, string>();

  async function guidOf(email: string): Promise<string> {
    const { rows } = await k.t.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
    if (!rows[0]) throw new Error(`no user ${email}`);
    return rows[0].id;
  }

  /** A user whose custodial account is opened (the sandbox's create call), with `funds` USD in the balance. */
  async function openedUser(funds = '0', prefix = 'transfers') {
    counter += 1;
    const email = `${prefix}-${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const token = await k.signedInUser(email);
    expect((await k.call('/api/primetrust/sandbox/account/individual/create', { token, body: {} })).status).toBe(200);
    if (funds !== '0')
      expect((await k.call('/api/primetrust/sandbox/account/fund', { token, body: { amount: funds } })).status).toBe(
        200,
      );
    emails.set(token, email);
    return { token, email, guid: await guidOf(email) };
  }

  /**
   * `/api/ramp/order` as the SPA places it (R2 step-up, decision 027): the order challenge for the quote, the code
   * from the user's mail, then the order. A second call for the same quote sends the same code, as a client's retry.
   */
  async function placeOrder(token: string, quoteId: string) {
    let code = tradeCodes.get(quoteId);
    if (!code) {
      const email = emails.get(token);
      if (!email) throw new Error('placeOrder needs a user made by openedUser');
      const challenge = await k.call('/api/ramp/order-challenge', { token, body: { quoteId } });
      expect(challenge.status, JSON.stringify(challenge.body)).toBe(200);
      code = await latestCode(email);
      tradeCodes.set(quoteId, code);
    }
    return k.call('/api/ramp/order', { token, body: { quoteId, code } });
  }

  /** Signs an existing user in again (after the clock moved past the access token's life). */
  async function signIn(email: string): Promise<string> {
    const first = ChallengeReply.parse(
      (await k.call('/api/identity/sign-in', { body: { email, password: PASSWORD } })).body,
    );
    const second = await k.call('/api/identity/respond-to-challenge', {
      body: { challengeName: 'EMAIL_OTP', session: first.session, code: await latestCode(email) },
    });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    return AuthenticatedReply.parse(SignInResponse.parse(second.body)).authenticationResult.accessToken;
  }

  async function outbox(to: string) {
    const res = await k.call(`/api/dev/outbox?to=${encodeURIComponent(to)}`, { method: 'GET' });
    return DevOutboxResponse.parse(res.body).messages;
  }

  async function latestCode(to: string): Promise<string> {
    const code = /\b(\d{6})\b/.exec((await outbox(to))[0]?.text ?? '')?.[1];
    if (!code) throw new Error(`no code for ${to}`);
    return code;
  }

  /** The token of the newest withdrawal confirmation link mailed to `email`. */
  async function confirmationToken(email: string): Promise<string> {
    const message = (await outbox(email)).find((m) => /withdrawals\/confirm\?token=/.test(m.text));
    const token = /withdrawals\/confirm\?token=([A-Za-z0-9_-]+)/.exec(message?.text ?? '')?.[1];
    if (!token) throw new Error(`no confirmation link for ${email}`);
    return token;
  }

  /** Links a bank through the sandbox picker and returns its method id. */
  async function addBank(token: string, institutionId = 'ins_wells_fargo'): Promise<string> {
    const { linkToken } = PlaidLinkTokenReply.parse((await k.call('/api/plaid-ui-token', { token, body: {} })).body);
    const l = PlaidSandboxLinkReply.parse(
      (await k.call('/api/plaid-sandbox-link', { token, body: { linkToken, institutionId } })).body,
    );
    const account = l.accounts[0]!;
    const res = await k.call('/api/plaid-bank-account-add', {
      token,
      body: {
        publicToken: l.publicToken,
        accountId: account.id,
        account,
        institutionId: l.institutionId,
        institutionName: l.institutionName,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return BankAccountReply.parse(res.body).account.primetrustFundsTransferMethodId;
  }

  async function holdings(token: string) {
    const res = await k.call('/api/primetrust-accounts-view', { token, body: {} });
    expect(res.status).toBe(200);
    return HoldingsReply.parse(res.body);
  }

  /** A call expected to succeed with a TransferReply. */
  async function transfer(url: string, token: string, body: unknown, key?: string) {
    const res = await k.call(url, { token, body, ...(key ? { headers: { 'idempotency-key': key } } : {}) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return TransferReply.parse(res.body);
  }

  /** USD the outside world (the banks) and the platform's fees hold, in minor units. */
  async function worldAndFees() {
    return {
      bank: (await getAccountBalance(k.t.db, WORLD_BANK, 'USD')).settled,
      fees: (await getAccountBalance(k.t.db, PLATFORM_FEES, 'USD')).settled,
    };
  }

  /** How many ledger transactions carry this transfer's id. */
  async function ledgerTransactionsOf(transferId: string): Promise<number> {
    const { rows } = await k.t.db.query<{ n: bigint }>(
      `SELECT count(*)::int8 AS n FROM ledger_transactions WHERE metadata->>'transferId' = $1`,
      [transferId],
    );
    return Number(rows[0]?.n ?? 0n);
  }

  async function transferCount(guid: string): Promise<number> {
    const { rows } = await k.t.db.query<{ n: bigint }>('SELECT count(*)::int8 AS n FROM transfers WHERE user_id = $1', [
      guid,
    ]);
    return Number(rows[0]?.n ?? 0n);
  }

  return {
    ...k,
    openedUser,
    placeOrder,
    signIn,
    outbox,
    confirmationToken,
    addBank,
    holdings,
    transfer,
    worldAndFees,
    ledgerTransactionsOf,
    transferCount,
    invariants: () => assertInvariants(k.t.db),
  };
}

export type TransferKit = Awaited<ReturnType<typeof createTransferKit>>;
