import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  LEDGER_MESSAGES,
  BankAccountListReply,
  BankAccountReply,
  ContactStatusReply,
  HoldingsReply,
  PlaidLinkTokenReply,
  PlaidSandboxLinkReply,
  SandboxAccountReply,
  SandboxFundReply,
} from '@rampart/contracts';
import { createKycKit, validIndividual, type KycKit } from '../../../test/kits/kyc-test-kit';
import { checkInvariants } from '../ledger';

/** The sandbox calls of document 2, section 7 that open, clear and fund the account (decision 014). */
describe('sandbox: open, clear and fund the custodial account', () => {
  let k: KycKit;
  let users = 0;
  beforeAll(async () => {
    k = await createKycKit();
  });
  afterEach(async () => {
    // After every test: the ledger's invariants hold, whatever the test did.
    expect(await checkInvariants(k.t.db)).toEqual({ ok: true, violations: [] });
  });
  afterAll(async () => {
    await k?.close();
  });

  const newUser = () => k.signedInUser(`sandbox-${++users}@example.com`);
  const holdings = async (token: string) =>
    HoldingsReply.parse((await k.call('/api/primetrust-accounts-view', { token, body: {} })).body);
  const create = (token: string) => k.call('/api/primetrust/sandbox/account/individual/create', { token, body: {} });
  const clear = (token: string) => k.call('/api/primetrust/sandbox/account/individual/clear', { token, body: {} });
  /** A funding call as a client sends it, with the reply's headers (Idempotent-Replayed). */
  const funding = (url: string) => async (token: string, body: unknown, key?: string) => {
    const res = await k.t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
      payload: body as object,
    });
    return { status: res.statusCode, body: res.json() as unknown, headers: res.headers };
  };
  const fund = funding('/api/primetrust/sandbox/account/fund');
  const wire = funding('/api/primetrust-sandbox-send-and-settle-wire-deposit');
  const asset = funding('/api/primetrust-sandbox-asset-deposit');

  async function openedUser(): Promise<string> {
    const token = await newUser();
    expect((await create(token)).status).toBe(200);
    return token;
  }

  async function history(token: string) {
    const detail = ContactStatusReply.parse((await k.call('/api/primetrust-contact', { token, body: {} })).body);
    return detail.history.map((h) => `${h.from}>${h.to}: ${h.reason}`);
  }

  async function metadataOf(transactionId: string) {
    const { rows } = await k.t.db.query<{ metadata: Record<string, unknown> }>(
      'SELECT metadata FROM ledger_transactions WHERE id = $1',
      [transactionId],
    );
    return rows[0]?.metadata;
  }

  it('create opens a user with no record at once, with the sandbox individual and passport', async () => {
    const token = await newUser();
    expect(await k.accountStatus(token)).toMatchObject({ status: 'noInfo' });
    const res = await create(token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const reply = SandboxAccountReply.parse(res.body);
    expect(reply).toMatchObject({
      message: 'Account KYC Open Successfully',
      status: 'opened',
      passport: { documentType: 'passport', country: 'US', expiresOn: '2050-01-01' },
    });
    expect(reply.accountId).toMatch(/^acct_/);
    const account = await k.accountStatus(token);
    expect(account).toMatchObject({
      status: 'opened',
      accountId: reply.accountId,
      statusReason: 'Sandbox: account opened at once (sandbox passport, expires 2050-01-01)',
    });
    expect(account.relatedId).toMatch(/^ct_/);
    expect(await history(token)).toEqual([
      'noInfo>opened: Sandbox: account opened at once (sandbox passport, expires 2050-01-01)',
    ]);
    // The record is complete: the KYC details call reads the sandbox individual.
    const info = (await k.call('/api/contact/get/individualinfo', { token, body: {} })).body as {
      individual: { name: { first: string } };
    };
    expect(info.individual.name.first).toBe('Sandbox');
    // Repeating it changes nothing.
    expect(SandboxAccountReply.parse((await create(token)).body).accountId).toBe(reply.accountId);
    expect(await history(token)).toHaveLength(1);
  });

  it('create keeps an existing record and opens its incomplete account', async () => {
    const token = await newUser();
    expect(
      (
        await k.call('/api/contact/set/individualinfo', {
          token,
          body: validIndividual({ first: 'Grace', last: 'Hopper' }),
        })
      ).status,
    ).toBe(200);
    expect((await create(token)).status).toBe(200);
    expect(await k.accountStatus(token)).toMatchObject({ status: 'opened' });
    const info = (await k.call('/api/contact/get/individualinfo', { token, body: {} })).body as {
      individual: { name: { first: string } };
    };
    expect(info.individual.name.first).toBe('Grace');
    expect(await history(token)).toEqual([
      'noInfo>incomplete: Personal details saved',
      'incomplete>opened: Sandbox: account opened at once (sandbox passport, expires 2050-01-01)',
    ]);
  });

  it('fund credits USD settled at once and the holdings show it', async () => {
    const token = await openedUser();
    expect(await holdings(token)).toEqual({
      available: '0.00',
      settled: '0.00',
      held: '0.00',
      assets: [{ assetTicker: 'USDC', settled: '0.000000', held: '0.000000', available: '0.000000' }],
    });
    const res = await fund(token, { amount: '100.5' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const reply = SandboxFundReply.parse(res.body);
    expect(reply).toMatchObject({
      message: 'Fund Account Success',
      assetTicker: 'USD',
      amount: '100.50',
      replayed: false,
    });
    expect(await metadataOf(reply.transactionId)).toMatchObject({
      kind: 'sandbox-fund',
      sandbox: true,
      status: 'settled',
    });
    expect(await fund(token, { amount: 20 })).toMatchObject({ status: 200 });
    expect(await holdings(token)).toMatchObject({ available: '120.50', settled: '120.50', held: '0.00' });
  });

  it('wire deposit credits USD recorded as a settled wire deposit', async () => {
    const token = await openedUser();
    const res = await wire(token, { amount: '250.00' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const reply = SandboxFundReply.parse(res.body);
    expect(reply).toMatchObject({ message: 'Wire Deposit Fund Success', amount: '250.00' });
    expect(await metadataOf(reply.transactionId)).toMatchObject({ kind: 'deposit', method: 'wire', status: 'settled' });
    expect((await holdings(token)).available).toBe('250.00');
  });

  it('asset deposit credits a ledger asset, the ticker upper-cased, and refuses others', async () => {
    const token = await openedUser();
    const res = await asset(token, { assetTicker: 'usdc', amount: '1.123456' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(SandboxFundReply.parse(res.body)).toMatchObject({
      message: 'Fund Asset Success',
      assetTicker: 'USDC',
      amount: '1.123456',
    });
    expect((await holdings(token)).assets).toEqual([
      { assetTicker: 'USDC', settled: '1.123456', held: '0.000000', available: '1.123456' },
    ]);
    expect((await holdings(token)).available).toBe('0.00');
    for (const ticker of ['doge', 'USD']) {
      const refused = k.expectError(await asset(token, { assetTicker: ticker, amount: '1' }), 400, 'validation_failed');
      expect(refused.errors?.fields).toEqual({ assetTicker: `Asset ${ticker.toUpperCase()} not supported!` });
    }
    expect(k.expectError(await asset(token, { amount: '1' }), 400, 'validation_failed').errors?.fields).toEqual({
      assetTicker: 'Asset is required',
    });
    expect(
      k.expectError(await asset(token, { assetTicker: 'USDC', amount: '0.0000001' }), 400, 'validation_failed').errors
        ?.fields,
    ).toEqual({
      amount: 'Amount can have at most 6 decimal places',
    });
  });

  it.each([
    [{}, 'Amount is required'],
    [{ amount: '' }, 'Amount is required'],
    [{ amount: '  ' }, 'Amount is required'],
    [{ amount: null }, 'Amount is required'],
    [{ amount: '0' }, 'Amount must be greater than 0'],
    [{ amount: '0.00' }, 'Amount must be greater than 0'],
    [{ amount: '-5' }, 'Amount must be greater than 0'],
    [{ amount: -5 }, 'Amount must be greater than 0'],
    [{ amount: 'ten' }, 'Amount must be a number'],
    [{ amount: '1e3' }, 'Amount must be a number'],
    [{ amount: '10.001' }, 'Amount can have at most 2 decimal places'],
    [{ amount: 10.001 }, 'Amount can have at most 2 decimal places'],
    [{ amount: '1234567890123456' }, 'Amount is too large'],
  ])('refuses the amount %j: %s', async (body, message) => {
    const token = await openedUser();
    for (const call of [fund, wire]) {
      const error = k.expectError(await call(token, body), 400, 'validation_failed');
      expect(error.errors?.fields).toEqual({ amount: message });
    }
    expect((await holdings(token)).settled).toBe('0.00');
  });

  it('refuses a funding that would take the balance beyond what the ledger holds: a 400 on the amount, nothing moves', async () => {
    const token = await openedUser();
    // Each funding at most 999,999,999,999,999.99 USD; 92 of them fit a bigint of cents, a 93rd would not.
    for (let i = 0; i < 92; i++) expect((await fund(token, { amount: '999999999999999.99' })).status).toBe(200);
    const before = (await holdings(token)).settled;
    const error = k.expectError(await fund(token, { amount: '999999999999999.99' }), 400, 'validation_failed');
    expect(error.errors?.fields).toEqual({ amount: LEDGER_MESSAGES.balanceTooLarge });
    expect(error.fieldKeys?.amount).toEqual({ key: 'ledger.balanceTooLarge' });
    expect((await holdings(token)).settled).toBe(before);
    expect((await fund(token, { amount: '1000' })).status).toBe(200);
    expect(BigInt((await holdings(token)).settled.replace('.', ''))).toBe(BigInt(before.replace('.', '')) + 100000n);
  });

  it('refuses to fund an account that is not opened', async () => {
    const token = await newUser();
    k.expectError(await fund(token, { amount: '10' }), 409, 'account_not_opened');
    k.expectError(await wire(token, { amount: '10' }), 409, 'account_not_opened');
    k.expectError(await asset(token, { assetTicker: 'USDC', amount: '10' }), 409, 'account_not_opened');
    expect((await k.call('/api/contact/set/individualinfo', { token, body: validIndividual() })).status).toBe(200);
    const body = k.expectError(await fund(token, { amount: '10' }), 409, 'account_not_opened');
    expect(body.message).toBe('The account must be opened before it can be funded');
    expect(await holdings(token)).toMatchObject({ available: '0.00', settled: '0.00' });
  });

  it('replays a call with the same Idempotency-Key, refuses the key with other parameters', async () => {
    const token = await openedUser();
    const first = SandboxFundReply.parse((await fund(token, { amount: '40' }, 'fund-key-1')).body);
    const again = await fund(token, { amount: '40' }, 'fund-key-1');
    expect(again.status).toBe(200);
    // The stored reply of the first request, flagged as a replay (decisions 018 and 104): nothing moved twice.
    expect(SandboxFundReply.parse(again.body)).toEqual({ ...first, replayed: true });
    expect((await holdings(token)).available).toBe('40.00');
    const other = k.expectError(await fund(token, { amount: '41' }, 'fund-key-1'), 422, 'idempotency_error');
    expect(Object.keys(other.errors?.fields ?? {})).toEqual(['amount']);
    // The same key on another call is refused too, naming the route.
    const elsewhere = k.expectError(await wire(token, { amount: '40' }, 'fund-key-1'), 422, 'idempotency_error');
    expect(Object.keys(elsewhere.errors?.fields ?? {})).toEqual(['route']);
    // Keys belong to their user: another user's identical key moves that user's money.
    const someone = await openedUser();
    expect(SandboxFundReply.parse((await fund(someone, { amount: '40' }, 'fund-key-1')).body).replayed).toBe(false);
    expect((await holdings(someone)).available).toBe('40.00');
    expect((await holdings(token)).available).toBe('40.00');
    k.expectError(await fund(token, { amount: '1' }, 'bad key with spaces'), 400, 'validation_failed');
  });

  // docs/decisions/104-every-refusal-is-keyed.md: a replay says so in its body as in its header.
  it.each([
    ['fund account', (token: string, key: string) => fund(token, { amount: '100' }, key)],
    ['wire deposit', (token: string, key: string) => wire(token, { amount: '100' }, key)],
    ['asset deposit', (token: string, key: string) => asset(token, { assetTicker: 'USDC', amount: '100' }, key)],
  ])('%s: a replay says "replayed": true in its body, as its header does', async (_label, send) => {
    const token = await openedUser();
    const first = await send(token, 'replay-flag');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(SandboxFundReply.parse(first.body).replayed).toBe(false);
    const again = await send(token, 'replay-flag');
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(SandboxFundReply.parse(again.body)).toEqual({ ...SandboxFundReply.parse(first.body), replayed: true });
  });

  // docs/decisions/104-every-refusal-is-keyed.md: the idempotency comparison reads the amount as the ledger does.
  it('one amount written as "100", 100 or "100.00" under one key is one request; 101 is another', async () => {
    const token = await openedUser();
    const first = await fund(token, { amount: '100' }, 'same-amount');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const { transactionId } = SandboxFundReply.parse(first.body);
    for (const amount of [100, '100.00', ' 0100.0 ']) {
      const again = await fund(token, { amount }, 'same-amount');
      expect(again.status, `${JSON.stringify(amount)}: ${JSON.stringify(again.body)}`).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(SandboxFundReply.parse(again.body)).toMatchObject({ transactionId, replayed: true, amount: '100.00' });
    }
    expect((await holdings(token)).available).toBe('100.00');
    const other = k.expectError(await fund(token, { amount: 101 }, 'same-amount'), 422, 'idempotency_error');
    expect(Object.keys(other.errors?.fields ?? {})).toEqual(['amount']);
    // The asset deposit reads its amount with the asset's decimals, and the ticker without case.
    expect((await asset(token, { assetTicker: 'USDC', amount: '2.5' }, 'same-asset')).status).toBe(200);
    const same = await asset(token, { assetTicker: 'usdc', amount: 2.5 }, 'same-asset');
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(same.headers['idempotent-replayed']).toBe('true');
    k.expectError(await asset(token, { assetTicker: 'USDS', amount: 2.5 }, 'same-asset'), 422, 'idempotency_error');
    expect((await holdings(token)).available).toBe('100.00');
  });

  // docs/decisions/104-every-refusal-is-keyed.md: every refusal of the funding calls travels with its key.
  it('keys its refusals: an unknown asset names its ticker, the amount rules have keys of their own', async () => {
    const token = await openedUser();
    const keyed = (res: { status: number; body: unknown }, field: string) => {
      const body = k.expectError(res, 400, 'validation_failed');
      return { text: body.errors?.fields[field], key: body.fieldKeys?.[field] };
    };
    expect(keyed(await asset(token, { assetTicker: 'zzz', amount: '1' }), 'assetTicker')).toEqual({
      text: 'Asset ZZZ not supported!',
      key: { key: 'asset.notSupported', params: { ticker: 'ZZZ' } },
    });
    expect(keyed(await asset(token, { amount: '1' }), 'assetTicker')).toEqual({
      text: 'Asset is required',
      key: { key: 'ramp.tickerRequired' },
    });
    expect(keyed(await fund(token, { amount: 'abc' }), 'amount')).toEqual({
      text: 'Amount must be a number',
      key: { key: 'sandbox.amountNotNumber' },
    });
    expect(keyed(await fund(token, {}), 'amount')).toEqual({
      text: 'Amount is required',
      key: { key: 'transfer.amountRequired' },
    });
    expect(keyed(await wire(token, { amount: '-1' }), 'amount')).toEqual({
      text: 'Amount must be greater than 0',
      key: { key: 'transfer.amountNotPositive' },
    });
    expect(keyed(await fund(token, { amount: '9'.repeat(30) }), 'amount')).toEqual({
      text: 'Amount is too large',
      key: { key: 'sandbox.amountTooLarge' },
    });
    expect(keyed(await fund(token, { amount: '1.234' }), 'amount')).toEqual({
      text: 'Amount can have at most 2 decimal places',
      key: { key: 'sandbox.amountDecimals', params: { decimals: 2 } },
    });
  });

  it('clear takes the account back to noInfo; the ledger keeps the funds for a reopened account', async () => {
    const token = await openedUser();
    expect((await fund(token, { amount: '75' })).status).toBe(200);
    const res = await clear(token);
    expect(res.status).toBe(200);
    expect(SandboxAccountReply.parse(res.body)).toEqual({
      message: 'Account KYC Clear Successfully',
      status: 'noInfo',
      accountId: null,
      passport: null,
    });
    expect(await k.accountStatus(token)).toEqual({
      status: 'noInfo',
      accountId: null,
      relatedId: null,
      statusReason: null,
    });
    expect(await holdings(token)).toMatchObject({ available: '0.00', settled: '0.00' });
    k.expectError(await fund(token, { amount: '1' }), 409, 'account_not_opened');
    // Clearing again is harmless; the KYC details can be saved afresh.
    expect((await clear(token)).status).toBe(200);
    expect((await k.call('/api/contact/set/individualinfo', { token, body: validIndividual() })).status).toBe(200);
    expect(await k.accountStatus(token)).toMatchObject({ status: 'incomplete' });
    expect((await create(token)).status).toBe(200);
    expect((await holdings(token)).available).toBe('75.00');
    expect(await history(token)).toEqual([
      'noInfo>opened: Sandbox: account opened at once (sandbox passport, expires 2050-01-01)',
      'opened>noInfo: Sandbox: account cleared',
      'noInfo>incomplete: Personal details saved',
      'incomplete>opened: Sandbox: account opened at once (sandbox passport, expires 2050-01-01)',
    ]);
  });

  it.each([
    '/api/primetrust/sandbox/account/individual/create',
    '/api/primetrust/sandbox/account/individual/clear',
    '/api/primetrust/sandbox/account/fund',
    '/api/primetrust-sandbox-send-and-settle-wire-deposit',
    '/api/primetrust-sandbox-asset-deposit',
    '/api/primetrust-accounts-view',
  ])('%s answers 401 to an anonymous caller', async (url) => {
    k.expectError(await k.call(url, { body: { amount: '1', assetTicker: 'USDC' } }), 401, 'unauthenticated');
  });

  it('resets a linked bank method so that it asks for login again, and needs a method chosen', async () => {
    const token = await newUser();
    const reset = (body: unknown) => k.call('/api/primetrust/sandbox/plaid-reset-method', { token, body });
    const missing = k.expectError(await reset({}), 400, 'validation_failed');
    expect(JSON.stringify(missing)).toContain('Select one payment method');
    k.expectError(
      await reset({ fundsTransferMethodId: '6f1c2a4e-8b3d-4c5e-9f6a-0b1c2d3e4f5a' }),
      404,
      'bank_method_unknown',
    );

    const { linkToken } = PlaidLinkTokenReply.parse((await k.call('/api/plaid-ui-token', { token, body: {} })).body);
    const linked = PlaidSandboxLinkReply.parse(
      (await k.call('/api/plaid-sandbox-link', { token, body: { linkToken, institutionId: 'ins_wells_fargo' } })).body,
    );
    const account = linked.accounts[0]!;
    const added = await k.call('/api/plaid-bank-account-add', {
      token,
      body: {
        publicToken: linked.publicToken,
        accountId: account.id,
        account,
        institutionId: linked.institutionId,
        institutionName: linked.institutionName,
      },
    });
    const method = BankAccountReply.parse(added.body).account;
    expect(method.requiresReauth).toBe(false);

    const res = await reset({ fundsTransferMethodId: method.primetrustFundsTransferMethodId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      message: 'Success! Your funds transfer method reset has been initiated.',
      fundsTransferMethodId: method.primetrustFundsTransferMethodId,
      requiresReauth: true,
    });
    const listed = BankAccountListReply.parse(
      (await k.call('/api/bank-account-list', { token, body: {} })).body,
    ).accounts;
    expect(listed[0]).toMatchObject({
      requiresReauth: true,
      errors: { fields: { ItemRequiredLogin: 'Please wait a few seconds to reauthenticate your Plaid bank account' } },
    });
    // Another user cannot reset it.
    const other = await newUser();
    k.expectError(
      await k.call('/api/primetrust/sandbox/plaid-reset-method', {
        token: other,
        body: { fundsTransferMethodId: method.primetrustFundsTransferMethodId },
      }),
      404,
      'bank_method_unknown',
    );
  });
});
