import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AssetWithdrawalListReply, AssetWithdrawalReply } from '@rampart/contracts';
import { manualClock } from '../../lib/clock';
import { createSandboxChainGateway } from '../../providers/chain-gateway/sandbox';
import { DEFAULT_FEATURE_FLAGS } from '@rampart/contracts';
import { createTransferKit, type TransferKit } from '../transfers/transfer-test-kit';
import { ETH_ADDRESS, START, XRPL_ADDRESS } from '../ramp/ramp-test-fixtures';
import { runConfirmWithdrawal, runSendWithdrawal, type AssetWithdrawalsContext } from './asset-withdrawals';

/** R14: held assets withdrawn to an external address (decision 032). */
describe('asset withdrawals to an external address (R14, decision 032)', () => {
  let k: TransferKit;
  let ctx: AssetWithdrawalsContext;
  const clock = manualClock(START);

  beforeAll(async () => {
    k = await createTransferKit({ clock });
    ctx = { db: k.t.db, clock, jobs: k.t.jobs, gateway: createSandboxChainGateway({ confirmationDelaySeconds: 10 }), flags: DEFAULT_FEATURE_FLAGS, delaySeconds: 5 };
  }, 60_000);
  afterEach(async () => {
    await k.invariants();
    clock.set(START);
  });
  afterAll(async () => {
    await k?.close();
  });

  async function userHolding(ticker: string, amount: string) {
    const user = await k.openedUser('0');
    const res = await k.call('/api/primetrust-sandbox-asset-deposit', { token: user.token, body: { assetTicker: ticker, amount } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return user;
  }
  const asset = async (token: string, ticker: string) => (await k.holdings(token)).assets.find((a) => a.assetTicker === ticker);
  const withdraw = (token: string, body: Record<string, unknown>, key?: string) =>
    k.call('/api/holdings/withdraw', { token, body, ...(key ? { headers: { 'idempotency-key': key } } : {}) });
  const list = async (token: string) => AssetWithdrawalListReply.parse((await k.call('/api/holdings/withdrawals', { token, body: {} })).body).withdrawals;

  it('holds the amount at once, sends it by the next banking day with a transaction hash, then completes it', async () => {
    const user = await userHolding('USDS', '150');
    const res = await withdraw(user.token, { assetTicker: 'usds', network: 'xrpl', amount: '100', address: XRPL_ADDRESS, memo: '12345' }, 'w-1');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { withdrawal } = AssetWithdrawalReply.parse(res.body);
    // Monday 2026-11-23 15:00 UTC: the next banking day is Tuesday.
    expect(withdrawal).toMatchObject({ assetTicker: 'USDS', network: 'xrpl', amount: '100.000000', address: XRPL_ADDRESS, memo: '12345', status: 'pending', txHash: null, expectedBy: '2026-11-24T15:00:00.000Z' });
    expect(await asset(user.token, 'USDS')).toMatchObject({ settled: '150.000000', held: '100.000000', available: '50.000000' });
    // The same key again: the same withdrawal, nothing held twice.
    const again = AssetWithdrawalReply.parse((await withdraw(user.token, { assetTicker: 'usds', network: 'xrpl', amount: '100', address: XRPL_ADDRESS, memo: '12345' }, 'w-1')).body);
    expect(again.withdrawal.withdrawalId).toBe(withdrawal.withdrawalId);
    expect(await asset(user.token, 'USDS')).toMatchObject({ held: '100.000000' });

    expect(await runSendWithdrawal(ctx, withdrawal.withdrawalId)).toBe('moved');
    expect(await runSendWithdrawal(ctx, withdrawal.withdrawalId)).toBe('nothing');
    const sending = (await list(user.token))[0]!;
    expect(sending).toMatchObject({ status: 'sending', txHash: expect.stringMatching(/^[0-9A-F]{64}$/) });
    expect(await asset(user.token, 'USDS')).toMatchObject({ settled: '50.000000', held: '0.000000', available: '50.000000' });
    expect(await runConfirmWithdrawal(ctx, withdrawal.withdrawalId)).toBe('not-due');
    clock.advance(11_000);
    expect(await runConfirmWithdrawal(ctx, withdrawal.withdrawalId)).toBe('moved');
    expect((await list(user.token))[0]).toMatchObject({ status: 'completed', completedAt: expect.any(String) });
  });

  it('refuses, changing nothing: more than held, a bad address or tag, an unknown asset, a bad amount', async () => {
    const user = await userHolding('USDS', '10');
    const refused = async (body: Record<string, unknown>, status: number, code: string) => k.expectError(await withdraw(user.token, { assetTicker: 'USDS', network: 'xrpl', amount: '5', address: XRPL_ADDRESS, ...body }), status, code);
    expect((await refused({ amount: '10.5' }, 422, 'insufficient_funds')).message).toBe('You do not hold that much of this asset');
    expect((await refused({ address: 'rNotAnAddress' }, 400, 'validation_failed')).errors?.fields['address']).toBeDefined();
    expect((await refused({ memo: 'not-a-tag' }, 400, 'validation_failed')).errors?.fields['memo']).toBeDefined();
    expect((await refused({ network: 'ethereum', address: XRPL_ADDRESS }, 400, 'validation_failed')).errors?.fields['address']).toBeDefined();
    expect((await refused({ assetTicker: 'DOGE' }, 400, 'validation_failed')).errors?.fields['assetTicker']).toBe('Asset DOGE not supported!');
    expect((await refused({ amount: '-1' }, 400, 'validation_failed')).errors?.fields['amount']).toBeDefined();
    expect((await refused({ amount: '1.1234567' }, 400, 'validation_failed')).errors?.fields['amount']).toBeDefined();
    await refused({ extra: true }, 400, 'validation_failed');
    expect(await asset(user.token, 'USDS')).toMatchObject({ held: '0.000000', available: '10.000000' });
    expect(await list(user.token)).toEqual([]);
  });

  it("another user's withdrawals are not listed; anonymous and unopened callers are refused", async () => {
    const owner = await userHolding('ETH', '1');
    const other = await k.openedUser('0');
    expect((await withdraw(owner.token, { assetTicker: 'ETH', network: 'ethereum', amount: '0.5', address: ETH_ADDRESS })).status).toBe(200);
    expect(await list(other.token)).toEqual([]);
    expect(await list(owner.token)).toHaveLength(1);
    k.expectError(await k.call('/api/holdings/withdraw', { body: {} }), 401, 'unauthenticated');
    const unopened = await k.signedInUser(`unopened-${Date.now()}@example.com`);
    k.expectError(await withdraw(unopened, { assetTicker: 'ETH', network: 'ethereum', amount: '0.5', address: ETH_ADDRESS }), 409, 'account_not_opened');
  });
});
