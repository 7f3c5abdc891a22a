import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderReply, RampQuoteReply, TransferListReply } from '@rampart/contracts';
import { createTestApp, type TestApp } from '../../test/helpers';
import type { Clock } from '../lib/clock';
import { createTransferKit, type TransferKit } from '../../test/kits/transfer-test-kit';
import { BUY_USDS } from '../../test/kits/ramp-test-fixtures';

const DAY_MS = 86_400_000;

/**
 * An API that works its own jobs (`npm start`, RUN_WORKER on by default) runs the same loop as `npm run worker`:
 * the queue and the sweeps of due transfers and orders, when it starts and every WORKER_SWEEP_SECONDS (decision 053).
 * Here an API that worked nothing (as one that crashed) leaves due deposits and an order waiting for one; another
 * API started on the same database takes them up within a sweep period, and what falls due later at the next one.
 */
describe('the in-process worker sweeps due work, as `npm run worker` does (decision 053)', () => {
  let k: TransferKit;
  let restarted: TestApp | undefined;
  // Real time, moved ahead by whole days: the queue schedules by the database's clock, which the app's must not fall
  // behind (a clock that stands still would keep an order's confirmation due, and run, for ever).
  let aheadMs = 0;
  const clock: Clock = { now: () => new Date(Date.now() + aheadMs) };

  beforeAll(async () => {
    // This app queues jobs but works none: its deposits' settlement jobs are due days ahead by the queue's clock.
    k = await createTransferKit({ clock });
  });
  afterAll(async () => {
    await restarted?.close();
    await k?.close();
  });

  async function transfers(token: string) {
    const res = await k.call('/api/transfers/list', { token, body: {} });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return TransferListReply.parse(res.body).transfers;
  }

  it('deposits and an ACH-paid buy left due while no worker ran move on within one sweep period of a restart, and later ones at the next sweep', async () => {
    const user = await k.openedUser('0');
    const bank = await k.addBank(user.token);
    for (const amount of ['10', '20', '30'])
      await k.transfer('/api/transfers/deposit', user.token, {
        method: 'primex_ach',
        amount,
        fundsTransferMethodId: bank,
      });
    const quoted = await k.call('/api/ramp/quote', {
      token: user.token,
      body: {
        ...BUY_USDS,
        sellNetwork: 'primex_ach',
        sellAddress: bank,
        sellAmountTotal: '40',
        idemId: `work-loop-${Date.now()}`,
      },
    });
    expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
    const placed = await k.placeOrder(user.token, RampQuoteReply.parse(quoted.body).quote.quoteId);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const orderId = OrderReply.parse(placed.body).order.orderId;

    // A week later by the app's clock every deposit is due; the restarted API sweeps them when it starts.
    aheadMs = 8 * DAY_MS;
    restarted = await createTestApp({ db: k.t.db, clock, env: { RUN_WORKER: 'true', WORKER_SWEEP_SECONDS: '2' } });
    const token = await k.signIn(user.email);
    await expect
      .poll(async () => (await transfers(token)).map((t) => t.status), { timeout: 20_000, interval: 250 })
      .toEqual(['settled', 'settled', 'settled']);
    await expect
      .poll(
        async () =>
          OrderReply.parse((await k.call('/api/ramp/order-get', { token, body: { orderId } })).body).order.status,
        { timeout: 20_000, interval: 250 },
      )
      .not.toBe('awaiting_funds');

    // A deposit made now falls due a week later; the running API's next sweep settles it.
    await k.transfer('/api/transfers/deposit', token, {
      method: 'primex_ach',
      amount: '50',
      fundsTransferMethodId: bank,
    });
    aheadMs = 16 * DAY_MS;
    const later = await k.signIn(user.email);
    await expect
      .poll(async () => (await transfers(later))[0]?.status, { timeout: 20_000, interval: 250 })
      .toBe('settled');
  });
});
