import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  BankAccountReply,
  HoldingsReply,
  PlaidLinkTokenReply,
  PlaidSandboxLinkReply,
  SandboxFundReply,
  TransferReply,
} from '@rampart/contracts';
import { createKycKit, type KycKit } from '../../test/kits/kyc-test-kit';
import { checkInvariants, userAccount } from '../modules/ledger';
import { manualClock } from '../lib/clock';
import { IN_FLIGHT_TIMEOUT_MS } from '../lib/idempotency';
import { testDatabaseKind } from '../../test/helpers';

/** R16 at the HTTP layer (decision 018), through the sandbox funding calls, as a client sees it. */
describe(`HTTP idempotency of money-moving routes (${testDatabaseKind()})`, () => {
  const clock = manualClock();
  let k: KycKit;
  let users = 0;
  beforeAll(async () => {
    k = await createKycKit({ clock });
  });
  afterEach(async () => {
    expect(await checkInvariants(k.t.db)).toEqual({ ok: true, violations: [] });
  });
  afterAll(async () => {
    await k?.close();
  });

  async function openedUser(): Promise<{ token: string; userGuid: string }> {
    const email = `idem-${++users}@example.com`;
    const token = await k.signedInUser(email);
    expect((await k.call('/api/primetrust/sandbox/account/individual/create', { token, body: {} })).status).toBe(200);
    const { rows } = await k.t.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
    return { token, userGuid: rows[0]!.id };
  }
  const available = async (token: string) =>
    HoldingsReply.parse((await k.call('/api/primetrust-accounts-view', { token, body: {} })).body).available;
  /** The fund call with its headers, as the client sees them. */
  async function fund(token: string, body: unknown, key?: string) {
    const res = await k.t.app.inject({
      method: 'POST',
      url: '/api/primetrust/sandbox/account/fund',
      headers: { authorization: `Bearer ${token}`, ...(key === undefined ? {} : { 'idempotency-key': key }) },
      payload: body as object,
    });
    return { status: res.statusCode, body: res.json() as unknown, text: res.body, headers: res.headers };
  }
  /** A stored reply given back: the first reply as it was, but that its body says replayed, as its header does. */
  function expectReplayOf(replay: Awaited<ReturnType<typeof fund>>, original: Awaited<ReturnType<typeof fund>>) {
    expect(replay.status, replay.text).toBe(original.status);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.headers['content-type']).toMatch(/^application\/json/);
    expect(original.body).toMatchObject({ replayed: false });
    expect(replay.body).toEqual({ ...(original.body as object), replayed: true });
  }
  const ledgerTransactions = async (userGuid: string) =>
    Number(
      (
        await k.t.db.query<{ n: string }>(
          'SELECT count(DISTINCT transaction_id) AS n FROM ledger_postings WHERE destination = $1',
          [userAccount(userGuid, 'USD')],
        )
      ).rows[0]!.n,
    );

  it('a repeated request gets the stored reply, its replayed flag set as the header says, and moves nothing twice', async () => {
    const { token, userGuid } = await openedUser();
    const first = await fund(token, { amount: '40' }, 'key-replay');
    expect(first.status).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await fund(token, { amount: '40' }, 'key-replay');
    expect(again.status).toBe(200);
    expectReplayOf(again, first);
    expect(again.headers['content-type']).toMatch(/^application\/json/);
    expect(await available(token)).toBe('40.00');
    expect(await ledgerTransactions(userGuid)).toBe(1);
  });

  it('the same key with other parameters: 422 idempotency_error naming the field', async () => {
    const { token } = await openedUser();
    expect((await fund(token, { amount: '10' }, 'key-params')).status).toBe(200);
    const other = k.expectError(await fund(token, { amount: '10.01' }, 'key-params'), 422, 'idempotency_error');
    expect(other).toMatchObject({
      type: 'idempotency_error',
      message: 'This idempotency key was used with a different amount',
      errors: { fields: { amount: 'This idempotency key was used with a different amount' } },
    });
    const asset = await k.call('/api/primetrust-sandbox-asset-deposit', {
      token,
      body: { assetTicker: 'USDC', amount: '1' },
      headers: { 'idempotency-key': 'key-asset' },
    });
    expect(asset.status).toBe(200);
    const ticker = k.expectError(
      await k.call('/api/primetrust-sandbox-asset-deposit', {
        token,
        body: { assetTicker: 'USDT', amount: '1' },
        headers: { 'idempotency-key': 'key-asset' },
      }),
      422,
      'idempotency_error',
    );
    expect(Object.keys(ticker.errors?.fields ?? {})).toEqual(['assetTicker']);
    const route = k.expectError(
      await k.call('/api/primetrust-sandbox-send-and-settle-wire-deposit', {
        token,
        body: { amount: '10' },
        headers: { 'idempotency-key': 'key-params' },
      }),
      422,
      'idempotency_error',
    );
    expect(Object.keys(route.errors?.fields ?? {})).toEqual(['route']);
    expect(await available(token)).toBe('10.00');
  });

  it('a failed first attempt frees the key: the retry is judged afresh', async () => {
    const email = `idem-${++users}@example.com`;
    const token = await k.signedInUser(email);
    // Refused by the use case (the account is not opened yet): the key was claimed, then freed.
    k.expectError(await fund(token, { amount: '25' }, 'key-fail'), 409, 'account_not_opened');
    // Refused before the handler (bad body): nothing was claimed.
    k.expectError(await fund(token, { amount: '-1' }, 'key-invalid'), 400, 'validation_failed');
    expect((await k.call('/api/primetrust/sandbox/account/individual/create', { token, body: {} })).status).toBe(200);
    const retried = await fund(token, { amount: '25' }, 'key-fail');
    expect(retried.status, retried.text).toBe(200);
    expect(SandboxFundReply.parse(retried.body)).toMatchObject({ amount: '25.00', replayed: false });
    expect((await fund(token, { amount: '5' }, 'key-invalid')).status).toBe(200);
    expect(await available(token)).toBe('30.00');
  });

  it('a key still in flight answers 409 with Retry-After; a claim older than the timeout is taken over', async () => {
    const { token, userGuid } = await openedUser();
    // Another instance of the API claimed the key and is still working on it.
    await k.t.db.query(
      `INSERT INTO http_idempotency_keys (user_id, key, route, params, state, claim_id, claimed_at, created_at)
       VALUES ($1, 'key-busy', 'POST /api/primetrust/sandbox/account/fund', '{"amount":"15"}', 'in_flight', gen_random_uuid(), $2, $2)`,
      [userGuid, clock.now()],
    );
    const busy = await fund(token, { amount: '15' }, 'key-busy');
    const body = k.expectError(busy, 409, 'conflict');
    expect(body.message).toBe('The request conflicts with another one in progress');
    expect(busy.headers['retry-after']).toBe('1');
    // Other parameters are refused even while the first is in flight.
    k.expectError(await fund(token, { amount: '16' }, 'key-busy'), 422, 'idempotency_error');
    expect(await available(token)).toBe('0.00');
    // That instance died: once the claim is older than the timeout, the retry takes it over and runs.
    clock.advance(IN_FLIGHT_TIMEOUT_MS + 1000);
    const taken = await fund(token, { amount: '15' }, 'key-busy');
    expect(taken.status, taken.text).toBe(200);
    expectReplayOf(await fund(token, { amount: '15' }, 'key-busy'), taken);
    expect(await available(token)).toBe('15.00');
  });

  it('a crash after the money moved but before the reply was stored: the retry gets the ledger’s result, no second movement', async () => {
    const { token, userGuid } = await openedUser();
    const first = SandboxFundReply.parse((await fund(token, { amount: '20' }, 'key-crash')).body);
    // As if the process died between the ledger's commit and storing the reply: the claim is left in flight.
    await k.t.db.query(
      `UPDATE http_idempotency_keys SET state = 'in_flight', status_code = NULL, reply = NULL, completed_at = NULL WHERE user_id = $1 AND key = 'key-crash'`,
      [userGuid],
    );
    k.expectError(await fund(token, { amount: '20' }, 'key-crash'), 409, 'conflict');
    clock.advance(IN_FLIGHT_TIMEOUT_MS + 1000);
    const retried = await fund(token, { amount: '20' }, 'key-crash');
    expect(retried.status).toBe(200);
    expect(SandboxFundReply.parse(retried.body)).toMatchObject({ transactionId: first.transactionId, replayed: true });
    expect(await available(token)).toBe('20.00');
    expect(await ledgerTransactions(userGuid)).toBe(1);
  });

  it('two simultaneous requests with one key: one 200, the other 409 or the same stored reply; one movement', async () => {
    const { token, userGuid } = await openedUser();
    const [a, b] = await Promise.all([
      fund(token, { amount: '60' }, 'key-race'),
      fund(token, { amount: '60' }, 'key-race'),
    ]);
    const replies = [a, b];
    const ok = replies.filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    const original = ok.find((r) => r.headers['idempotent-replayed'] === undefined)!;
    expect(original).toBeDefined();
    for (const r of replies) {
      if (r === original) continue;
      if (r.status === 200) expectReplayOf(r, original);
      else k.expectError(r, 409, 'conflict');
    }
    expect(await available(token)).toBe('60.00');
    expect(await ledgerTransactions(userGuid)).toBe(1);
    // The client's retry of a 409 gets the stored reply.
    expectReplayOf(await fund(token, { amount: '60' }, 'key-race'), original);

    if (testDatabaseKind() === 'postgres') {
      // On a server with real connections, hold the first request inside its handler (the account row it locks is
      // held by this test): its duplicate gets 409 while it waits, and the stored reply once it finished.
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      let locked = () => {};
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const holder = k.t.db.transaction(async (tx) => {
        await tx.query('SELECT 1 FROM custodian_accounts WHERE user_id = $1 FOR UPDATE', [userGuid]);
        locked();
        await released;
      });
      await isLocked;
      const firstPromise = fund(token, { amount: '12' }, 'key-held');
      const claimed = async () =>
        (await k.t.db.query("SELECT 1 FROM http_idempotency_keys WHERE user_id = $1 AND key = 'key-held'", [userGuid]))
          .rows.length === 1;
      for (let i = 0; i < 200 && !(await claimed()); i++) await new Promise((r) => setTimeout(r, 25));
      const duplicate = await fund(token, { amount: '12' }, 'key-held');
      k.expectError(duplicate, 409, 'conflict');
      expect(duplicate.headers['retry-after']).toBe('1');
      release();
      await holder;
      const first = await firstPromise;
      expect(first.status).toBe(200);
      expectReplayOf(await fund(token, { amount: '12' }, 'key-held'), first);
      expect(await available(token)).toBe('72.00');
    }
  });

  it('twenty simultaneous requests with one key move the money once', async () => {
    const { token, userGuid } = await openedUser();
    const replies = await Promise.all(Array.from({ length: 20 }, () => fund(token, { amount: '7.50' }, 'key-crowd')));
    const ok = replies.filter((r) => r.status === 200);
    const transactions = new Set(ok.map((r) => SandboxFundReply.parse(r.body).transactionId));
    expect(transactions.size).toBe(1);
    expect(ok.filter((r) => r.headers['idempotent-replayed'] === undefined)).toHaveLength(1);
    for (const r of replies.filter((r) => r.status !== 200)) k.expectError(r, 409, 'conflict');
    expect(await available(token)).toBe('7.50');
    expect(await ledgerTransactions(userGuid)).toBe(1);
  });

  it('a single-flight route (transfers): 409 only while in flight; repeats afterwards are the module’s own replays', async () => {
    const { token, userGuid } = await openedUser();
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
    const bank = BankAccountReply.parse(added.body).account.primetrustFundsTransferMethodId;
    const body = { method: 'primex_instant_ach', amount: '25', fundsTransferMethodId: bank };
    const deposit = (b: unknown) =>
      k.call('/api/transfers/deposit', { token, body: b, headers: { 'idempotency-key': 'deposit-flight' } });
    await k.t.db.query(
      `INSERT INTO http_idempotency_keys (user_id, key, route, params, state, claim_id, claimed_at, created_at)
       VALUES ($1, 'deposit-flight', 'POST /api/transfers/deposit', $2, 'in_flight', gen_random_uuid(), $3, $3)`,
      [userGuid, JSON.stringify(body), clock.now()],
    );
    k.expectError(await deposit(body), 409, 'conflict');
    clock.advance(IN_FLIGHT_TIMEOUT_MS + 1000);
    const first = await deposit(body);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const again = TransferReply.parse((await deposit({ ...body, amount: '25.00' })).body);
    // The module judged the repeat: the same transfer, replayed, and '25.00' is the same amount to it.
    expect(again).toEqual({ ...TransferReply.parse(first.body), replayed: true });
    k.expectError(await deposit({ ...body, amount: '26' }), 422, 'idempotency_error');
    expect(
      (
        await k.t.db.query("SELECT 1 FROM http_idempotency_keys WHERE user_id = $1 AND key = 'deposit-flight'", [
          userGuid,
        ])
      ).rows,
    ).toEqual([]);
  });

  it('keys belong to their user; calls without a key are never deduplicated; a malformed key is refused', async () => {
    const one = await openedUser();
    const two = await openedUser();
    expect((await fund(one.token, { amount: '1' }, 'shared-key')).status).toBe(200);
    const other = await fund(two.token, { amount: '1' }, 'shared-key');
    expect(other.status).toBe(200);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect((await fund(one.token, { amount: '2' })).status).toBe(200);
    expect((await fund(one.token, { amount: '2' })).status).toBe(200);
    expect(await available(one.token)).toBe('5.00');
    expect(await available(two.token)).toBe('1.00');
    const bad = k.expectError(
      await fund(one.token, { amount: '1' }, 'spaces are not allowed'),
      400,
      'validation_failed',
    );
    expect(bad.errors?.fields).toEqual({
      'Idempotency-Key': 'The Idempotency-Key header must be 1 to 200 visible ASCII characters',
    });
    k.expectError(await fund(one.token, { amount: '1' }, 'x'.repeat(201)), 400, 'validation_failed');
    expect(await available(one.token)).toBe('5.00');
  });
});
