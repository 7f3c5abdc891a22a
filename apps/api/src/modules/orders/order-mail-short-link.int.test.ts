import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderReply, RampQuoteReply } from '@rampart/contracts';
import { manualClock } from '../../lib/clock';
import { createTransferKit, type TransferKit } from '../../../test/kits/transfer-test-kit';
import { START } from '../../../test/kits/ramp-test-fixtures';

// Placing it is mailed at once: it waits for the user (decision 058).
const SELL_USDS_BY_DEPOSIT = {
  sellAssetTicker: 'USDS',
  sellNetwork: 'xrpl',
  sellAmountTotal: '20',
  sellDeliveryMethod: 'deposit',
  buyAssetTicker: 'USD',
  buyNetwork: 'primex_usd',
  buyAddress: 'USD balance',
};

describe('order mails carry the short tracking link', () => {
  let k: TransferKit;
  const clock = manualClock(START);

  beforeAll(async () => {
    k = await createTransferKit({ clock, env: { PUBLIC_URL: 'https://app.rampart.example' } });
  });
  afterAll(async () => {
    await k?.close();
  });

  it('the mail of a sell waiting for its deposit shows its /r/<shortId> link in the text and the HTML', async () => {
    const user = await k.openedUser('150');
    const quoted = await k.call('/api/ramp/quote', {
      token: user.token,
      body: { ...SELL_USDS_BY_DEPOSIT, idemId: `short-link-mail-${Date.now()}` },
    });
    expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
    const placed = await k.placeOrder(user.token, RampQuoteReply.parse(quoted.body).quote.quoteId);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const order = OrderReply.parse(placed.body).order;
    expect(order.shortUrl).toBe(`/r/${order.shortId}`);
    const short = `https://app.rampart.example/r/${order.shortId}`;
    const mails = (await k.outbox(user.email)).filter((m) => m.subject?.startsWith('Your Rampart sale'));
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) {
      expect(mail.text).toContain(short);
      expect(mail.html).toContain(`href="${short}"`);
    }
  });
});
