import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  OrderListReply,
  OrderReply,
  RampLimitsReply,
  RampQuoteReply,
  SandboxTestSellReply,
  ShortLinkReply,
  TrackingReply,
} from '@rampart/contracts';
import { manualClock } from '../../lib/clock';
import { createSandboxChainGateway } from '../../providers/chain-gateway/sandbox';
import { PLATFORM_FEES, WORLD_BANK, getAccountBalance } from '../ledger';
import { runSettlement } from '../transfers';
import { createTransferKit, type TransferKit } from '../../../test/kits/transfer-test-kit';
import type { OrdersContext } from './context';
import { runAwaitFunds, runConfirmation, runDelivery, runExpiry, runPayout, sweepDueOrders } from './index';
import { BUY_USDS, ETH_ADDRESS, NO_SUCH_ID, START, XRPL_ADDRESS } from '../../../test/kits/ramp-test-fixtures';

let counter = 0;
const idem = () => `order-idem-${Date.now()}-${(counter += 1)}`;

describe('ramp orders, tracking and short links (issue 6, decision 024)', () => {
  let k: TransferKit;
  const clock = manualClock(START);
  let ctx: OrdersContext;

  beforeAll(async () => {
    k = await createTransferKit({ clock, env: { PUBLIC_URL: 'https://app.rampart.example' } });
    ctx = {
      db: k.t.db,
      clock,
      jobs: k.t.jobs,
      gateway: createSandboxChainGateway({ confirmationDelaySeconds: 10 }),
      origin: 'https://app.rampart.example',
      awaitHours: 24,
    };
  });
  afterEach(async () => {
    // Every test leaves the ledger balanced.
    await k.invariants();
    clock.set(START);
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
    return OrderReply.parse(res.body);
  }

  async function get(token: string, orderId: string) {
    const res = await k.call('/api/ramp/order-get', { token, body: { orderId } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return OrderReply.parse(res.body).order;
  }

  async function track(trackingId: string) {
    const res = await k.call('/api/ramp/tracking', { body: { tracking_id: trackingId } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return TrackingReply.parse(res.body).order;
  }

  const statuses = (o: { timeline: { status: string }[] }) => o.timeline.map((t) => t.status);

  it('buys 100 USDS on the XRP Ledger from the USD balance: held, delivered, confirmed, completed; tracked publicly', async () => {
    const user = await k.openedUser('150');
    const q = await quote(user.token, BUY_USDS);
    const placed = await order(user.token, q.quoteId);
    expect(placed.replayed).toBe(false);
    expect(placed.order).toMatchObject({
      side: 'buy',
      status: 'funds_received',
      sellAmountTotal: '100.00',
      receiveAmount: q.receiveAmount,
      txHash: null,
      quoteId: q.quoteId,
    });
    expect(statuses(placed.order)).toEqual(['awaiting_funds', 'funds_received']);
    expect(placed.order.trackingId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(placed.order.trackingUrl).toBe(`/trade/track?tracking_id=${placed.order.trackingId}`);
    // The USD is held, not gone.
    expect(await k.holdings(user.token)).toMatchObject({ settled: '150.00', held: '100.00', available: '50.00' });
    // The same quote again: the same order, nothing held twice.
    const again = await order(user.token, q.quoteId);
    expect(again).toMatchObject({ replayed: true, order: { orderId: placed.order.orderId } });
    expect((await k.holdings(user.token)).available).toBe('50.00');

    expect(await runDelivery(ctx, placed.order.orderId)).toBe('moved');
    const sent = await get(user.token, placed.order.orderId);
    expect(sent).toMatchObject({ status: 'delivering', txHash: expect.stringMatching(/^[0-9A-F]{64}$/) });
    expect(await runDelivery(ctx, placed.order.orderId)).toBe('nothing');
    expect(await runConfirmation(ctx, placed.order.orderId)).toBe('not-due');
    clock.advance(10_000);
    expect(await runConfirmation(ctx, placed.order.orderId)).toBe('moved');
    const done = await get(user.token, placed.order.orderId);
    expect(done.status).toBe('completed');
    expect(done.confirmations).toBeGreaterThanOrEqual(done.requiredConfirmations);
    expect(statuses(done)).toEqual(['awaiting_funds', 'funds_received', 'delivering', 'completed']);
    expect(await k.holdings(user.token)).toMatchObject({ settled: '50.00', held: '0.00', available: '50.00' });

    // Public view: figures, states, the transaction; no user data.
    const view = await track(done.trackingId);
    expect(view).toMatchObject({
      status: 'completed',
      txHash: sent.txHash,
      receiveAmount: q.receiveAmount,
      fees: q.fees,
    });
    for (const field of ['orderId', 'quoteId', 'buyAddress', 'buyMemo', 'depositAddress', 'transferId'])
      expect(view).not.toHaveProperty(field);
    // The query form of document 2 works too.
    const byQuery = await k.call(`/api/ramp/tracking?tracking_id=${encodeURIComponent(done.trackingId)}`, { body: {} });
    expect(TrackingReply.parse(byQuery.body).order.status).toBe('completed');
    const byGet = await k.call(`/api/ramp/tracking?tracking_id=${encodeURIComponent(done.trackingId)}`, {
      method: 'GET',
    });
    expect(TrackingReply.parse(byGet.body).order).toEqual(view);
    // The short link gives the tracking id.
    const short = await k.call(`/api/r/${done.shortId}`, { method: 'GET' });
    expect(ShortLinkReply.parse(short.body)).toEqual({ trackingId: done.trackingId, trackingUrl: done.trackingUrl });
    // One mail, when it is complete, with the tracking link (decision 058).
    const mails = await k.outbox(user.email);
    expect(
      mails.filter((m) => m.text.includes(`https://app.rampart.example/trade/track?tracking_id=${done.trackingId}`))
        .length,
    ).toBe(1);
    expect(mails[0]?.subject).toBe('Your Rampart purchase is complete');
  });

  it('a refused delivery (sandbox amount .13) fails the order and refunds every cent to the USD balance', async () => {
    const user = await k.openedUser('200');
    const q = await quote(user.token, { ...BUY_USDS, sellAmountTotal: '100.14' });
    expect(q.receiveAmount).toBe('100.130000');
    const placed = await order(user.token, q.quoteId);
    const fees = (await getAccountBalance(k.t.db, PLATFORM_FEES, 'USD')).settled;
    expect(await runDelivery(ctx, placed.order.orderId)).toBe('moved');
    const refunded = await get(user.token, placed.order.orderId);
    expect(refunded).toMatchObject({ status: 'refunded', reason: 'Refunded to the USD balance', txHash: null });
    expect(statuses(refunded)).toEqual(['awaiting_funds', 'funds_received', 'delivering', 'failed', 'refunded']);
    expect(await k.holdings(user.token)).toMatchObject({ settled: '200.00', held: '0.00', available: '200.00' });
    expect((await getAccountBalance(k.t.db, PLATFORM_FEES, 'USD')).settled).toBe(fees);
    k.expectError(
      await k.call('/api/ramp/cancel', { token: user.token, body: { orderId: placed.order.orderId } }),
      409,
      'order_not_cancellable',
    );
  });

  it('refuses an order the USD balance cannot pay (422, before its code is sent: decision 053) and leaves the quote usable', async () => {
    const user = await k.openedUser('10');
    const q = await quote(user.token, BUY_USDS);
    const res = await k.call('/api/ramp/order-challenge', { token: user.token, body: { quoteId: q.quoteId } });
    expect(k.expectError(res, 422, 'insufficient_funds').message).toBe('Your USD balance is not enough for this order');
    expect(
      (await k.call('/api/primetrust/sandbox/account/fund', { token: user.token, body: { amount: '100' } })).status,
    ).toBe(200);
    expect((await order(user.token, q.quoteId)).order.status).toBe('funds_received');
    expect(await runDelivery(ctx, (await order(user.token, q.quoteId)).order.orderId)).toBe('moved');
  });

  it('an ACH-paid buy waits for its deposit, moves on when it settles; another is cancelled with its deposit', async () => {
    const user = await k.openedUser('0');
    const bank = await k.addBank(user.token);
    const achBuy = { ...BUY_USDS, sellNetwork: 'primex_ach', sellAddress: bank, sellAmountTotal: '50' };
    const first = await order(user.token, (await quote(user.token, achBuy)).quoteId);
    expect(first.order).toMatchObject({
      status: 'awaiting_funds',
      transferId: expect.any(String),
      expiresAt: expect.any(String),
    });
    expect(await runAwaitFunds(ctx, first.order.orderId)).toBe('not-due');
    expect(
      (await k.call('/api/primetrust-sandbox-settle-last-ach-contribution', { token: user.token, body: {} })).status,
    ).toBe(200);
    expect(await runAwaitFunds(ctx, first.order.orderId)).toBe('moved');
    expect((await get(user.token, first.order.orderId)).status).toBe('funds_received');
    expect(await runDelivery(ctx, first.order.orderId)).toBe('moved');

    const dailyUsed = async () =>
      RampLimitsReply.parse((await k.call('/api/ramp/limits', { token: user.token, body: {} })).body).limits.find(
        (l) => l.kind === 'daily_trades',
      )?.used;
    expect(await dailyUsed()).toBe('50.00');
    const second = await order(user.token, (await quote(user.token, achBuy)).quoteId);
    expect(await dailyUsed()).toBe('100.00');
    const cancel = await k.call('/api/ramp/cancel', { token: user.token, body: { orderId: second.order.orderId } });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(OrderReply.parse(cancel.body).order).toMatchObject({
      status: 'cancelled',
      reason: 'Cancelled by the user',
      expiresAt: null,
    });
    const transfer = await k.call('/api/transfers/get', {
      token: user.token,
      body: { transferId: second.order.transferId },
    });
    expect((transfer.body as { transfer: { status: string } }).transfer.status).toBe('cancelled');
    k.expectError(
      await k.call('/api/ramp/cancel', { token: user.token, body: { orderId: second.order.orderId } }),
      409,
      'order_not_cancellable',
    );
    // A cancelled order no longer counts toward the limits.
    expect(await dailyUsed()).toBe('50.00');
  });

  it('an instant ACH buy has its funds at once', async () => {
    const user = await k.openedUser('0');
    const bank = await k.addBank(user.token);
    const placed = await order(
      user.token,
      (
        await quote(user.token, {
          ...BUY_USDS,
          sellNetwork: 'primex_instant_ach',
          sellAddress: bank,
          sellAmountTotal: '20',
        })
      ).quoteId,
    );
    expect(placed.order.status).toBe('funds_received');
    k.expectError(
      await k.call('/api/ramp/cancel', { token: user.token, body: { orderId: placed.order.orderId } }),
      409,
      'order_not_cancellable',
    );
    expect(await runDelivery(ctx, placed.order.orderId)).toBe('moved');
  });

  it('sells USDS from holdings into the USD balance', async () => {
    const user = await k.openedUser('0');
    expect(
      (
        await k.call('/api/primetrust-sandbox-asset-deposit', {
          token: user.token,
          body: { assetTicker: 'USDS', amount: '10' },
        })
      ).status,
    ).toBe(200);
    const q = await quote(user.token, {
      sellAssetTicker: 'USDS',
      sellNetwork: 'xrpl',
      sellAmountTotal: '5',
      sellDeliveryMethod: 'holdings',
      buyAssetTicker: 'USD',
      buyNetwork: 'primex_usd',
      buyAddress: 'USD balance',
    });
    const placed = await order(user.token, q.quoteId);
    expect(placed.order).toMatchObject({
      side: 'sell',
      status: 'deposit_received',
      depositAddress: null,
      minimumDeposit: null,
    });
    expect((await k.holdings(user.token)).assets.find((a) => a.assetTicker === 'USDS')).toMatchObject({
      held: '5.000000',
      available: '5.000000',
    });
    expect(await runPayout(ctx, placed.order.orderId)).toBe('moved');
    const done = await get(user.token, placed.order.orderId);
    expect(statuses(done)).toEqual(['deposit_received', 'paying_out', 'completed']);
    const after = await k.holdings(user.token);
    expect(after.available).toBe('5.00');
    expect(after.assets.find((a) => a.assetTicker === 'USDS')).toMatchObject({ settled: '5.000000', held: '0.000000' });
  });

  it('sells ETH by deposit to a linked bank: address and minimum first, the sandbox deposit, then the ACH payout', async () => {
    const user = await k.openedUser('0');
    const other = await k.openedUser('0');
    const bank = await k.addBank(user.token);
    const q = await quote(user.token, {
      sellAssetTicker: 'ETH',
      sellNetwork: 'ethereum',
      sellAmountTotal: '0.5',
      sellDeliveryMethod: 'deposit',
      sellAddress: ETH_ADDRESS,
      buyAssetTicker: 'USD',
      buyNetwork: 'primex_ach',
      buyAddress: bank,
    });
    const placed = await order(user.token, q.quoteId);
    expect(placed.order).toMatchObject({
      status: 'awaiting_deposit',
      depositAddress: expect.stringMatching(/^0x[0-9a-f]{40}$/),
      depositMemo: null,
      minimumDeposit: '0.005',
    });
    // Another user's order id reads as unknown everywhere.
    for (const url of ['/api/ramp/order-get', '/api/ramp/cancel', '/api/primetrust-sandbox-receive-order-deposit']) {
      k.expectError(
        await k.call(url, { token: other.token, body: { orderId: placed.order.orderId } }),
        404,
        'order_unknown',
      );
    }
    const bankBefore = (await getAccountBalance(k.t.db, WORLD_BANK, 'USD')).settled;
    const received = await k.call('/api/primetrust-sandbox-receive-order-deposit', {
      token: user.token,
      body: { orderId: placed.order.orderId },
    });
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    expect(OrderReply.parse(received.body).order).toMatchObject({
      status: 'deposit_received',
      txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    });
    k.expectError(
      await k.call('/api/primetrust-sandbox-receive-order-deposit', {
        token: user.token,
        body: { orderId: placed.order.orderId },
      }),
      409,
      'order_not_awaiting_deposit',
    );
    expect(await runPayout(ctx, placed.order.orderId)).toBe('moved');
    // The proceeds leave by an ACH withdrawal of the transfers module: held in the balance until it settles.
    const paying = await get(user.token, placed.order.orderId);
    expect(paying).toMatchObject({ status: 'paying_out', transferId: expect.any(String) });
    expect(await k.holdings(user.token)).toMatchObject({ settled: '1485.04', held: '1485.04', available: '0.00' });
    const payout = await k.call('/api/transfers/get', { token: user.token, body: { transferId: paying.transferId } });
    expect((payout.body as { transfer: unknown }).transfer).toMatchObject({
      direction: 'disbursement',
      method: 'ach',
      status: 'pending',
      amount: '1485.04',
      fee: '0.00',
    });
    expect(await runPayout(ctx, placed.order.orderId)).toBe('not-due');
    clock.advance(10 * 24 * 3600 * 1000);
    expect(await runSettlement({ db: k.t.db, clock, jobs: k.t.jobs }, paying.transferId!)).toBe('settled');
    expect(await runPayout(ctx, placed.order.orderId)).toBe('moved');
    expect(await track(placed.order.trackingId)).toMatchObject({ status: 'completed', reason: null });
    expect(statuses(await track(placed.order.trackingId))).toEqual([
      'awaiting_deposit',
      'deposit_received',
      'paying_out',
      'completed',
    ]);
    expect((await getAccountBalance(k.t.db, WORLD_BANK, 'USD')).settled - bankBefore).toBe(148_504n);
  });

  it("the sandbox's test sell flow sends the deposit of the newest sell order waiting for one; the USD balance grows by the proceeds", async () => {
    const user = await k.openedUser('0');
    const older = await order(
      user.token,
      (
        await quote(user.token, {
          sellAssetTicker: 'USDS',
          sellNetwork: 'xrpl',
          sellAmountTotal: '20',
          sellDeliveryMethod: 'deposit',
          buyAssetTicker: 'USD',
          buyNetwork: 'primex_usd',
          buyAddress: 'USD balance',
        })
      ).quoteId,
    );
    clock.advance(60_000);
    const q = await quote(user.token, {
      sellAssetTicker: 'USDS',
      sellNetwork: 'xrpl',
      sellAmountTotal: '100',
      sellDeliveryMethod: 'deposit',
      buyAssetTicker: 'USD',
      buyNetwork: 'primex_usd',
      buyAddress: 'USD balance',
    });
    const placed = await order(user.token, q.quoteId);
    const res = await k.call('/api/primetrust-sandbox-test-sell-flow', { token: user.token, body: {} });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(SandboxTestSellReply.parse(res.body)).toEqual({
      message: 'Test Sell Flow: the deposit of your sell order arrived',
      assetTicker: 'USDS',
      assetAmount: placed.order.sellAmountTotal,
      usdAmount: placed.order.receiveAmount,
      transactionIds: [],
      orderId: placed.order.orderId,
      trackingId: placed.order.trackingId,
    });
    expect((await get(user.token, older.order.orderId)).status).toBe('awaiting_deposit');
    expect(await runPayout(ctx, placed.order.orderId)).toBe('moved');
    expect(statuses(await track(placed.order.trackingId))).toEqual([
      'awaiting_deposit',
      'deposit_received',
      'paying_out',
      'completed',
    ]);
    expect(await k.holdings(user.token)).toMatchObject({ available: placed.order.receiveAmount });
    // The next press takes the older order; with none left waiting, the ledger-only flow of decision 015 runs.
    expect(
      SandboxTestSellReply.parse(
        (await k.call('/api/primetrust-sandbox-test-sell-flow', { token: user.token, body: {} })).body,
      ).orderId,
    ).toBe(older.order.orderId);
    const ledgerOnly = SandboxTestSellReply.parse(
      (await k.call('/api/primetrust-sandbox-test-sell-flow', { token: user.token, body: {} })).body,
    );
    expect(ledgerOnly).toMatchObject({ assetTicker: 'USDC', usdAmount: '100.00' });
    expect(ledgerOnly).not.toHaveProperty('orderId');
    await runPayout(ctx, older.order.orderId);
  });

  it('an order waiting for a deposit expires after its time; memo networks get the platform address and a tag', async () => {
    const user = await k.openedUser('0');
    const q = await quote(user.token, {
      sellAssetTicker: 'USDS',
      sellNetwork: 'xrpl',
      sellAmountTotal: '20',
      sellDeliveryMethod: 'deposit',
      sellAddress: XRPL_ADDRESS,
      buyAssetTicker: 'USD',
      buyNetwork: 'primex_usd',
      buyAddress: 'USD balance',
    });
    const placed = await order(user.token, q.quoteId);
    expect(placed.order).toMatchObject({
      depositAddress: XRPL_ADDRESS,
      depositMemo: expect.stringMatching(/^\d+$/),
      minimumDeposit: '10',
    });
    expect(await runExpiry(ctx, placed.order.orderId)).toBe('not-due');
    clock.advance(24 * 3600 * 1000);
    expect(await runExpiry(ctx, placed.order.orderId)).toBe('moved');
    expect(await track(placed.order.trackingId)).toMatchObject({
      status: 'expired',
      expiresAt: null,
      reason: 'Nothing arrived in time',
    });
    // A day later the access token has expired too: sign in again.
    const token = await k.signIn(user.email);
    k.expectError(
      await k.call('/api/ramp/cancel', { token, body: { orderId: placed.order.orderId } }),
      409,
      'order_not_cancellable',
    );
  });

  it('lists the caller’s orders newest first, a page at a time, and no one else’s', async () => {
    const user = await k.openedUser('100');
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      clock.advance(1000);
      ids.push(
        (await order(user.token, (await quote(user.token, { ...BUY_USDS, sellAmountTotal: '10' })).quoteId)).order
          .orderId,
      );
    }
    const page1 = OrderListReply.parse(
      (await k.call('/api/ramp/orders', { token: user.token, body: { limit: 2 } })).body,
    );
    expect(page1.orders.map((o) => o.orderId)).toEqual([ids[2], ids[1]]);
    const page2 = OrderListReply.parse(
      (await k.call('/api/ramp/orders', { token: user.token, body: { limit: 2, cursor: page1.nextCursor } })).body,
    );
    expect(page2).toEqual({ orders: [expect.objectContaining({ orderId: ids[0] })], nextCursor: null });
    const stranger = await k.openedUser('0');
    expect(
      OrderListReply.parse((await k.call('/api/ramp/orders', { token: stranger.token, body: {} })).body).orders,
    ).toEqual([]);
    for (const id of ids) await runDelivery(ctx, id);
  });

  it("the worker's sweep runs each due step once: delivery, confirmation after the delay, expiry", async () => {
    const user = await k.openedUser('100');
    const buy = await order(user.token, (await quote(user.token, { ...BUY_USDS, sellAmountTotal: '10' })).quoteId);
    const sell = await order(
      user.token,
      (
        await quote(user.token, {
          sellAssetTicker: 'USDS',
          sellNetwork: 'xrpl',
          sellAmountTotal: '20',
          sellDeliveryMethod: 'deposit',
          buyAssetTicker: 'USD',
          buyNetwork: 'primex_usd',
          buyAddress: 'USD balance',
        })
      ).quoteId,
    );
    // Other tests' orders may be due too: only these two are looked at.
    await sweepDueOrders(ctx);
    expect((await track(buy.order.trackingId)).status).toBe('delivering');
    clock.advance(10_000);
    await sweepDueOrders(ctx);
    expect((await track(buy.order.trackingId)).status).toBe('completed');
    expect((await track(sell.order.trackingId)).status).toBe('awaiting_deposit');
    clock.advance(24 * 3600 * 1000);
    await sweepDueOrders(ctx);
    expect((await track(sell.order.trackingId)).status).toBe('expired');
    expect(statuses(await track(buy.order.trackingId))).toEqual([
      'awaiting_funds',
      'funds_received',
      'delivering',
      'completed',
    ]);
  });

  it('bad inputs answer 4xx with a catalogue message', async () => {
    const user = await k.openedUser('0');
    k.expectError(
      await k.call('/api/ramp/order', { body: { quoteId: NO_SUCH_ID, code: '123456' } }),
      401,
      'unauthenticated',
    );
    k.expectError(await k.call('/api/ramp/order', { token: user.token, body: {} }), 400, 'validation_failed');
    k.expectError(
      await k.call('/api/ramp/order', { token: user.token, body: { quoteId: NO_SUCH_ID } }),
      400,
      'validation_failed',
    );
    k.expectError(
      await k.call('/api/ramp/order', { token: user.token, body: { quoteId: NO_SUCH_ID, code: '123456' } }),
      404,
      'quote_unknown',
    );
    k.expectError(
      await k.call('/api/ramp/order', { token: user.token, body: { quoteId: 'not-a-uuid', code: '123456' } }),
      404,
      'quote_unknown',
    );
    k.expectError(
      await k.call('/api/ramp/order-challenge', { token: user.token, body: { quoteId: NO_SUCH_ID } }),
      404,
      'quote_unknown',
    );
    k.expectError(
      await k.call('/api/ramp/order-get', { token: user.token, body: { orderId: 'nope' } }),
      404,
      'order_unknown',
    );
    k.expectError(
      await k.call('/api/ramp/order-get', { token: user.token, body: { orderId: NO_SUCH_ID, extra: 1 } }),
      400,
      'validation_failed',
    );
    // Keyed, so the client translates it (docs/decisions/104-every-refusal-is-keyed.md).
    const badCursor = k.expectError(
      await k.call('/api/ramp/orders', { token: user.token, body: { cursor: 'garbage' } }),
      400,
      'validation_failed',
    );
    expect(badCursor.errors?.fields).toEqual({ cursor: 'This page cursor is not valid' });
    expect(badCursor.fieldKeys).toEqual({ cursor: { key: 'order.cursorInvalid' } });
    expect(
      k.expectError(await k.call('/api/ramp/tracking', { body: {} }), 400, 'validation_failed').errors?.fields,
    ).toEqual({ tracking_id: 'A tracking id is required' });
    k.expectError(
      await k.call('/api/ramp/tracking', { body: { tracking_id: 'A'.repeat(22) } }),
      404,
      'tracking_unknown',
    );
    k.expectError(await k.call('/api/ramp/tracking', { body: { tracking_id: '../etc' } }), 404, 'tracking_unknown');
    k.expectError(await k.call('/api/r/AAAAAAAAAA', { method: 'GET' }), 404, 'short_link_unknown');
    // A used quote cannot make a second order for someone else.
    const owner = await k.openedUser('50');
    const q = await quote(owner.token, { ...BUY_USDS, sellAmountTotal: '10' });
    const placed = await order(owner.token, q.quoteId);
    k.expectError(
      await k.call('/api/ramp/order', { token: user.token, body: { quoteId: q.quoteId, code: '123456' } }),
      404,
      'quote_unknown',
    );
    k.expectError(
      await k.call('/api/ramp/order-challenge', { token: user.token, body: { quoteId: q.quoteId } }),
      404,
      'quote_unknown',
    );
    await runDelivery(ctx, placed.order.orderId);
  });
});
