import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AssetWithdrawalListReply, AssetWithdrawalReply } from '@rampart/contracts';
import { manualClock } from '../../lib/clock';
import { createSandboxChainGateway } from '../../providers/chain-gateway/sandbox';
import { DEFAULT_FEATURE_FLAGS } from '@rampart/contracts';
import { createTransferKit, type TransferKit } from '../../../test/kits/transfer-test-kit';
import { ETH_ADDRESS, START, XRPL_ADDRESS } from '../../../test/kits/ramp-test-fixtures';
import {
  runConfirmWithdrawal,
  runExpireWithdrawal,
  runSendWithdrawal,
  type AssetWithdrawalsContext,
} from './asset-withdrawals';

/** R14: held assets withdrawn to an external address (decision 032). */
describe('asset withdrawals to an external address (R14, decision 032)', () => {
  let k: TransferKit;
  let ctx: AssetWithdrawalsContext;
  const clock = manualClock(START);

  beforeAll(async () => {
    k = await createTransferKit({ clock });
    ctx = {
      db: k.t.db,
      clock,
      jobs: k.t.jobs,
      gateway: createSandboxChainGateway({ confirmationDelaySeconds: 10 }),
      flags: DEFAULT_FEATURE_FLAGS,
      delaySeconds: 5,
    };
  });
  afterEach(async () => {
    await k.invariants();
    clock.set(START);
  });
  afterAll(async () => {
    await k?.close();
  });

  async function userHolding(ticker: string, amount: string) {
    const user = await k.openedUser('0');
    const res = await k.call('/api/primetrust-sandbox-asset-deposit', {
      token: user.token,
      body: { assetTicker: ticker, amount },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return user;
  }
  const asset = async (token: string, ticker: string) =>
    (await k.holdings(token)).assets.find((a) => a.assetTicker === ticker);
  /** The newest code mailed to the user (the challenge's, decision 054). */
  const latestCode = async (email: string) => /\b(\d{6})\b/.exec((await k.outbox(email))[0]?.text ?? '')?.[1] ?? '';
  /** As the SPA does it: the challenge sends a code, the withdrawal carries it (unless the body brings its own). */
  const codesByKey = new Map<string, unknown>();
  async function withdraw(user: { token: string; email: string }, body: Record<string, unknown>, key?: string) {
    // A client's retry under one key sends the same body, code included.
    let code = body.code ?? (key ? codesByKey.get(key) : undefined);
    if (code === undefined) {
      const challenge = await k.call('/api/holdings/withdraw-challenge', { token: user.token, body: {} });
      if (challenge.status === 200) code = await latestCode(user.email);
      if (key) codesByKey.set(key, code);
    }
    return k.call('/api/holdings/withdraw', {
      token: user.token,
      body: { ...body, code: code ?? '000000' },
      ...(key ? { headers: { 'idempotency-key': key } } : {}),
    });
  }
  /** The token of the newest asset withdrawal confirmation link mailed to the user. */
  async function confirmationToken(email: string): Promise<string> {
    const message = (await k.outbox(email)).find((m) => /withdraw-asset\/confirm\?token=/.test(m.text));
    return /withdraw-asset\/confirm\?token=([A-Za-z0-9_-]+)/.exec(message?.text ?? '')?.[1] ?? '';
  }
  const confirm = (token: string, linkToken: string) =>
    k.call('/api/holdings/confirm-withdrawal', { token, body: { token: linkToken } });
  const list = async (token: string) =>
    AssetWithdrawalListReply.parse((await k.call('/api/holdings/withdrawals', { token, body: {} })).body).withdrawals;

  it('holds the amount at once, sends it by the next banking day with a transaction hash, then completes it', async () => {
    const user = await userHolding('USDS', '150');
    const res = await withdraw(
      user,
      { assetTicker: 'usds', network: 'xrpl', amount: '100', address: XRPL_ADDRESS, memo: '12345' },
      'w-1',
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { withdrawal } = AssetWithdrawalReply.parse(res.body);
    // Monday 2026-11-23 15:00 UTC: the next banking day is Tuesday.
    expect(withdrawal).toMatchObject({
      assetTicker: 'USDS',
      network: 'xrpl',
      amount: '100.000000',
      address: XRPL_ADDRESS,
      memo: '12345',
      status: 'awaiting_confirmation',
      txHash: null,
      expectedBy: '2026-11-24T15:00:00.000Z',
    });
    expect(await asset(user.token, 'USDS')).toMatchObject({
      settled: '150.000000',
      held: '100.000000',
      available: '50.000000',
    });
    // The same key again: the same withdrawal, nothing held twice.
    const again = AssetWithdrawalReply.parse(
      (
        await withdraw(
          user,
          { assetTicker: 'usds', network: 'xrpl', amount: '100', address: XRPL_ADDRESS, memo: '12345' },
          'w-1',
        )
      ).body,
    );
    expect(again.withdrawal.withdrawalId).toBe(withdrawal.withdrawalId);
    expect(await asset(user.token, 'USDS')).toMatchObject({ held: '100.000000' });
    // Nothing is sent before the email's link is opened (decision 054).
    expect(await runSendWithdrawal(ctx, withdrawal.withdrawalId)).toBe('nothing');
    const confirmed = await confirm(user.token, await confirmationToken(user.email));
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(AssetWithdrawalReply.parse(confirmed.body).withdrawal).toMatchObject({
      withdrawalId: withdrawal.withdrawalId,
      status: 'pending',
    });

    expect(await runSendWithdrawal(ctx, withdrawal.withdrawalId)).toBe('moved');
    expect(await runSendWithdrawal(ctx, withdrawal.withdrawalId)).toBe('nothing');
    const sending = (await list(user.token))[0]!;
    expect(sending).toMatchObject({ status: 'sending', txHash: expect.stringMatching(/^[0-9A-F]{64}$/) });
    expect(await asset(user.token, 'USDS')).toMatchObject({
      settled: '50.000000',
      held: '0.000000',
      available: '50.000000',
    });
    expect(await runConfirmWithdrawal(ctx, withdrawal.withdrawalId)).toBe('not-due');
    clock.advance(11_000);
    expect(await runConfirmWithdrawal(ctx, withdrawal.withdrawalId)).toBe('moved');
    expect((await list(user.token))[0]).toMatchObject({ status: 'completed', completedAt: expect.any(String) });
  });

  it('refuses, changing nothing: more than held, a bad address or tag, an unknown asset, a bad amount', async () => {
    const user = await userHolding('USDS', '10');
    const refused = async (body: Record<string, unknown>, status: number, code: string) =>
      k.expectError(
        await withdraw(user, { assetTicker: 'USDS', network: 'xrpl', amount: '5', address: XRPL_ADDRESS, ...body }),
        status,
        code,
      );
    expect((await refused({ amount: '10.5' }, 422, 'insufficient_funds')).message).toBe(
      'You do not hold that much of this asset',
    );
    expect(
      (await refused({ address: 'rNotAnAddress' }, 400, 'validation_failed')).errors?.fields['address'],
    ).toBeDefined();
    expect((await refused({ memo: 'not-a-tag' }, 400, 'validation_failed')).errors?.fields['memo']).toBeDefined();
    expect(
      (await refused({ network: 'ethereum', address: XRPL_ADDRESS }, 400, 'validation_failed')).errors?.fields[
        'address'
      ],
    ).toBeDefined();
    expect((await refused({ assetTicker: 'DOGE' }, 400, 'validation_failed')).errors?.fields['assetTicker']).toBe(
      'Asset DOGE not supported!',
    );
    expect((await refused({ amount: '-1' }, 400, 'validation_failed')).errors?.fields['amount']).toBeDefined();
    expect((await refused({ amount: '1.1234567' }, 400, 'validation_failed')).errors?.fields['amount']).toBeDefined();
    await refused({ extra: true }, 400, 'validation_failed');
    expect(await asset(user.token, 'USDS')).toMatchObject({ held: '0.000000', available: '10.000000' });
    expect(await list(user.token)).toEqual([]);
  });

  it('reads an amount typed with leading zeros as its value, as the sandbox deposit and the other money routes do', async () => {
    const user = await userHolding('USDS', '10');
    const body = { assetTicker: 'USDS', network: 'xrpl', address: XRPL_ADDRESS };
    const res = await withdraw(user, { ...body, amount: '007.5' }, 'w-zeros');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { withdrawal } = AssetWithdrawalReply.parse(res.body);
    expect(withdrawal.amount).toBe('7.500000');
    // The same amount written without the zeros is the same request under the key: the same withdrawal.
    const again = await withdraw(user, { ...body, amount: '7.5' }, 'w-zeros');
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(AssetWithdrawalReply.parse(again.body).withdrawal.withdrawalId).toBe(withdrawal.withdrawalId);
    expect(await asset(user.token, 'USDS')).toMatchObject({ held: '7.500000', available: '2.500000' });
  });

  it("another user's withdrawals are not listed; anonymous and unopened callers are refused", async () => {
    const owner = await userHolding('ETH', '1');
    const other = await k.openedUser('0');
    expect(
      (await withdraw(owner, { assetTicker: 'ETH', network: 'ethereum', amount: '0.5', address: ETH_ADDRESS })).status,
    ).toBe(200);
    expect(await list(other.token)).toEqual([]);
    expect(await list(owner.token)).toHaveLength(1);
    k.expectError(await k.call('/api/holdings/withdraw', { body: {} }), 401, 'unauthenticated');
    const email = `unopened-${Date.now()}@example.com`;
    const unopened = await k.signedInUser(email);
    k.expectError(
      await k.call('/api/holdings/withdraw-challenge', { token: unopened, body: {} }),
      409,
      'account_not_opened',
    );
    k.expectError(
      await withdraw(
        { token: unopened, email },
        { assetTicker: 'ETH', network: 'ethereum', amount: '0.5', address: ETH_ADDRESS, code: '123456' },
      ),
      409,
      'account_not_opened',
    );
  });

  describe('the step-up (decision 054): a code, then the emailed link', () => {
    const body = { assetTicker: 'USDS', network: 'xrpl', amount: '40', address: XRPL_ADDRESS, memo: '12345' };

    it('a withdrawal without a code, or with a wrong or a trade code, is refused and holds nothing', async () => {
      const user = await userHolding('USDS', '100');
      const { code: _omit, ...noCode } = { ...body, code: undefined };
      k.expectError(
        await k.call('/api/holdings/withdraw', { token: user.token, body: noCode }),
        400,
        'validation_failed',
      );
      // A code sent to confirm a trade does not confirm a withdrawal.
      expect(
        (await k.call('/api/primetrust/sandbox/account/fund', { token: user.token, body: { amount: '20' } })).status,
      ).toBe(200);
      const quote = await k.call('/api/ramp/quote', {
        token: user.token,
        body: {
          buyAssetTicker: 'USDS',
          buyNetwork: 'xrpl',
          buyAddress: XRPL_ADDRESS,
          sellAssetTicker: 'USD',
          sellNetwork: 'primex_usd',
          sellAmountTotal: '10',
          idemId: `stepup-${Date.now()}`,
        },
      });
      expect(quote.status, JSON.stringify(quote.body)).toBe(200);
      expect(
        (
          await k.call('/api/ramp/order-challenge', {
            token: user.token,
            body: { quoteId: (quote.body as { quote: { quoteId: string } }).quote.quoteId },
          })
        ).status,
      ).toBe(200);
      const tradeCode = await latestCode(user.email);
      const trade = await withdraw(user, { ...body, code: tradeCode });
      expect(trade.status, JSON.stringify(trade.body)).toBe(400);
      expect(['CodeMismatchException', 'ExpiredCodeException']).toContain((trade.body as { code: string }).code);
      expect((await k.call('/api/holdings/withdraw-challenge', { token: user.token, body: {} })).status).toBe(200);
      const mail = (await k.outbox(user.email))[0]!;
      expect(mail.subject).toBe('Confirm your crypto withdrawal');
      const right = await latestCode(user.email);
      const wrong = right === '000000' ? '111111' : '000000';
      k.expectError(await withdraw(user, { ...body, code: wrong }), 400, 'CodeMismatchException');
      expect(await asset(user.token, 'USDS')).toMatchObject({ held: '0.000000', available: '100.000000' });
      expect(await list(user.token)).toEqual([]);
      // The right code still works after a wrong one (within sign-in's lockout), once.
      expect((await withdraw(user, { ...body, code: right })).status).toBe(200);
      k.expectError(await withdraw(user, { ...body, code: right }), 400, 'ExpiredCodeException');
      expect(await asset(user.token, 'USDS')).toMatchObject({ held: '40.000000', available: '60.000000' });
    });

    it('the link confirms once; another user cannot use it; unconfirmed after 24 hours it is cancelled and the hold released', async () => {
      const user = await userHolding('USDS', '100');
      const other = await k.openedUser('0');
      const first = AssetWithdrawalReply.parse((await withdraw(user, body)).body).withdrawal;
      const link = await confirmationToken(user.email);
      k.expectError(await confirm(other.token, link), 400, 'withdrawal_confirmation_invalid');
      k.expectError(await confirm(user.token, 'not-a-token'), 400, 'withdrawal_confirmation_invalid');
      expect((await confirm(user.token, link)).status).toBe(200);
      k.expectError(await confirm(user.token, link), 400, 'withdrawal_confirmation_invalid');
      expect((await list(user.token)).find((w) => w.withdrawalId === first.withdrawalId)?.status).toBe('pending');

      const second = AssetWithdrawalReply.parse((await withdraw(user, body)).body).withdrawal;
      expect(await asset(user.token, 'USDS')).toMatchObject({ held: '80.000000', available: '20.000000' });
      const late = await confirmationToken(user.email);
      clock.advance(24 * 3600 * 1000 + 1000);
      const token = await k.signIn(user.email);
      k.expectError(await confirm(token, late), 400, 'withdrawal_confirmation_expired');
      expect((await list(token)).find((w) => w.withdrawalId === second.withdrawalId)).toMatchObject({
        status: 'cancelled',
        reason: 'Not confirmed within 24 hours',
      });
      expect(await asset(token, 'USDS')).toMatchObject({ held: '40.000000', available: '60.000000' });
    });

    it('the expiry job cancels a withdrawal nobody confirmed', async () => {
      const user = await userHolding('USDS', '100');
      const pending = AssetWithdrawalReply.parse((await withdraw(user, body)).body).withdrawal;
      expect(await runExpireWithdrawal(ctx, pending.withdrawalId)).toBe('not-due');
      clock.advance(24 * 3600 * 1000 + 1000);
      expect(await runExpireWithdrawal(ctx, pending.withdrawalId)).toBe('moved');
      const token = await k.signIn(user.email);
      expect(await asset(token, 'USDS')).toMatchObject({ held: '0.000000', available: '100.000000' });
      k.expectError(await confirm(token, await confirmationToken(user.email)), 400, 'withdrawal_confirmation_invalid');
    });
  });
});
