import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OrderReply, RampLimitsReply, RampQuoteReply, TransferListReply } from '@rampart/contracts';
import type { Clock } from '../../lib/clock';
import { createTransferKit, type TransferKit } from '../../../test/kits/transfer-test-kit';
import { BUY_USDS } from '../../../test/kits/ramp-test-fixtures';

let counter = 0;
const idem = () => `funding-idem-${Date.now()}-${(counter += 1)}`;

/**
 * An ACH-paid buy on an API that works its own jobs, as `npm start` runs (decision 053): its deposit belongs to the
 * order (shown with it, counted once toward the weekly ACH limit), settling that deposit moves the order on at once,
 * the weekly limit of a method covers deposits as well as buys, and a buy the USD balance cannot pay is refused
 * before the trade code is sent.
 */
describe('ACH-paid buys and the weekly limits on an API working its own jobs (decision 053)', () => {
  let k: TransferKit;
  // Real time, moved ahead when a test needs a week to pass: the queue schedules by the database's clock, so the app's
  // must move on too (a clock that stands still would keep an order's confirmation due, and run, for ever).
  let aheadMs = 0;
  const clock: Clock = { now: () => new Date(Date.now() + aheadMs) };

  beforeAll(async () => {
    k = await createTransferKit({ clock, env: { RUN_WORKER: 'true', PUBLIC_URL: 'https://app.rampart.example' } });
  });
  afterEach(async () => {
    await k.invariants();
    aheadMs = 0;
  });
  afterAll(async () => {
    await k?.close();
  });

  async function quote(token: string, body: Record<string, unknown>) {
    const res = await k.call('/api/ramp/quote', { token, body: { ...body, idemId: idem() } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return RampQuoteReply.parse(res.body).quote;
  }

  async function order(token: string, quoteId: string) {
    const res = await k.placeOrder(token, quoteId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return OrderReply.parse(res.body).order;
  }

  async function orderStatus(token: string, orderId: string) {
    const res = await k.call('/api/ramp/order-get', { token, body: { orderId } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return OrderReply.parse(res.body).order.status;
  }

  async function transfers(token: string) {
    const res = await k.call('/api/transfers/list', { token, body: {} });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return TransferListReply.parse(res.body).transfers;
  }

  async function weeklyLimit(token: string, method: 'primex_ach' | 'primex_card') {
    const res = await k.call('/api/ramp/limits', { token, body: { method } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return RampLimitsReply.parse(res.body).limits.find((l) => l.kind === 'weekly_method' && l.method === method);
  }

  async function tradeCodesSent(email: string) {
    return (await k.outbox(email)).filter((m) => /\b\d{6}\b/.test(m.text)).length;
  }

  it("settling an ACH-paid buy's deposit on the sandbox moves the order on at once", async () => {
    const user = await k.openedUser('0');
    const bank = await k.addBank(user.token);
    const placed = await order(
      user.token,
      (await quote(user.token, { ...BUY_USDS, sellNetwork: 'primex_ach', sellAddress: bank, sellAmountTotal: '50' }))
        .quoteId,
    );
    expect(placed.status).toBe('awaiting_funds');
    const settled = await k.call('/api/primetrust-sandbox-settle-last-ach-contribution', {
      token: user.token,
      body: {},
    });
    expect(settled.status, JSON.stringify(settled.body)).toBe(200);
    // The in-process worker takes it from here: no sweep period, no settlement date to wait for.
    await expect
      .poll(() => orderStatus(user.token, placed.orderId), { timeout: 30_000, interval: 250 })
      .toMatch(/^(funds_received|delivering|completed)$/);
    // The order's money went into the order: none of it stays in the balance.
    await expect
      .poll(async () => (await k.holdings(user.token)).settled, { timeout: 30_000, interval: 250 })
      .toBe('0.00');
  });

  it("an ACH-paid buy's deposit is shown with the order, never in the list of deposits", async () => {
    const user = await k.openedUser('0');
    const bank = await k.addBank(user.token);
    const placed = await order(
      user.token,
      (await quote(user.token, { ...BUY_USDS, sellNetwork: 'primex_ach', sellAddress: bank, sellAmountTotal: '50' }))
        .quoteId,
    );
    expect(placed.transferId).toEqual(expect.any(String));
    expect(await transfers(user.token)).toEqual([]);
    expect(
      (await k.call('/api/primetrust-sandbox-settle-last-ach-contribution', { token: user.token, body: {} })).status,
    ).toBe(200);
    await expect
      .poll(() => orderStatus(user.token, placed.orderId), { timeout: 30_000, interval: 250 })
      .not.toBe('awaiting_funds');
    expect(await transfers(user.token)).toEqual([]);
  });

  it('one $50 ACH-paid buy uses $50.00 of the weekly ACH limit (its deposit is not counted again)', async () => {
    const user = await k.openedUser('0');
    const bank = await k.addBank(user.token);
    await order(
      user.token,
      (await quote(user.token, { ...BUY_USDS, sellNetwork: 'primex_ach', sellAddress: bank, sellAmountTotal: '50' }))
        .quoteId,
    );
    expect(await weeklyLimit(user.token, 'primex_ach')).toMatchObject({ used: '50.00', remaining: '950.00' });
  });

  it('ACH deposits and ACH-paid buys share one rolling-week $1000; a deposit beyond it is refused and changes nothing', async () => {
    const user = await k.openedUser('0');
    const bank = await k.addBank(user.token);
    await k.transfer('/api/transfers/deposit', user.token, {
      method: 'primex_ach',
      amount: '900',
      fundsTransferMethodId: bank,
    });
    await order(
      user.token,
      (await quote(user.token, { ...BUY_USDS, sellNetwork: 'primex_ach', sellAddress: bank, sellAmountTotal: '50' }))
        .quoteId,
    );
    expect(await weeklyLimit(user.token, 'primex_ach')).toMatchObject({ used: '950.00', remaining: '50.00' });

    const before = await k.transferCount(user.guid);
    const over = await k.call('/api/transfers/deposit', {
      token: user.token,
      body: { method: 'primex_ach', amount: '50.01', fundsTransferMethodId: bank },
    });
    const body = k.expectError(over, 422, 'trade_limit_exceeded');
    expect(body.errors?.fields).toEqual({
      amount: 'This is over your $1000 weekly limit for this method; $50.00 remains',
    });
    expect(await k.transferCount(user.guid)).toBe(before);

    await k.transfer('/api/transfers/deposit', user.token, {
      method: 'primex_ach',
      amount: '50',
      fundsTransferMethodId: bank,
    });
    expect(await weeklyLimit(user.token, 'primex_ach')).toMatchObject({ used: '1000.00', remaining: '0.00' });
    // A rolling week: seven days later all of it has left the window.
    aheadMs = 7 * 86_400_000 + 60_000;
    const token = await k.signIn(user.email);
    expect(await weeklyLimit(token, 'primex_ach')).toMatchObject({ used: '0.00', remaining: '1000.00' });
  });

  it('a buy the USD balance cannot pay is refused when the trade code is asked for, and no code is sent', async () => {
    const user = await k.openedUser('20');
    const q = await quote(user.token, { ...BUY_USDS, sellAmountTotal: '50' });
    const codes = await tradeCodesSent(user.email);
    const refused = await k.call('/api/ramp/order-challenge', { token: user.token, body: { quoteId: q.quoteId } });
    expect(k.expectError(refused, 422, 'insufficient_funds').message).toBe(
      'Your USD balance is not enough for this order',
    );
    expect(await tradeCodesSent(user.email)).toBe(codes);

    // Enough money, and the code is sent.
    expect(
      (await k.call('/api/primetrust/sandbox/account/fund', { token: user.token, body: { amount: '30' } })).status,
    ).toBe(200);
    expect(
      (await k.call('/api/ramp/order-challenge', { token: user.token, body: { quoteId: q.quoteId } })).status,
    ).toBe(200);
    await expect.poll(() => tradeCodesSent(user.email), { timeout: 10_000 }).toBe(codes + 1);
  });

  it('an ACH buy quoted while it fitted the weekly limit is refused when the trade code is asked for once it no longer fits', async () => {
    const user = await k.openedUser('0');
    const bank = await k.addBank(user.token);
    const q = await quote(user.token, {
      ...BUY_USDS,
      sellNetwork: 'primex_ach',
      sellAddress: bank,
      sellAmountTotal: '600',
    });
    await k.transfer('/api/transfers/deposit', user.token, {
      method: 'primex_ach',
      amount: '500',
      fundsTransferMethodId: bank,
    });
    const codes = await tradeCodesSent(user.email);
    const refused = await k.call('/api/ramp/order-challenge', { token: user.token, body: { quoteId: q.quoteId } });
    expect(k.expectError(refused, 422, 'trade_limit_exceeded').errors?.fields).toEqual({
      sellAmountTotal: 'This is over your $1000 weekly limit for this method; $500.00 remains',
    });
    expect(await tradeCodesSent(user.email)).toBe(codes);
  });
});
