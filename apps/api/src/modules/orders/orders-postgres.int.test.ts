import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OrderReply, RampQuoteReply } from '@rampart/contracts';
import { createTransferKit, type TransferKit } from '../../../test/kits/transfer-test-kit';

/** Races need a database server (PGlite runs requests one after another): the PostgreSQL pass only. */
describe('ramp orders on the PostgreSQL server only: races', () => {
  let k: TransferKit;
  beforeAll(async () => {
    k = await createTransferKit();
  });
  afterEach(async () => {
    await k.invariants();
  });
  afterAll(async () => {
    await k?.close();
  });

  it('10 concurrent orders from one quote and one step-up code make one order and hold the USD once; the others get it back', async () => {
    const user = await k.openedUser('150');
    const body = {
      buyAssetTicker: 'USDS',
      buyNetwork: 'xrpl',
      buyAddress: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh',
      sellAssetTicker: 'USD',
      sellNetwork: 'primex_usd',
      sellAmountTotal: '100',
      idemId: `order-race-${Date.now()}`,
    };
    const { quote } = RampQuoteReply.parse((await k.call('/api/ramp/quote', { token: user.token, body })).body);
    expect(
      (await k.call('/api/ramp/order-challenge', { token: user.token, body: { quoteId: quote.quoteId } })).status,
    ).toBe(200);
    const code = /\b(\d{6})\b/.exec((await k.outbox(user.email))[0]?.text ?? '')?.[1];
    // One client retrying the same request ten times at once (R2's code included): one order, nine replays.
    const replies = await Promise.all(
      Array.from({ length: 10 }, () =>
        k.t.app.inject({
          method: 'POST',
          url: '/api/ramp/order',
          headers: { authorization: `Bearer ${user.token}` },
          payload: { quoteId: quote.quoteId, code },
        }),
      ),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const parsed = replies.map((r) => OrderReply.parse(r.json()));
    expect(new Set(parsed.map((p) => p.order.orderId)).size).toBe(1);
    expect(parsed.filter((p) => !p.replayed)).toHaveLength(1);
    expect(await k.holdings(user.token)).toMatchObject({ held: '100.00', available: '50.00' });
  });
});
