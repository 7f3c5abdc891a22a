import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OrderReply, RampQuoteReply, TrackingReply } from '@rampart/contracts';
import { manualClock } from '../../lib/clock';
import { createSandboxChainGateway } from '../../providers/chain-gateway/sandbox';
import { DEFAULT_PRICE_TABLE, createTablePriceProvider } from '../../providers/prices';
import { createTransferKit, type TransferKit } from '../../../test/kits/transfer-test-kit';
import type { OrdersContext } from './context';
import { runAwaitFunds, runDelivery } from './index';
import { ETH_ADDRESS, START } from '../../../test/kits/ramp-test-fixtures';

let counter = 0;
const idem = () => `reprice-${Date.now()}-${(counter += 1)}`;

/** An ACH-paid buy is priced again when its money arrives, within the maximum slippage (decision 029). */
describe('orders: a late-funded buy priced again when its money arrives (decision 029)', () => {
  let k: TransferKit;
  const clock = manualClock(START);
  // The app quotes ETH at the default table's 3000; the jobs below see the price the test gives them.
  const at = (price: string): OrdersContext => ({
    db: k.t.db,
    clock,
    jobs: k.t.jobs,
    gateway: createSandboxChainGateway({ confirmationDelaySeconds: 10 }),
    origin: 'https://app.rampart.example',
    awaitHours: 24,
    prices: createTablePriceProvider({ ...DEFAULT_PRICE_TABLE, ETH: { price } }),
    maxSlippageBps: 100,
  });

  beforeAll(async () => {
    k = await createTransferKit({ clock });
  });
  afterEach(async () => {
    await k.invariants();
  });
  afterAll(async () => {
    await k?.close();
  });

  /** An ACH buy of $500 of ETH whose deposit has settled: the order waits in awaiting_funds for the job. */
  async function fundedAchBuy() {
    const user = await k.openedUser('0');
    const bank = await k.addBank(user.token);
    const body = {
      buyAssetTicker: 'ETH',
      buyNetwork: 'ethereum',
      buyAddress: ETH_ADDRESS,
      sellAssetTicker: 'USD',
      sellNetwork: 'primex_ach',
      sellAddress: bank,
      sellAmountTotal: '500',
      idemId: idem(),
    };
    const { quote } = RampQuoteReply.parse((await k.call('/api/ramp/quote', { token: user.token, body })).body);
    const placed = await k.placeOrder(user.token, quote.quoteId);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const { order } = OrderReply.parse(placed.body);
    expect(order.status).toBe('awaiting_funds');
    expect(
      (await k.call('/api/primetrust-sandbox-settle-last-ach-contribution', { token: user.token, body: {} })).status,
    ).toBe(200);
    return { user, order };
  }

  const track = async (trackingId: string) =>
    TrackingReply.parse((await k.call('/api/ramp/tracking', { body: { tracking_id: trackingId } })).body).order;

  it('the price moved 0.5 % against the user: delivered at the new price, the USD paid unchanged, noted in the timeline', async () => {
    const { user, order } = await fundedAchBuy();
    const ctx = at('3015');
    expect(await runAwaitFunds(ctx, order.orderId)).toBe('moved');
    const now = OrderReply.parse(
      (await k.call('/api/ramp/order-get', { token: user.token, body: { orderId: order.orderId } })).body,
    ).order;
    expect(now.status).toBe('funds_received');
    expect(now.sellAmountTotal).toBe(order.sellAmountTotal);
    expect(Number(now.receiveAmount)).toBeLessThan(Number(order.receiveAmount));
    expect(Number(now.receiveAmount)).toBeGreaterThan(Number(order.receiveAmount) * 0.99);
    expect(now.rate).toBe('3015.00');
    const tracked = await track(order.trackingId);
    expect(tracked.receiveAmount).toBe(now.receiveAmount);
    expect(await runDelivery(ctx, order.orderId)).toBe('moved');
    // Idempotent: run again, nothing moves.
    expect(await runAwaitFunds(ctx, order.orderId)).toBe('nothing');
  });

  it('the price moved 5 %: nothing is bought, the order ends refunded and the money stays in the USD balance', async () => {
    const { user, order } = await fundedAchBuy();
    const before = await k.holdings(user.token);
    expect(await runAwaitFunds(at('3150'), order.orderId)).toBe('moved');
    const tracked = await track(order.trackingId);
    expect(tracked.status).toBe('refunded');
    expect(tracked.timeline.map((t) => t.status)).toEqual(['awaiting_funds', 'failed', 'refunded']);
    expect(await k.holdings(user.token)).toMatchObject({ available: before.available, held: '0.00' });
    expect(before.available).toBe('497.50');
    const mails = await k.outbox(user.email);
    expect(mails.some((m) => /refunded|Refunded/.test(m.subject ?? '') || /Refunded/.test(m.text))).toBe(true);
  });

  it('a better price for the user goes on too', async () => {
    const { user, order } = await fundedAchBuy();
    expect(await runAwaitFunds(at('2900'), order.orderId)).toBe('moved');
    const now = OrderReply.parse(
      (await k.call('/api/ramp/order-get', { token: user.token, body: { orderId: order.orderId } })).body,
    ).order;
    expect(Number(now.receiveAmount)).toBeGreaterThan(Number(order.receiveAmount));
    expect(await runDelivery(at('2900'), order.orderId)).toBe('moved');
  });
});
