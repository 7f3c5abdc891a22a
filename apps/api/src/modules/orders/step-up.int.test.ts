import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  OrderChallengeReply,
  OrderReply,
  RampQuoteReply,
  ReauthenticateResponse,
  TotpAssociateResponse,
} from '@rampart/contracts';
import { manualClock } from '../../lib/clock';
import { totpCodeAt } from '../identity';
import { createTransferKit, type TransferKit } from '../../../test/kits/transfer-test-kit';
import { BUY_USDS, START } from '../../../test/kits/ramp-test-fixtures';

let counter = 0;
const idem = () => `step-up-${Date.now()}-${(counter += 1)}`;

/** R2: a trade is confirmed with the user's second factor (decision 027). */
describe('orders: the step-up code of /trade/verify (R2, decision 027)', () => {
  let k: TransferKit;
  const clock = manualClock(START);

  beforeAll(async () => {
    k = await createTransferKit({ clock });
  });
  afterEach(async () => {
    await k.invariants();
  });
  afterAll(async () => {
    await k?.close();
  });

  async function quote(token: string, body: Record<string, unknown> = { ...BUY_USDS, sellAmountTotal: '10' }) {
    const res = await k.call('/api/ramp/quote', { token, body: { ...body, idemId: idem() } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return RampQuoteReply.parse(res.body).quote;
  }

  const challenge = async (token: string, quoteId: string) =>
    k.call('/api/ramp/order-challenge', { token, body: { quoteId } });
  const order = async (token: string, quoteId: string, code: string) =>
    k.call('/api/ramp/order', { token, body: { quoteId, code } });
  const orderCount = async (guid: string) =>
    Number(
      (await k.t.db.query<{ n: bigint }>('SELECT count(*)::int8 AS n FROM ramp_orders WHERE user_id = $1', [guid]))
        .rows[0]?.n,
    );
  const newestCode = async (email: string) => /\b(\d{6})\b/.exec((await k.outbox(email))[0]?.text ?? '')?.[1] ?? '';
  const otherCode = (code: string) => (code === '000000' ? '111111' : '000000');

  it('emails a code for the trade; a wrong code places nothing and keeps the quote; the right one places the order', async () => {
    const user = await k.openedUser('50');
    const q = await quote(user.token);
    const started = OrderChallengeReply.parse((await challenge(user.token, q.quoteId)).body);
    expect(started).toEqual({
      challengeName: 'EMAIL_OTP',
      codeDeliveryDetails: {
        deliveryMedium: 'EMAIL',
        destination: expect.stringContaining('***'),
        attributeName: 'email',
      },
    });
    const mail = (await k.outbox(user.email))[0];
    expect(mail?.subject).toBe('Confirm your trade');
    const code = await newestCode(user.email);

    const wrong = k.expectError(
      await order(user.token, q.quoteId, otherCode(code)),
      400,
      'CodeMismatchException',
      'code',
    );
    expect(wrong.message).toBe('Invalid verification code provided, please try again.');
    expect(await orderCount(user.guid)).toBe(0);
    expect(await k.holdings(user.token)).toMatchObject({ available: '50.00', held: '0.00' });

    const placed = OrderReply.parse((await order(user.token, q.quoteId, code)).body);
    expect(placed).toMatchObject({ replayed: false, order: { status: 'funds_received' } });
    // The same request again (a client's retry) gives the same order back; the code is not asked for twice.
    const again = OrderReply.parse((await order(user.token, q.quoteId, code)).body);
    expect(again).toMatchObject({ replayed: true, order: { orderId: placed.order.orderId } });
    // The code is spent: it does not confirm another trade.
    const q2 = await quote(user.token);
    k.expectError(await order(user.token, q2.quoteId, code), 400, 'ExpiredCodeException', 'code');
    expect(await orderCount(user.guid)).toBe(1);
  });

  it('a sign-in code never confirms a trade, and a trade code is refused once its quote has expired', async () => {
    const user = await k.openedUser('50');
    const q = await quote(user.token);
    // The newest mail is the sign-in code of openedUser's sign-in: another purpose.
    k.expectError(
      await order(user.token, q.quoteId, await newestCode(user.email)),
      400,
      'CodeMismatchException',
      'code',
    );
    expect((await challenge(user.token, q.quoteId)).status).toBe(200);
    const code = await newestCode(user.email);
    clock.advance(5 * 60 * 1000);
    k.expectError(await order(user.token, q.quoteId, code), 409, 'quote_expired');
    k.expectError(await challenge(user.token, q.quoteId), 409, 'quote_expired');
    expect(await orderCount(user.guid)).toBe(0);
    // The code was not spent on the expired quote: a fresh quote takes it.
    const fresh = await quote(user.token);
    expect(OrderReply.parse((await order(user.token, fresh.quoteId, code)).body).replayed).toBe(false);
    clock.set(START);
  });

  it('with an authenticator app: no mail, the app code confirms once, a replayed code is refused', async () => {
    const user = await k.openedUser('50');
    const reauth = ReauthenticateResponse.parse(
      (
        await k.call('/api/identity/reauthenticate', {
          token: user.token,
          body: { password: 'correct horse battery staple' },
        })
      ).body,
    );
    const { secretCode } = TotpAssociateResponse.parse(
      (await k.call('/api/identity/totp/associate', { token: user.token, body: { reauthToken: reauth.reauthToken } }))
        .body,
    );
    expect(
      (
        await k.call('/api/identity/totp/verify', {
          token: user.token,
          body: { code: totpCodeAt(secretCode, clock.now()) },
        })
      ).status,
    ).toBe(200);
    clock.advance(30_000);

    const mails = (await k.outbox(user.email)).length;
    const q = await quote(user.token);
    expect(OrderChallengeReply.parse((await challenge(user.token, q.quoteId)).body)).toEqual({
      challengeName: 'SOFTWARE_TOKEN_MFA',
    });
    expect((await k.outbox(user.email)).length).toBe(mails);

    const code = totpCodeAt(secretCode, clock.now());
    k.expectError(await order(user.token, q.quoteId, otherCode(code)), 400, 'CodeMismatchException', 'code');
    expect(OrderReply.parse((await order(user.token, q.quoteId, code)).body).replayed).toBe(false);
    // The same app code on a second trade in the same 30 s is someone else's use: refused.
    const q2 = await quote(user.token);
    k.expectError(await order(user.token, q2.quoteId, code), 400, 'CodeMismatchException', 'code');
    clock.advance(30_000);
    expect(
      OrderReply.parse((await order(user.token, q2.quoteId, totpCodeAt(secretCode, clock.now()))).body).replayed,
    ).toBe(false);
    expect(await orderCount(user.guid)).toBe(2);
    clock.set(START);
  });

  it('five wrong codes lock trading for a while, like a sign-in', async () => {
    const user = await k.openedUser('50');
    const q = await quote(user.token);
    expect((await challenge(user.token, q.quoteId)).status).toBe(200);
    const code = await newestCode(user.email);
    for (let i = 0; i < 5; i += 1)
      k.expectError(await order(user.token, q.quoteId, otherCode(code)), 400, 'CodeMismatchException', 'code');
    k.expectError(await order(user.token, q.quoteId, code), 429, 'LimitExceededException');
    expect(await orderCount(user.guid)).toBe(0);
    // The window passes (and with it the access token's life: the user signs in again).
    clock.advance(16 * 60 * 1000);
    const token = await k.signIn(user.email);
    const fresh = await quote(token);
    expect((await challenge(token, fresh.quoteId)).status).toBe(200);
    expect(OrderReply.parse((await order(token, fresh.quoteId, await newestCode(user.email))).body).replayed).toBe(
      false,
    );
    clock.set(START);
  });

  it("another user's quote is unknown to the challenge and the order; bad bodies are 400", async () => {
    const owner = await k.openedUser('50');
    const other = await k.openedUser('50');
    const q = await quote(owner.token);
    k.expectError(await challenge(other.token, q.quoteId), 404, 'quote_unknown');
    k.expectError(await order(other.token, q.quoteId, '123456'), 404, 'quote_unknown');
    k.expectError(await k.call('/api/ramp/order-challenge', { body: { quoteId: q.quoteId } }), 401, 'unauthenticated');
    k.expectError(
      await k.call('/api/ramp/order-challenge', { token: owner.token, body: {} }),
      400,
      'validation_failed',
    );
    k.expectError(
      await k.call('/api/ramp/order', { token: owner.token, body: { quoteId: q.quoteId, code: '12ab56' } }),
      400,
      'validation_failed',
    );
    k.expectError(
      await k.call('/api/ramp/order', {
        token: owner.token,
        body: { quoteId: q.quoteId, code: '123456', extra: true },
      }),
      400,
      'validation_failed',
    );
    expect(await orderCount(owner.guid)).toBe(0);
  });
});
