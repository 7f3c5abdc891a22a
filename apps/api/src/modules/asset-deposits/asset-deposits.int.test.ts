import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ASSET_DEPOSIT_MESSAGES,
  ApiErrorBody,
  LEDGER_MESSAGES,
  AssetDepositAddressReply,
  PublicConfig,
  SandboxAssetDepositReply,
  belowMinimumDepositMessage,
  validateAddress,
  SANDBOX_MESSAGES,
} from '@rampart/contracts';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { createTransferKit } from '../../../test/kits/transfer-test-kit';

/**
 * The "assets addition" flag (docs/feature-flags.md): on, a verified user gets a deposit address (and memo) per
 * asset, the same on every ask, and a deposit to it credits the holdings once per chain transaction; off (the
 * default, the second app on the same database), the calls refuse and nothing is made.
 */
describe('asset deposits: an address per asset, each chain deposit credited once', () => {
  let k: Awaited<ReturnType<typeof createTransferKit>>;
  let off: TestApp;

  beforeAll(async () => {
    k = await createTransferKit({ env: { FEATURE_FLAGS: JSON.stringify({ assetsAddition: true }) } });
    off = await createTestApp({ db: k.t.db });
  });
  afterAll(async () => {
    await off?.close();
    await k?.close();
  });

  const address = (token: string, body: unknown, app: TestApp = k.t) =>
    app.app.inject({
      method: 'POST',
      url: '/api/holdings/deposit-address',
      payload: body as object,
      headers: { authorization: `Bearer ${token}` },
    });
  const arrive = (token: string, body: unknown, key?: string, app: TestApp = k.t) =>
    app.app.inject({
      method: 'POST',
      url: '/api/primetrust-sandbox-receive-asset-deposit',
      payload: body as object,
      headers: { authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
    });
  const held = async (token: string, ticker: string) =>
    (await k.holdings(token)).assets.find((a) => a.assetTicker === ticker)?.settled ?? '0';
  const depositRows = async (guid: string) =>
    Number(
      (await k.t.db.query<{ n: bigint }>('SELECT count(*)::int8 AS n FROM asset_deposits WHERE user_id = $1', [guid]))
        .rows[0]?.n ?? 0n,
    );
  const ledgerCredits = async (guid: string) =>
    Number(
      (
        await k.t.db.query<{ n: bigint }>(
          `SELECT count(*)::int8 AS n FROM ledger_transactions t WHERE t.metadata->>'kind' = 'asset-deposit' AND t.metadata->>'depositId' IN (SELECT id::text FROM asset_deposits WHERE user_id = $1)`,
          [guid],
        )
      ).rows[0]?.n ?? 0n,
    );

  it('issues a verified user an address and memo per asset, the same one when asked again', async () => {
    const user = await k.openedUser('0', 'deposit-address');
    const first = await address(user.token, { network: 'xrpl', assetTicker: 'usds' });
    expect(first.statusCode, first.body).toBe(200);
    const xrpl = AssetDepositAddressReply.parse(first.json()).deposit;
    expect(xrpl).toMatchObject({
      network: 'xrpl',
      assetTicker: 'USDS',
      minimumDeposit: '10',
      memo: expect.stringMatching(/^\d+$/),
    });
    expect(validateAddress('xrpl', xrpl.address).ok).toBe(true);
    expect(
      AssetDepositAddressReply.parse((await address(user.token, { network: 'xrpl', assetTicker: 'USDS' })).json())
        .deposit,
    ).toEqual(xrpl);

    // No memo where the address alone is the user's; another asset, another user: other targets.
    const eth = AssetDepositAddressReply.parse(
      (await address(user.token, { network: 'ethereum', assetTicker: 'ETH' })).json(),
    ).deposit;
    expect(eth).toMatchObject({ memo: null, address: expect.stringMatching(/^0x[0-9a-f]{40}$/) });
    const xrp = AssetDepositAddressReply.parse(
      (await address(user.token, { network: 'xrpl', assetTicker: 'XRP' })).json(),
    ).deposit;
    expect(xrp.memo).not.toBe(xrpl.memo);
    const other = await k.openedUser('0', 'deposit-address-other');
    const theirs = AssetDepositAddressReply.parse(
      (await address(other.token, { network: 'xrpl', assetTicker: 'USDS' })).json(),
    ).deposit;
    expect(theirs.memo).not.toBe(xrpl.memo);

    // What cannot be chosen on the trade pages cannot be deposited either (usdc is in the disabled list).
    const refused = await address(user.token, { network: 'stellar', assetTicker: 'USDC' });
    expect(refused.statusCode).toBe(400);
    expect(ApiErrorBody.parse(refused.json()).errors?.fields).toEqual({
      assetTicker: ASSET_DEPOSIT_MESSAGES.assetNotOffered,
    });
    expect((await address(user.token, { network: 'primex_ach', assetTicker: 'USD' })).statusCode).toBe(400);
  });

  it('gives no address to a user whose account is not opened', async () => {
    const token = await k.signedInUser(`deposit-unverified-${Date.now()}@example.com`);
    const res = await address(token, { network: 'xrpl', assetTicker: 'USDS' });
    expect(res.statusCode).toBe(409);
    expect(ApiErrorBody.parse(res.json()).code).toBe('account_not_opened');
  });

  it('credits a sandbox deposit to the holdings once, however often it is replayed', async () => {
    const user = await k.openedUser('0', 'deposit-arrives');
    const target = AssetDepositAddressReply.parse(
      (await address(user.token, { network: 'xrpl', assetTicker: 'USDS' })).json(),
    ).deposit;
    const body = { network: 'xrpl', assetTicker: 'USDS', amount: '25.5' };

    const first = await arrive(user.token, body, 'arrival-1');
    expect(first.statusCode, first.body).toBe(200);
    const received = SandboxAssetDepositReply.parse(first.json());
    expect(received).toMatchObject({
      replayed: false,
      deposit: {
        amount: '25.500000',
        address: target.address,
        memo: target.memo,
        txHash: expect.stringMatching(/^[0-9A-F]{64}$/),
      },
    });
    expect(await held(user.token, 'USDS')).toBe('25.500000');

    // The call retried with its key (the HTTP layer's stored reply, flagged as a replay: decision 104), then the same
    // chain transaction reported again.
    expect(SandboxAssetDepositReply.parse((await arrive(user.token, body, 'arrival-1')).json())).toEqual({
      ...received,
      replayed: true,
    });
    const again = await arrive(user.token, { ...body, txHash: received.deposit.txHash }, 'arrival-2');
    expect(SandboxAssetDepositReply.parse(again.json())).toEqual({ ...received, replayed: true });
    expect(await held(user.token, 'USDS')).toBe('25.500000');
    expect(await depositRows(user.guid)).toBe(1);
    expect(await ledgerCredits(user.guid)).toBe(1);

    // The same transaction with another amount is not a replay; another transaction is another deposit.
    const conflicting = await arrive(
      user.token,
      { ...body, amount: '30', txHash: received.deposit.txHash },
      'arrival-3',
    );
    expect(conflicting.statusCode).toBe(400);
    expect(ApiErrorBody.parse(conflicting.json()).errors?.fields).toEqual({
      txHash: ASSET_DEPOSIT_MESSAGES.depositConflict,
    });
    expect((await arrive(user.token, body, 'arrival-4')).statusCode).toBe(200);
    expect(await held(user.token, 'USDS')).toBe('51.000000');

    // R14: below the minimum deposit nothing arrives.
    const small = await arrive(user.token, { ...body, amount: '9.99' }, 'arrival-5');
    expect(ApiErrorBody.parse(small.json()).errors?.fields).toEqual({
      amount: belowMinimumDepositMessage('10', 'USDS'),
    });
    expect(ApiErrorBody.parse(small.json()).fieldKeys).toEqual({
      amount: { key: 'assetDeposit.belowMinimum', params: { minimum: '10', ticker: 'USDS' } },
    });
    expect(await held(user.token, 'USDS')).toBe('51.000000');
    await k.invariants();
  });

  it('holds Ether in amounts people own: 5 and 5 then 20 ETH make 30, and an amount beyond any balance is a clear 400', async () => {
    const user = await k.openedUser('0', 'ether-deposits');
    const body = { network: 'ethereum', assetTicker: 'ETH' };
    for (const [amount, key] of [
      ['5', 'ether-1'],
      ['5', 'ether-2'],
      ['20', 'ether-3'],
    ] as const) {
      const arrived = await arrive(user.token, { ...body, amount }, key);
      expect(arrived.statusCode, arrived.body).toBe(200);
    }
    expect(await held(user.token, 'ETH')).toBe('30.000000000');
    const funded = await k.t.app.inject({
      method: 'POST',
      url: '/api/primetrust-sandbox-asset-deposit',
      payload: { assetTicker: body.assetTicker, amount: '12.5' },
      headers: { authorization: `Bearer ${user.token}`, 'idempotency-key': 'ether-4' },
    });
    expect(funded.statusCode, funded.body).toBe(200);
    expect(await held(user.token, 'ETH')).toBe('42.500000000');

    // Ether takes nine decimals (a gwei); an amount no balance can hold is refused as too large, and nothing moves.
    const fine = await arrive(user.token, { ...body, amount: '1.0000000001' }, 'ether-5');
    expect(fine.statusCode).toBe(400);
    const huge = await arrive(user.token, { ...body, amount: '999999999999999' }, 'ether-6');
    expect(huge.statusCode, huge.body).toBe(400);
    expect(ApiErrorBody.parse(huge.json()).errors?.fields).toEqual({ amount: SANDBOX_MESSAGES.amountTooLarge });
    expect(await held(user.token, 'ETH')).toBe('42.500000000');
    await k.invariants();
  });

  it('refuses a deposit that would take a balance beyond what the ledger holds, with a clear 400, and moves nothing', async () => {
    const user = await k.openedUser('0', 'ether-overflow');
    const body = { network: 'ethereum', assetTicker: 'ETH' };
    // 9 billion ETH is 9e18 gwei, within a bigint; a second one would make 1.8e19, beyond it.
    const first = await arrive(user.token, { ...body, amount: '9000000000' }, 'overflow-1');
    expect(first.statusCode, first.body).toBe(200);
    const second = await arrive(user.token, { ...body, amount: '9000000000' }, 'overflow-2');
    expect(second.statusCode, second.body).toBe(400);
    const refused = ApiErrorBody.parse(second.json());
    expect(refused.errors?.fields).toEqual({ amount: LEDGER_MESSAGES.balanceTooLarge });
    expect(refused.fieldKeys?.amount).toEqual({ key: 'ledger.balanceTooLarge' });
    expect(await held(user.token, 'ETH')).toBe('9000000000.000000000');
    expect(await depositRows(user.guid)).toBe(1);
    // The same key again is refused the same way, and a deposit that fits still lands.
    expect((await arrive(user.token, { ...body, amount: '9000000000' }, 'overflow-2')).statusCode).toBe(400);
    const fits = await arrive(user.token, { ...body, amount: '1.5' }, 'overflow-3');
    expect(fits.statusCode, fits.body).toBe(200);
    expect(await held(user.token, 'ETH')).toBe('9000000001.500000000');
    await k.invariants();
  });

  it('refuses both calls with the flag off (the default) and makes nothing', async () => {
    const config = PublicConfig.parse((await off.app.inject({ method: 'GET', url: '/api/config' })).json());
    expect(config.flags.assetsAddition).toBe(false);
    const user = await k.openedUser('0', 'deposit-off');
    for (const res of [
      await address(user.token, { network: 'xrpl', assetTicker: 'USDS' }, off),
      await arrive(user.token, { network: 'xrpl', assetTicker: 'USDS', amount: '20' }, undefined, off),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(ApiErrorBody.parse(res.json()).errors?.fields).toEqual({
        assetTicker: ASSET_DEPOSIT_MESSAGES.switchedOff,
      });
    }
    const { rows } = await k.t.db.query<{ n: bigint }>(
      'SELECT count(*)::int8 AS n FROM asset_deposit_addresses WHERE user_id = $1',
      [user.guid],
    );
    expect(Number(rows[0]?.n)).toBe(0);
    expect(await held(user.token, 'USDS')).toBe('0');
  });
});
