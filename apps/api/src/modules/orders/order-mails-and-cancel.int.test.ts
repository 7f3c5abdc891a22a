import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OrderReply, RampQuoteReply, TrackingReply } from '@rampart/contracts';
import { manualClock } from '../../lib/clock';
import { createSandboxChainGateway } from '../../providers/chain-gateway/sandbox';
import { createTransferKit, type TransferKit } from '../../../test/kits/transfer-test-kit';
import type { OrdersContext } from './context';
import { runConfirmation, runDelivery } from './index';
import { BUY_USDS, START } from '../../../test/kits/ramp-test-fixtures';

let counter = 0;
const idem = () => `order-mail-idem-${Date.now()}-${(counter += 1)}`;
const SELL_USDS_BY_DEPOSIT = {
  sellAssetTicker: 'USDS',
  sellNetwork: 'xrpl',
  sellAmountTotal: '20',
  sellDeliveryMethod: 'deposit',
  buyAssetTicker: 'USD',
  buyNetwork: 'primex_usd',
  buyAddress: 'USD balance',
};

/** Which order changes are mailed (docs/decisions/058-order-mails-and-cancel.md) and what a cancel shows. */
describe('order mails and cancelling an order', () => {
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
    await k.invariants();
    clock.set(START);
  });
  afterAll(async () => {
    await k?.close();
  });

  async function place(token: string, body: Record<string, unknown>) {
    const q = await k.call('/api/ramp/quote', { token, body: { ...body, idemId: idem() } });
    expect(q.status, JSON.stringify(q.body)).toBe(200);
    const res = await k.placeOrder(token, RampQuoteReply.parse(q.body).quote.quoteId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return OrderReply.parse(res.body).order;
  }

  /** The order mails in the dev outbox, oldest first (step-up codes left out). */
  async function orderMails(email: string) {
    return (await k.outbox(email)).filter((m) => m.template.startsWith('order-')).reverse();
  }

  it('one instant buy from the USD balance sends one mail, when it is complete, with the tracking link', async () => {
    const user = await k.openedUser('150');
    const placed = await place(user.token, BUY_USDS);
    expect(await runDelivery(ctx, placed.orderId)).toBe('moved');
    clock.advance(10_000);
    expect(await runConfirmation(ctx, placed.orderId)).toBe('moved');
    const mails = await orderMails(user.email);
    expect(mails.map((m) => m.subject)).toEqual(['Your Rampart purchase is complete']);
    expect(mails[0]?.text).toContain(`https://app.rampart.example/trade/track?tracking_id=${placed.trackingId}`);
  });

  it('a refused delivery sends one mail: the refund, not the failure and the refund', async () => {
    const user = await k.openedUser('200');
    const placed = await place(user.token, { ...BUY_USDS, sellAmountTotal: '100.14' });
    expect(await runDelivery(ctx, placed.orderId)).toBe('moved');
    expect((await orderMails(user.email)).map((m) => m.subject)).toEqual([
      'Your Rampart purchase was refunded to your USD balance',
    ]);
  });

  it('a sell waiting for its deposit is cancelled by its owner: the timeline ends cancelled, nothing was taken, two mails in all', async () => {
    const user = await k.openedUser('0');
    const placed = await place(user.token, SELL_USDS_BY_DEPOSIT);
    expect(placed.status).toBe('awaiting_deposit');
    expect((await orderMails(user.email)).map((m) => m.subject)).toEqual([
      'Your Rampart sale is waiting for your deposit',
    ]);

    clock.advance(60_000);
    const res = await k.call('/api/ramp/cancel', { token: user.token, body: { orderId: placed.orderId } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const cancelled = OrderReply.parse(res.body).order;
    expect(cancelled).toMatchObject({ status: 'cancelled', reason: 'Cancelled by the user', expiresAt: null });
    expect(cancelled.timeline.map((t) => t.status)).toEqual(['awaiting_deposit', 'cancelled']);
    expect(cancelled.timeline[1]?.at).toBe(new Date(START.getTime() + 60_000).toISOString());
    // The public page shows it too, and no deposit can arrive for it any more.
    const tracked = TrackingReply.parse(
      (await k.call('/api/ramp/tracking', { body: { tracking_id: placed.trackingId } })).body,
    ).order;
    expect(tracked).toMatchObject({
      status: 'cancelled',
      timeline: [{ status: 'awaiting_deposit' }, { status: 'cancelled' }],
    });
    k.expectError(
      await k.call('/api/primetrust-sandbox-receive-order-deposit', {
        token: user.token,
        body: { orderId: placed.orderId },
      }),
      409,
      'order_not_awaiting_deposit',
    );
    expect(await k.holdings(user.token)).toMatchObject({ settled: '0.00', held: '0.00', available: '0.00' });
    // Cancelling again, or cancelling an order already paid for, changes nothing.
    k.expectError(
      await k.call('/api/ramp/cancel', { token: user.token, body: { orderId: placed.orderId } }),
      409,
      'order_not_cancellable',
    );
    expect((await orderMails(user.email)).map((m) => m.subject)).toEqual([
      'Your Rampart sale is waiting for your deposit',
      'Your Rampart sale was cancelled',
    ]);
  });

  it('an ACH-paid buy waiting for its payment is cancelled: its pending deposit is cancelled and the balance has nothing pending', async () => {
    const user = await k.openedUser('0');
    const bank = await k.addBank(user.token);
    const placed = await place(user.token, {
      ...BUY_USDS,
      sellNetwork: 'primex_ach',
      sellAddress: bank,
      sellAmountTotal: '50',
    });
    expect(placed.status).toBe('awaiting_funds');
    const res = await k.call('/api/ramp/cancel', { token: user.token, body: { orderId: placed.orderId } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(OrderReply.parse(res.body).order.timeline.map((t) => t.status)).toEqual(['awaiting_funds', 'cancelled']);
    const transfer = await k.call('/api/transfers/get', { token: user.token, body: { transferId: placed.transferId } });
    expect((transfer.body as { transfer: { status: string } }).transfer.status).toBe('cancelled');
    expect(await k.holdings(user.token)).toMatchObject({ settled: '0.00', held: '0.00', available: '0.00' });
    expect((await orderMails(user.email)).map((m) => m.subject)).toEqual([
      'Your Rampart purchase is waiting for your payment',
      'Your Rampart purchase was cancelled',
    ]);
  });

  it('an order already paid for cannot be cancelled (409) and stays as it was', async () => {
    const user = await k.openedUser('150');
    const placed = await place(user.token, BUY_USDS);
    k.expectError(
      await k.call('/api/ramp/cancel', { token: user.token, body: { orderId: placed.orderId } }),
      409,
      'order_not_cancellable',
    );
    const after = OrderReply.parse(
      (await k.call('/api/ramp/order-get', { token: user.token, body: { orderId: placed.orderId } })).body,
    ).order;
    expect(after.status).toBe('funds_received');
    expect(await k.holdings(user.token)).toMatchObject({ settled: '150.00', held: '100.00' });
  });
});
