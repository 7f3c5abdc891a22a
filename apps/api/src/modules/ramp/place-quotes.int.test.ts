import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderReply, RampQuoteReply, type RampQuote } from '@rampart/contracts';
import { BUY_USDS } from '../../../test/kits/ramp-test-fixtures';
import { createTransferKit, type TransferKit } from '../../../test/kits/transfer-test-kit';
import { placeQuote, placeQuotes, type NewQuote, type PlaceChecks } from './quotes-repository';

/**
 * Decisions 041 and 077: the statement that checks and stores quotes, several at once. Each quote gets the outcome
 * of the first refusal in the order of its verdict; the HTTP replies built from them are in quotes.int.test.ts.
 */
describe('placeQuotes: the checks and the insert of several quotes in one statement', () => {
  let k: TransferKit;
  beforeAll(async () => {
    k = await createTransferKit();
  });
  afterAll(async () => {
    await k?.close();
  });

  let counter = 0;
  const now = new Date();
  function newQuote(userId: string, idemId = `place-${Date.now()}-${(counter += 1)}`, usdValue = 10_000n): NewQuote {
    const id = randomUUID();
    return {
      id,
      userId,
      idemId,
      request: { idemId, sellAmountTotal: String(usdValue / 100n) },
      side: 'buy',
      paymentMethod: 'primex_ach',
      sellAsset: 'USD',
      sellNetwork: 'primex_ach',
      sellAmount: usdValue,
      buyAsset: 'USDS',
      buyNetwork: 'xrpl',
      receiveAmount: usdValue * 10_000n,
      methodFee: 0n,
      networkFee: 0n,
      spreadFee: 0n,
      usdValue,
      priceBid: '1',
      priceAsk: '1',
      view: { quoteId: id, idemId } as unknown as RampQuote,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 300_000),
    };
  }
  const checks = (overrides: Partial<PlaceChecks> = {}): PlaceChecks => ({
    ratePerMinute: 0,
    rateSince: new Date(now.getTime() - 60_000),
    weeklyCap: null,
    weekSince: new Date(now.getTime() - 7 * 86_400_000),
    dailyCap: 2_500_000n,
    daySince: new Date(now.getTime() - 86_400_000),
    ...overrides,
  });
  const guidOf = async (email: string) =>
    (await k.t.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email])).rows[0]?.id as string;

  it('one statement, each quote its own outcome in the order of the verdict', async () => {
    const user = await k.openedUser();
    const closedEmail = `place-closed-${Date.now()}@example.com`;
    await k.signedInUser(closedEmail);
    const closed = await guidOf(closedEmail);
    const earlier = newQuote(user.guid);
    expect(await placeQuote(k.t.db, { quote: earlier, checks: checks() })).toEqual({
      kind: 'inserted',
      row: { request: earlier.request, view: earlier.view },
    });

    const fresh = newQuote(user.guid);
    const twice = newQuote(user.guid);
    const outcomes = await placeQuotes(k.t.db, [
      { quote: fresh, checks: checks() },
      // The idemId of a stored quote: its request and reply, whatever the other checks say.
      {
        quote: { ...newQuote(user.guid, earlier.idemId), usdValue: 99_999_999n },
        checks: checks({ dailyCap: 0n, ratePerMinute: 1 }),
      },
      { quote: newQuote(closed), checks: checks({ ratePerMinute: 1, dailyCap: 0n }) },
      // One quote made in the last minute: a limit of one refuses, with the time the window frees.
      { quote: newQuote(user.guid), checks: checks({ ratePerMinute: 1, dailyCap: 0n }) },
      { quote: newQuote(user.guid), checks: checks({ ratePerMinute: 2 }) },
      { quote: newQuote(user.guid), checks: checks({ weeklyCap: 5_000n, dailyCap: 0n }) },
      { quote: newQuote(user.guid), checks: checks({ dailyCap: 9_999n }) },
      // The same new idemId twice in one statement: one is stored, the other finds it taken (then replays it).
      { quote: twice, checks: checks() },
      { quote: newQuote(user.guid, twice.idemId), checks: checks() },
    ]);
    expect(
      outcomes
        .slice(7)
        .map((outcome) => outcome.kind)
        .sort(),
    ).toEqual(['inserted', 'lost_race']);
    expect(outcomes.slice(0, 7)).toEqual([
      { kind: 'inserted', row: { request: fresh.request, view: fresh.view } },
      { kind: 'existing', row: { request: earlier.request, view: earlier.view } },
      { kind: 'account_not_opened' },
      { kind: 'rate_limited', oldest: earlier.createdAt },
      { kind: 'inserted', row: expect.anything() },
      { kind: 'weekly_limit', used: 0n },
      { kind: 'daily_limit', used: 0n },
    ]);
    const { rows } = await k.t.db.query<{ n: bigint }>(
      'SELECT count(*)::int8 AS n FROM ramp_quotes WHERE user_id = $1',
      [user.guid],
    );
    expect(rows[0]?.n).toBe(4n);
  });

  it('a body refused in memory brings only its key: a replay, the account and the rate limit answer first', async () => {
    const user = await k.openedUser();
    const closedEmail = `place-refused-${Date.now()}@example.com`;
    await k.signedInUser(closedEmail);
    const stored = newQuote(user.guid);
    await placeQuote(k.t.db, { quote: stored, checks: checks() });
    const key = (userId: string, idemId = `place-refused-${(counter += 1)}`) => ({ userId, idemId });
    const rate = (ratePerMinute: number) => ({ ratePerMinute, rateSince: new Date(now.getTime() - 60_000) });
    expect(
      await placeQuotes(k.t.db, [
        { refusedBody: key(user.guid, stored.idemId), checks: rate(1) },
        { refusedBody: key(await guidOf(closedEmail)), checks: rate(1) },
        { refusedBody: key(user.guid), checks: rate(1) },
        { refusedBody: key(user.guid), checks: rate(0) },
      ]),
    ).toEqual([
      { kind: 'existing', row: { request: stored.request, view: stored.view } },
      { kind: 'account_not_opened' },
      { kind: 'rate_limited', oldest: stored.createdAt },
      { kind: 'body_refused' },
    ]);
    const { rows } = await k.t.db.query<{ n: bigint }>(
      'SELECT count(*)::int8 AS n FROM ramp_quotes WHERE user_id = $1',
      [user.guid],
    );
    expect(rows[0]?.n).toBe(1n);
  });

  it('stores no quote for a user without an opened account, or without a row at all (decision 044: no foreign key)', async () => {
    const nobody = randomUUID();
    const noAccountEmail = `place-none-${Date.now()}@example.com`;
    await k.signedInUser(noAccountEmail);
    const noAccount = await guidOf(noAccountEmail);
    const outcomes = await placeQuotes(k.t.db, [
      { quote: newQuote(nobody), checks: checks() },
      { quote: newQuote(noAccount), checks: checks() },
    ]);
    expect(outcomes).toEqual([{ kind: 'account_not_opened' }, { kind: 'account_not_opened' }]);
    const { rows } = await k.t.db.query<{ n: bigint }>(
      'SELECT count(*)::int8 AS n FROM ramp_quotes WHERE user_id = ANY($1::uuid[])',
      [[nobody, noAccount]],
    );
    expect(rows[0]?.n).toBe(0n);
  });

  it('the limits count what tradeUsage and depositUsage count: ACH deposits and consumed quotes', async () => {
    const user = await k.openedUser();
    const bank = await k.addBank(user.token);
    await k.transfer('/api/transfers/deposit', user.token, {
      method: 'primex_ach',
      amount: '600',
      fundsTransferMethodId: bank,
    });
    const taken = newQuote(user.guid, undefined, 30_000n);
    await placeQuote(k.t.db, { quote: taken, checks: checks() });
    await k.t.db.query('UPDATE ramp_quotes SET consumed_at = $2 WHERE id = $1', [taken.id, now]);
    // $600 deposited by ACH and a $300 ACH buy taken: $900 of the week; the $300 of the day. A $100 quote is one cent over.
    const [weekly, daily] = await placeQuotes(k.t.db, [
      { quote: newQuote(user.guid), checks: checks({ weeklyCap: 99_999n }) },
      { quote: newQuote(user.guid), checks: checks({ dailyCap: 39_999n }) },
    ]);
    expect(weekly).toEqual({ kind: 'weekly_limit', used: 90_000n });
    expect(daily).toEqual({ kind: 'daily_limit', used: 30_000n });
  });

  it("a taken quote whose order was cancelled no longer counts (the order read through the quote's unique key)", async () => {
    const user = await k.openedUser();
    const bank = await k.addBank(user.token);
    const made = await k.call('/api/ramp/quote', {
      token: user.token,
      body: {
        ...BUY_USDS,
        sellNetwork: 'primex_ach',
        sellAddress: bank,
        sellAmountTotal: '50',
        idemId: `place-cancel-${Date.now()}`,
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const quoteId = RampQuoteReply.parse(made.body).quote.quoteId;
    const placed = await k.placeOrder(user.token, quoteId);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const dailyAt = async () =>
      (await placeQuotes(k.t.db, [{ quote: newQuote(user.guid), checks: checks({ dailyCap: 0n }) }]))[0];
    expect(await dailyAt()).toEqual({ kind: 'daily_limit', used: 5_000n });
    const orderId = OrderReply.parse(placed.body).order.orderId;
    expect((await k.call('/api/ramp/cancel', { token: user.token, body: { orderId } })).status).toBe(200);
    expect(await dailyAt()).toEqual({ kind: 'daily_limit', used: 0n });
  });
});
