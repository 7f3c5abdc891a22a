import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import {
  ApiErrorBody,
  OrderReply,
  RampLimitsReply,
  RampQuoteReply,
  TradeEstimateReply,
  decimalToMinor,
  type RampQuote,
} from '@rampart/contracts';
import { manualClock } from '../../lib/clock';
import { createTransferKit, type TransferKit } from '../../../test/kits/transfer-test-kit';
import { consumeQuote } from './index';
import { placeQuotes, type NewQuote } from './quotes-repository';
import { BUY_USDS, ETH_ADDRESS, NO_SUCH_ID, START, XRPL_ADDRESS } from '../../../test/kits/ramp-test-fixtures';

let counter = 0;
const idem = () => `idem-${Date.now()}-${(counter += 1)}`;

describe('ramp: quotes, estimates and limits (issue 6, decision 023)', () => {
  let k: TransferKit;
  const clock = manualClock(START);

  beforeAll(async () => {
    k = await createTransferKit({ clock });
  });
  afterEach(async () => {
    await k.invariants();
    clock.set(START);
  });
  afterAll(async () => {
    await k?.close();
  });

  async function quote(token: string, body: Record<string, unknown>) {
    const res = await k.call('/api/ramp/quote', { token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return RampQuoteReply.parse(res.body);
  }

  /** A failing call: its status, code and the message under each field. */
  async function refused(url: string, token: string, body: unknown, status: number, code: string) {
    const res = await k.call(url, { token, body });
    const error = k.expectError(res, status, code);
    return { message: error.message, fields: ApiErrorBody.parse(res.body).errors?.fields ?? {} };
  }

  const consume = (guid: string, quoteId: string) =>
    k.t.db.transaction((tx) => consumeQuote(tx, guid, quoteId, clock.now()));

  async function quoteCount(guid: string): Promise<number> {
    const { rows } = await k.t.db.query<{ n: bigint }>(
      'SELECT count(*)::int8 AS n FROM ramp_quotes WHERE user_id = $1',
      [guid],
    );
    return Number(rows[0]?.n ?? 0n);
  }

  describe('access', () => {
    it.each(['/api/ramp/quote', '/api/ramp/trade-estimate', '/api/ramp/limits'])(
      '%s answers 401 to an anonymous caller, before looking at the body',
      async (url) => {
        k.expectError(await k.call(url, { body: { nonsense: true } }), 401, 'unauthenticated');
      },
    );

    it('the three calls are in the OpenAPI document', async () => {
      const doc = await k.t.app.inject({ method: 'GET', url: '/api/openapi.json' });
      expect(Object.keys((doc.json() as { paths: Record<string, unknown> }).paths)).toEqual(
        expect.arrayContaining(['/api/ramp/quote', '/api/ramp/trade-estimate', '/api/ramp/limits']),
      );
    });

    it('a quote needs an opened account (409); estimates and limits do not', async () => {
      const token = await k.signedInUser(`quotes-closed-${Date.now()}@example.com`);
      await refused('/api/ramp/quote', token, { ...BUY_USDS, idemId: idem() }, 409, 'account_not_opened');
      expect((await k.call('/api/ramp/trade-estimate', { token, body: BUY_USDS })).status).toBe(200);
      expect((await k.call('/api/ramp/limits', { token, body: {} })).status).toBe(200);
    });
  });

  describe('a quote', () => {
    it('buys 100 USDS to an XRPL address with the USD balance: every fee apart, the rate, firm for 5 minutes', async () => {
      const user = await k.openedUser();
      const id = idem();
      const { quote: q, replayed } = await quote(user.token, { ...BUY_USDS, idemId: id });
      expect(replayed).toBe(false);
      expect(q).toMatchObject({
        side: 'buy',
        idemId: id,
        sellAssetTicker: 'USD',
        sellNetwork: 'primex_usd',
        sellAmountTotal: '100.00',
        sellDeliveryMethod: 'payment_method',
        buyAssetTicker: 'USDS',
        buyNetwork: 'xrpl',
        buyAddress: XRPL_ADDRESS,
        buyMemo: null,
        sellAddress: null,
        receiveAmount: '99.990000',
        rate: '1.00',
        rateAssetTicker: 'USDS',
        paymentMethod: 'primex_usd',
        fees: [
          { kind: 'method', label: 'Payment method fee', assetTicker: 'USD', amount: '0.00' },
          { kind: 'network', label: 'Network fee', assetTicker: 'USD', amount: '0.01' },
          { kind: 'spread', label: 'Spread', assetTicker: 'USD', amount: '0.00' },
        ],
        totalFees: '0.01',
        createdAt: START.toISOString(),
        expiresAt: new Date(START.getTime() + 300_000).toISOString(),
      });
      expect(q.quoteId).toMatch(/^[0-9a-f-]{36}$/);
      expect(await quoteCount(user.guid)).toBe(1);
    });

    it('pays by ACH (0.5%) or instant ACH ($2) from one of the caller’s linked banks, with an XRPL destination tag', async () => {
      const user = await k.openedUser();
      const bank = await k.addBank(user.token);
      const ach = await quote(user.token, {
        ...BUY_USDS,
        sellNetwork: 'primex_ach',
        sellAddress: bank,
        buyMemo: '12345',
        idemId: idem(),
      });
      expect(ach.quote).toMatchObject({
        sellAddress: bank,
        buyMemo: '12345',
        paymentMethod: 'primex_ach',
        receiveAmount: '99.490000',
        totalFees: '0.51',
      });
      expect(ach.quote.fees[0]).toMatchObject({ kind: 'method', amount: '0.50' });
      const instant = await quote(user.token, {
        ...BUY_USDS,
        sellNetwork: 'primex_instant_ach',
        sellAddress: bank,
        idemId: idem(),
      });
      expect(instant.quote).toMatchObject({ receiveAmount: '97.990000', totalFees: '2.01' });
    });

    it('buys ETH at the ask: the spread is a line of its own, the amount received rounded down', async () => {
      const user = await k.openedUser();
      const { quote: q } = await quote(user.token, {
        ...BUY_USDS,
        buyAssetTicker: 'ETH',
        buyNetwork: 'ethereum',
        buyAddress: ETH_ADDRESS.toLowerCase(),
        sellAmountTotal: '1000',
        idemId: idem(),
      });
      // Bid 2985, ask 3015: $1000 - $2.50 network fee = 997.50; spread ceil(99750 x 30 / (2 x 3015)) = 497 cents;
      // 99253 cents at the mid 3000 = 0.330843333... ETH, rounded down to the gwei (decision 093).
      expect(q).toMatchObject({
        rate: '3000.00',
        rateAssetTicker: 'ETH',
        totalFees: '7.47',
        receiveAmount: '0.330843333',
      });
      expect(q.fees.map((f) => f.amount)).toEqual(['0.00', '2.50', '4.97']);
      // The address is kept in its checksummed (EIP-55) form.
      expect(q.buyAddress).toBe(ETH_ADDRESS);
    });

    it('sells ETH by deposit to a linked bank, and USDS from holdings to the USD balance', async () => {
      const user = await k.openedUser();
      const bank = await k.addBank(user.token);
      const eth = await quote(user.token, {
        sellAssetTicker: 'ETH',
        sellNetwork: 'ethereum',
        sellAmountTotal: '0.5',
        sellDeliveryMethod: 'deposit',
        sellAddress: ETH_ADDRESS,
        buyAssetTicker: 'USD',
        buyNetwork: 'primex_ach',
        buyAddress: bank,
        idemId: idem(),
      });
      // $1500 at the mid, spread 0.5 x $15 = $7.50, ACH 0.5% of $1492.50 = $7.46.
      expect(eth.quote).toMatchObject({
        side: 'sell',
        receiveAmount: '1485.04',
        totalFees: '14.96',
        buyAddress: bank,
        sellAddress: ETH_ADDRESS,
        paymentMethod: 'primex_ach',
      });
      const usds = await quote(user.token, {
        sellAssetTicker: 'USDS',
        sellNetwork: 'xrpl',
        sellAmountTotal: '5',
        sellDeliveryMethod: 'holdings',
        buyAssetTicker: 'USD',
        buyNetwork: 'primex_usd',
        buyAddress: 'USD balance',
        idemId: idem(),
      });
      // From holdings the minimum deposit does not apply, only the $1 minimum trade.
      expect(usds.quote).toMatchObject({
        receiveAmount: '5.00',
        totalFees: '0.00',
        buyAddress: 'USD balance',
        sellDeliveryMethod: 'holdings',
      });
    });
  });

  describe('bad input: 4xx with the message under its field', () => {
    let token: string;
    let bank: string;
    let other: { token: string; bank: string };
    beforeAll(async () => {
      const user = await k.openedUser();
      token = user.token;
      bank = await k.addBank(token);
      const second = await k.openedUser();
      other = { token: second.token, bank: await k.addBank(second.token) };
    });

    const SELL_ETH = {
      sellAssetTicker: 'ETH',
      sellNetwork: 'ethereum',
      sellAmountTotal: '0.5',
      sellDeliveryMethod: 'deposit',
      buyAssetTicker: 'USD',
      buyNetwork: 'primex_usd',
      buyAddress: 'USD balance',
    };

    it.each([
      ['an unknown asset', { buyAssetTicker: 'FOO' }, { buyAssetTicker: 'Asset FOO not supported!' }],
      // The catalogue offers USDS elsewhere: the network is what is wrong (decision 104).
      [
        'an asset on a network it is not on',
        { buyNetwork: 'bitcoin' },
        { buyNetwork: 'This asset is not offered on this network' },
      ],
      [
        'a hidden pair (Polymesh off)',
        { buyNetwork: 'polymesh', buyAddress: '0x' + 'a'.repeat(64) },
        { buyNetwork: 'This asset is not offered on this network' },
      ],
      [
        'an asset disabled for buying and trading (R15)',
        {
          buyAssetTicker: 'USDC',
          buyNetwork: 'stellar',
          buyAddress: 'GAAZI4TCR3TY5OJHCTJC2A4QSY6CJWJH5IAJTGKIN2ER7LBNVKOCCWN7',
        },
        { buyAssetTicker: 'This asset cannot be bought or sold at the moment' },
      ],
      [
        'card as the source (R13)',
        { sellNetwork: 'primex_card' },
        { sellNetwork: 'This payment method cannot be used to pay for a trade' },
      ],
      [
        'a wire as the source (R13)',
        { sellNetwork: 'primex_fedwire' },
        { sellNetwork: 'This payment method cannot be used to pay for a trade' },
      ],
      [
        'USD for USD',
        { buyAssetTicker: 'USD', buyNetwork: 'primex_ach' },
        { buyAssetTicker: 'These two assets cannot be traded for each other' },
      ],
      [
        'an address of another network',
        { buyAddress: ETH_ADDRESS },
        { buyAddress: 'Value is not a valid XRPL address' },
      ],
      ['no address', { buyAddress: '' }, { buyAddress: 'Address is required' }],
      [
        'a destination tag that is not one',
        { buyMemo: 'abc' },
        { buyMemo: 'Value is not a valid XRPL destination tag' },
      ],
      [
        'too many decimals for USD',
        { sellAmountTotal: '10.001' },
        { sellAmountTotal: 'Amount can have at most 2 decimal places' },
      ],
      ['an amount of 0', { sellAmountTotal: '0' }, { sellAmountTotal: 'Amount must be greater than 0' }],
      ['a negative amount', { sellAmountTotal: '-5' }, { sellAmountTotal: 'Amount must be greater than 0' }],
      ['no amount', { sellAmountTotal: null }, { sellAmountTotal: 'Amount is required' }],
      ['a word for an amount', { sellAmountTotal: 'ten' }, { sellAmountTotal: 'Amount must be a number' }],
      [
        'less than the minimum trade',
        { sellAmountTotal: '0.99' },
        { sellAmountTotal: 'The minimum for this trade is 1.00 USD' },
      ],
      [
        'a delivery method for a payment method',
        { sellDeliveryMethod: 'holdings' },
        {
          sellDeliveryMethod: 'A payment method delivers USD itself; leave the delivery method empty or payment_method',
        },
      ],
      [
        'ACH without a bank',
        { sellNetwork: 'primex_ach', sellAddress: '' },
        { sellAddress: 'Select one payment method' },
      ],
      ['no idemId', { idemId: undefined }, { idemId: 'A request id (idemId) is required' }],
    ])('%s', async (_name, change, fields) => {
      const body = { ...BUY_USDS, idemId: idem(), ...change };
      expect((await refused('/api/ramp/quote', token, body, 400, 'validation_failed')).fields).toEqual(fields);
    });

    // docs/decisions/104-every-refusal-is-keyed.md: a ticker the catalogue has on another network is a network problem.
    it.each(['/api/ramp/quote', '/api/ramp/trade-estimate'])(
      '%s blames the network when the asset is offered on another one, the ticker when it is offered nowhere',
      async (url) => {
        const call = async (change: Record<string, unknown>) => {
          const body = { ...BUY_USDS, ...(url === '/api/ramp/quote' ? { idemId: idem() } : {}), ...change };
          const error = k.expectError(await k.call(url, { token, body }), 400, 'validation_failed');
          return { fields: error.errors?.fields, fieldKeys: error.fieldKeys };
        };
        const network = { key: 'ramp.assetNotOnNetwork' };
        expect(await call({ sellNetwork: 'bogusnet' })).toEqual({
          fields: { sellNetwork: 'This asset is not offered on this network' },
          fieldKeys: { sellNetwork: network },
        });
        expect(await call({ buyNetwork: 'bitcoin' })).toEqual({
          fields: { buyNetwork: 'This asset is not offered on this network' },
          fieldKeys: { buyNetwork: network },
        });
        expect(await call({ buyAssetTicker: 'FOO' })).toEqual({
          fields: { buyAssetTicker: 'Asset FOO not supported!' },
          fieldKeys: { buyAssetTicker: { key: 'asset.notSupported', params: { ticker: 'FOO' } } },
        });
        expect(await call({ sellAssetTicker: 'ZZZ', sellNetwork: 'bogusnet' })).toEqual({
          fields: { sellAssetTicker: 'Asset ZZZ not supported!' },
          fieldKeys: { sellAssetTicker: { key: 'asset.notSupported', params: { ticker: 'ZZZ' } } },
        });
        expect(await call({ sellAmountTotal: 'ten' })).toEqual({
          fields: { sellAmountTotal: 'Amount must be a number' },
          fieldKeys: { sellAmountTotal: { key: 'sandbox.amountNotNumber' } },
        });
        expect(await call({ sellAmountTotal: '1.234' })).toEqual({
          fields: { sellAmountTotal: 'Amount can have at most 2 decimal places' },
          fieldKeys: { sellAmountTotal: { key: 'sandbox.amountDecimals', params: { decimals: 2 } } },
        });
      },
    );

    it('carries each field message’s key and parameters beside its English text (decision 075)', async () => {
      const below = await k.call('/api/ramp/quote', {
        token,
        body: { ...SELL_ETH, idemId: idem(), sellAmountTotal: '0.001' },
      });
      const body = ApiErrorBody.parse(below.body);
      expect(body.errors?.fields).toEqual({ sellAmountTotal: 'The minimum for this trade is 0.005 ETH' });
      expect(body.fieldKeys).toEqual({
        sellAmountTotal: { key: 'ramp.amountBelowMinimum', params: { minimum: '0.005', ticker: 'ETH' } },
      });
      expect(body.messageKey).toBeUndefined();

      // A schema's message travels as text: a catalogue text without parameters is keyed all the same.
      const noAmount = ApiErrorBody.parse(
        (await k.call('/api/ramp/quote', { token, body: { ...BUY_USDS, idemId: idem(), sellAmountTotal: null } })).body,
      );
      expect(noAmount.fieldKeys).toEqual({ sellAmountTotal: { key: 'transfer.amountRequired' } });

      // Document 2's 'Asset {0} not supported!' is keyed with its ticker (decision 104).
      const unknown = ApiErrorBody.parse(
        (await k.call('/api/ramp/quote', { token, body: { ...BUY_USDS, idemId: idem(), buyAssetTicker: 'FOO' } })).body,
      );
      expect(unknown.errors?.fields).toEqual({ buyAssetTicker: 'Asset FOO not supported!' });
      expect(unknown.fieldKeys).toEqual({ buyAssetTicker: { key: 'asset.notSupported', params: { ticker: 'FOO' } } });
    });

    it.each([
      [
        'the amount the fees eat',
        { buyAssetTicker: 'ETH', buyNetwork: 'ethereum', buyAddress: ETH_ADDRESS, sellAmountTotal: '2.50' },
        { sellAmountTotal: 'Amount must be more than the fees' },
      ],
      [
        'an ETH deposit below its minimum (R14)',
        { ...SELL_ETH, sellAmountTotal: '0.001' },
        { sellAmountTotal: 'The minimum for this trade is 0.005 ETH' },
      ],
      [
        'more decimals than ETH has',
        { ...SELL_ETH, sellAmountTotal: '0.1234567891' },
        { sellAmountTotal: 'Amount can have at most 9 decimal places' },
      ],
      [
        'instant ACH as the payout (R13)',
        { ...SELL_ETH, buyNetwork: 'primex_instant_ach' },
        { buyNetwork: 'This payment method cannot receive the proceeds of a trade' },
      ],
      [
        'an unknown delivery method',
        { ...SELL_ETH, sellDeliveryMethod: 'mail' },
        { sellDeliveryMethod: 'Choose how the asset is delivered: deposit or holdings' },
      ],
      [
        'a sending address of another network',
        { ...SELL_ETH, sellAddress: XRPL_ADDRESS },
        { sellAddress: 'Value is not a valid ETH address' },
      ],
      ['a memo on a payout', { ...SELL_ETH, buyMemo: '1' }, { buyMemo: 'A payment method takes no memo' }],
    ])('%s', async (_name, change, fields) => {
      const body = {
        ...(('sellDeliveryMethod' in change && change.sellDeliveryMethod !== 'payment_method') || 'buyMemo' in change
          ? SELL_ETH
          : BUY_USDS),
        idemId: idem(),
        ...change,
      };
      expect((await refused('/api/ramp/quote', token, body, 400, 'validation_failed')).fields).toEqual(fields);
    });

    it('an unknown field is refused', async () => {
      await refused('/api/ramp/quote', token, { ...BUY_USDS, idemId: idem(), price: '0.5' }, 400, 'validation_failed');
    });

    it('another user’s bank, or no such bank, reads as unknown (404 under the field)', async () => {
      for (const id of [other.bank, NO_SUCH_ID, 'not-a-uuid']) {
        const { fields } = await refused(
          '/api/ramp/quote',
          token,
          { ...BUY_USDS, sellNetwork: 'primex_ach', sellAddress: id, idemId: idem() },
          404,
          'bank_method_unknown',
        );
        expect(fields).toEqual({ sellAddress: 'Unknown bank method' });
      }
      const payout = await refused(
        '/api/ramp/quote',
        token,
        { ...SELL_ETH, buyNetwork: 'primex_ach', buyAddress: other.bank, idemId: idem() },
        404,
        'bank_method_unknown',
      );
      expect(payout.fields).toEqual({ buyAddress: 'Unknown bank method' });
      // The caller's own bank works.
      expect(
        (
          await k.call('/api/ramp/quote', {
            token,
            body: { ...BUY_USDS, sellNetwork: 'primex_ach', sellAddress: bank, idemId: idem() },
          })
        ).status,
      ).toBe(200);
    });
  });

  describe('idempotency (R16)', () => {
    it('the same idemId and body: the same quote; idemID is the same key', async () => {
      const user = await k.openedUser();
      const id = idem();
      const first = await quote(user.token, { ...BUY_USDS, idemId: id });
      clock.advance(10_000);
      const again = await quote(user.token, { ...BUY_USDS, idemId: id });
      expect(again).toEqual({ quote: first.quote, replayed: true });
      const draft = await quote(user.token, { ...BUY_USDS, idemID: id });
      expect(draft.quote.quoteId).toBe(first.quote.quoteId);
      expect(await quoteCount(user.guid)).toBe(1);
    });

    it('the same idemId with another body: 422 idempotency_error naming the field', async () => {
      const user = await k.openedUser();
      const id = idem();
      await quote(user.token, { ...BUY_USDS, idemId: id });
      const amount = await refused(
        '/api/ramp/quote',
        user.token,
        { ...BUY_USDS, sellAmountTotal: '101', idemId: id },
        422,
        'idempotency_error',
      );
      expect(amount.fields).toEqual({
        sellAmountTotal: 'This idempotency key was used with a different sellAmountTotal',
      });
      const address = await refused(
        '/api/ramp/quote',
        user.token,
        { ...BUY_USDS, buyAddress: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe', idemId: id },
        422,
        'idempotency_error',
      );
      expect(address.fields).toEqual({ buyAddress: 'This idempotency key was used with a different buyAddress' });
    });

    it('keys are per user: another user’s idemId is a new quote', async () => {
      const a = await k.openedUser();
      const b = await k.openedUser();
      const id = idem();
      const first = await quote(a.token, { ...BUY_USDS, idemId: id });
      const second = await quote(b.token, { ...BUY_USDS, sellAmountTotal: '50', idemId: id });
      expect(second.replayed).toBe(false);
      expect(second.quote.quoteId).not.toBe(first.quote.quoteId);
    });
  });

  describe('single use and expiry (consumeQuote, for the orders)', () => {
    it('a quote is taken once; again answers 409 quote_used', async () => {
      const user = await k.openedUser();
      const { quote: q } = await quote(user.token, { ...BUY_USDS, idemId: idem() });
      const taken = await consume(user.guid, q.quoteId);
      expect(taken).toMatchObject({ quote: q, side: 'buy', paymentMethod: 'primex_usd', usdValue: 10_000n });
      await expect(consume(user.guid, q.quoteId)).rejects.toMatchObject({ code: 'quote_used', status: 409 });
    });

    it('is firm until expiresAt: taken at 4:59, refused at 5:00 with 409 quote_expired', async () => {
      const user = await k.openedUser();
      const early = (await quote(user.token, { ...BUY_USDS, idemId: idem() })).quote;
      const late = (await quote(user.token, { ...BUY_USDS, idemId: idem() })).quote;
      clock.advance(299_000);
      await expect(consume(user.guid, early.quoteId)).resolves.toMatchObject({ quote: early });
      clock.advance(1_000);
      await expect(consume(user.guid, late.quoteId)).rejects.toMatchObject({
        code: 'quote_expired',
        status: 409,
        message: 'This quote has expired. Please get a new quote.',
      });
      // The expired quote's idemId still gives it back as it was; a new idemId gives a fresh quote.
      expect((await quote(user.token, { ...BUY_USDS, idemId: late.idemId })).quote).toEqual(late);
      const fresh = (await quote(user.token, { ...BUY_USDS, idemId: idem() })).quote;
      expect(fresh.expiresAt).toBe(new Date(clock.now().getTime() + 300_000).toISOString());
    });

    it('another user’s quote, or none, reads as unknown (404)', async () => {
      const a = await k.openedUser();
      const b = await k.openedUser();
      const { quote: q } = await quote(a.token, { ...BUY_USDS, idemId: idem() });
      await expect(consume(b.guid, q.quoteId)).rejects.toMatchObject({ code: 'quote_unknown', status: 404 });
      await expect(consume(a.guid, NO_SUCH_ID)).rejects.toMatchObject({ code: 'quote_unknown' });
      await expect(consume(a.guid, 'nonsense')).rejects.toMatchObject({ code: 'quote_unknown' });
    });
  });

  describe('limits', () => {
    async function limits(token: string, method?: string) {
      const res = await k.call('/api/ramp/limits', { token, body: method ? { method } : {} });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return RampLimitsReply.parse(res.body);
    }

    it('a new user: every limit whole', async () => {
      const user = await k.openedUser();
      expect(await limits(user.token)).toEqual({
        assetTicker: 'USD',
        minimumTrade: '1.00',
        limits: [
          {
            kind: 'weekly_method',
            method: 'primex_ach',
            windowHours: 168,
            limit: '1000.00',
            used: '0.00',
            remaining: '1000.00',
            nextReleaseAt: null,
          },
          {
            kind: 'weekly_method',
            method: 'primex_instant_ach',
            windowHours: 168,
            limit: '1000.00',
            used: '0.00',
            remaining: '1000.00',
            nextReleaseAt: null,
          },
          {
            kind: 'weekly_method',
            method: 'primex_card',
            windowHours: 168,
            limit: '1000.00',
            used: '0.00',
            remaining: '1000.00',
            nextReleaseAt: null,
          },
          {
            kind: 'daily_trades',
            method: null,
            windowHours: 24,
            limit: '25000.00',
            used: '0.00',
            remaining: '25000.00',
            nextReleaseAt: null,
          },
          {
            kind: 'per_trade',
            method: null,
            windowHours: null,
            limit: '10000.00',
            used: '0.00',
            remaining: '10000.00',
            nextReleaseAt: null,
          },
        ],
      });
      expect((await limits(user.token, 'primex_card')).limits.map((l) => l.kind)).toEqual(['weekly_method']);
      expect((await limits(user.token, 'primex_usd')).limits.map((l) => l.kind)).toEqual(['daily_trades', 'per_trade']);
      expect(
        (await refused('/api/ramp/limits', user.token, { method: 'primex_cash' }, 400, 'validation_failed')).fields,
      ).toEqual({ method: 'Unknown payment method' });
    });

    it('the weekly $1000 of ACH: deposits and trades by ACH count over a rolling 7 days', async () => {
      const user = await k.openedUser();
      const bank = await k.addBank(user.token);
      await k.transfer('/api/transfers/deposit', user.token, {
        method: 'primex_ach',
        amount: '600',
        fundsTransferMethodId: bank,
      });
      expect((await limits(user.token, 'primex_ach')).limits[0]).toMatchObject({
        used: '600.00',
        remaining: '400.00',
        nextReleaseAt: new Date(START.getTime() + 7 * 86_400_000).toISOString(),
      });

      const over = await refused(
        '/api/ramp/quote',
        user.token,
        { ...BUY_USDS, sellNetwork: 'primex_ach', sellAddress: bank, sellAmountTotal: '400.01', idemId: idem() },
        422,
        'trade_limit_exceeded',
      );
      expect(over.fields).toEqual({
        sellAmountTotal: 'This is over your $1000 weekly limit for this method; $400.00 remains',
      });
      // Other methods are not concerned.
      await quote(user.token, { ...BUY_USDS, sellAmountTotal: '400.01', idemId: idem() });

      clock.advance(600_000);
      const fits = (
        await quote(user.token, {
          ...BUY_USDS,
          sellNetwork: 'primex_ach',
          sellAddress: bank,
          sellAmountTotal: '400',
          idemId: idem(),
        })
      ).quote;
      await consume(user.guid, fits.quoteId);
      const after = await limits(user.token, 'primex_ach');
      expect(after.limits[0]).toMatchObject({ used: '1000.00', remaining: '0.00' });
      expect(after.limits[1]).toMatchObject({ kind: 'daily_trades', used: '400.00', remaining: '24600.00' });

      // Seven days after the deposit, its $600 leaves the window; the trade's $400 ten minutes later.
      clock.set(new Date(START.getTime() + 7 * 86_400_000 + 1));
      const token = await k.signIn(user.email);
      expect((await limits(token, 'primex_ach')).limits[0]).toMatchObject({
        used: '400.00',
        remaining: '600.00',
        nextReleaseAt: new Date(START.getTime() + 7 * 86_400_000 + 600_000).toISOString(),
      });
    });

    it('instant ACH, credited before the bank pays, has its own weekly $1000: its deposits and the buys it pays for', async () => {
      const user = await k.openedUser();
      const bank = await k.addBank(user.token);
      const deposit = (amount: string) =>
        k.call('/api/transfers/deposit', {
          token: user.token,
          body: { method: 'primex_instant_ach', amount, fundsTransferMethodId: bank },
        });
      const instantLimit = async () => (await limits(user.token, 'primex_instant_ach')).limits[0];
      expect(await instantLimit()).toMatchObject({
        kind: 'weekly_method',
        method: 'primex_instant_ach',
        limit: '1000.00',
        remaining: '1000.00',
      });

      // Far above the limit: refused, nothing credited, nothing recorded.
      const huge = k.expectError(await deposit('250000'), 422, 'trade_limit_exceeded');
      expect(huge.errors?.fields).toEqual({
        amount: 'This is over your $1000 weekly limit for this method; $1000.00 remains',
      });
      expect(await k.holdings(user.token)).toMatchObject({ available: '0.00' });

      expect((await deposit('600')).status).toBe(200);
      expect(await instantLimit()).toMatchObject({ used: '600.00', remaining: '400.00' });
      const over = await refused(
        '/api/ramp/quote',
        user.token,
        {
          ...BUY_USDS,
          sellNetwork: 'primex_instant_ach',
          sellAddress: bank,
          sellAmountTotal: '400.01',
          idemId: idem(),
        },
        422,
        'trade_limit_exceeded',
      );
      expect(over.fields).toEqual({
        sellAmountTotal: 'This is over your $1000 weekly limit for this method; $400.00 remains',
      });
      const fits = await quote(user.token, {
        ...BUY_USDS,
        sellNetwork: 'primex_instant_ach',
        sellAddress: bank,
        sellAmountTotal: '400',
        idemId: idem(),
      });
      await consume(user.guid, fits.quote.quoteId);
      expect(await instantLimit()).toMatchObject({ used: '1000.00', remaining: '0.00' });
      k.expectError(await deposit('0.01'), 422, 'trade_limit_exceeded');
      expect(await k.holdings(user.token)).toMatchObject({ available: '600.00' });
      // The slow ACH's limit is its own.
      expect((await limits(user.token, 'primex_ach')).limits[0]).toMatchObject({ used: '0.00', remaining: '1000.00' });
    });

    it('one trade at most $10,000; all trades at most $25,000 a day, checked again when the quote is taken', async () => {
      const user = await k.openedUser();
      const big = await refused(
        '/api/ramp/quote',
        user.token,
        { ...BUY_USDS, sellAmountTotal: '10000.01', idemId: idem() },
        422,
        'trade_limit_exceeded',
      );
      expect(big.fields).toEqual({ sellAmountTotal: 'The maximum for one trade is $10000.00' });
      for (let i = 0; i < 2; i++)
        await consume(
          user.guid,
          (await quote(user.token, { ...BUY_USDS, sellAmountTotal: '10000', idemId: idem() })).quote.quoteId,
        );
      // Quoted while it fitted, taken after another trade used the room.
      const pending = (await quote(user.token, { ...BUY_USDS, sellAmountTotal: '3000', idemId: idem() })).quote;
      await consume(
        user.guid,
        (await quote(user.token, { ...BUY_USDS, sellAmountTotal: '4000', idemId: idem() })).quote.quoteId,
      );
      await expect(consume(user.guid, pending.quoteId)).rejects.toMatchObject({
        code: 'trade_limit_exceeded',
        status: 422,
      });
      const daily = await refused(
        '/api/ramp/quote',
        user.token,
        { ...BUY_USDS, sellAmountTotal: '1000.01', idemId: idem() },
        422,
        'trade_limit_exceeded',
      );
      expect(daily.fields).toEqual({
        sellAmountTotal: 'This is over your daily trading limit; $1000.00 remains today',
      });
    });
    it('the quote statement counts what /api/ramp/limits shows: deposits, ACH-paid orders, cancellations, windows', async () => {
      const user = await k.openedUser('5000');
      const bank = await k.addBank(user.token);
      /** The usage the statement finds (caps of 0 refuse every quote and report it) beside the limits reply's. */
      async function sameUsage(label: string) {
        const now = clock.now();
        const quote = (): NewQuote => {
          const id = randomUUID();
          return {
            id,
            userId: user.guid,
            idemId: `usage-${id}`,
            request: {},
            side: 'buy',
            paymentMethod: 'primex_ach',
            sellAsset: 'USD',
            sellNetwork: 'primex_ach',
            sellAmount: 1n,
            buyAsset: 'USDS',
            buyNetwork: 'xrpl',
            receiveAmount: 1n,
            methodFee: 0n,
            networkFee: 0n,
            spreadFee: 0n,
            usdValue: 1n,
            priceBid: '1',
            priceAsk: '1',
            view: {} as RampQuote,
            createdAt: now,
            expiresAt: new Date(now.getTime() + 300_000),
          };
        };
        const checks = {
          ratePerMinute: 0,
          rateSince: now,
          weekSince: new Date(now.getTime() - 7 * 86_400_000),
          dailyCap: 0n,
          daySince: new Date(now.getTime() - 86_400_000),
        };
        const [weekly, daily] = await placeQuotes(k.t.db, [
          { quote: quote(), checks: { ...checks, weeklyCap: 0n } },
          { quote: quote(), checks: { ...checks, weeklyCap: null } },
        ]);
        const [ach, trades] = (await limits(await k.signIn(user.email), 'primex_ach')).limits;
        expect([weekly, daily], label).toEqual([
          { kind: 'weekly_limit', used: decimalToMinor(ach?.used ?? '', 2) },
          { kind: 'daily_limit', used: decimalToMinor(trades?.used ?? '', 2) },
        ]);
      }
      const buy = async (body: Record<string, unknown>) => {
        const made = (await quote(user.token, { ...BUY_USDS, ...body, idemId: idem() })).quote;
        const placed = await k.placeOrder(user.token, made.quoteId);
        expect(placed.status, JSON.stringify(placed.body)).toBe(200);
        return OrderReply.parse(placed.body).order.orderId;
      };
      await sameUsage('nothing yet');
      await k.transfer('/api/transfers/deposit', user.token, {
        method: 'primex_ach',
        amount: '100',
        fundsTransferMethodId: bank,
      });
      await sameUsage('an ACH deposit');
      const achBuy = await buy({ sellNetwork: 'primex_ach', sellAddress: bank, sellAmountTotal: '200' });
      await sameUsage('an ACH-paid buy and its own deposit');
      await buy({ sellAmountTotal: '300' });
      await sameUsage('a buy with the USD balance');
      expect((await k.call('/api/ramp/cancel', { token: user.token, body: { orderId: achBuy } })).status).toBe(200);
      await sameUsage('the ACH-paid buy cancelled');
      clock.advance(25 * 3_600_000);
      await sameUsage('the next day');
      clock.advance(7 * 86_400_000);
      await sameUsage('the next week');
    });
  });

  describe('trade estimate', () => {
    it('the figures of a quote, nothing stored, addresses optional', async () => {
      const user = await k.openedUser();
      const { buyAddress: _omit, sellAddress: _omit2, ...noAddresses } = BUY_USDS;
      const res = await k.call('/api/ramp/trade-estimate', { token: user.token, body: noAddresses });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const { estimate } = TradeEstimateReply.parse(res.body);
      expect(estimate).toMatchObject({ side: 'buy', receiveAmount: '99.990000', totalFees: '0.01', rate: '1.00' });
      expect(estimate).not.toHaveProperty('quoteId');
      expect(await quoteCount(user.guid)).toBe(0);
    });

    it('bad input is still a 4xx under its field', async () => {
      const user = await k.openedUser();
      expect(
        (
          await refused(
            '/api/ramp/trade-estimate',
            user.token,
            { ...BUY_USDS, buyAddress: 'rNOPE' },
            400,
            'validation_failed',
          )
        ).fields,
      ).toEqual({ buyAddress: 'Value is not a valid XRPL address' });
      expect(
        (
          await refused(
            '/api/ramp/trade-estimate',
            user.token,
            { ...BUY_USDS, sellAmountTotal: '' },
            400,
            'validation_failed',
          )
        ).fields,
      ).toEqual({ sellAmountTotal: 'Amount is required' });
      await refused('/api/ramp/trade-estimate', user.token, { ...BUY_USDS, idemId: 'x' }, 400, 'validation_failed');
    });
  });

  describe('rate limit (ARCHITECTURE.md section 6)', () => {
    it('30 quotes a minute per user; the 31st answers 429 with Retry-After; replays are free; a minute later it works', async () => {
      const user = await k.openedUser();
      const first = idem();
      await quote(user.token, { ...BUY_USDS, idemId: first });
      clock.advance(20_000);
      for (let i = 0; i < 29; i++) await quote(user.token, { ...BUY_USDS, idemId: idem() });
      const res = await k.t.app.inject({
        method: 'POST',
        url: '/api/ramp/quote',
        headers: { authorization: `Bearer ${user.token}` },
        payload: { ...BUY_USDS, idemId: idem() },
      });
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({
        code: 'rate_limited',
        message: 'Too many quotes requested. Please wait a moment.',
      });
      // The oldest counted quote leaves the window 40 seconds from now.
      expect(res.headers['retry-after']).toBe('40');
      expect((await quote(user.token, { ...BUY_USDS, idemId: first })).replayed).toBe(true);
      // Another user is not concerned.
      await quote((await k.openedUser()).token, { ...BUY_USDS, idemId: idem() });
      clock.advance(40_000);
      expect((await quote(user.token, { ...BUY_USDS, idemId: idem() })).replayed).toBe(false);
    });

    it('refuses in one order: a replay, the account, the rate limit, then the body, then the limits', async () => {
      const overMaximum = { ...BUY_USDS, sellAmountTotal: '10000.01' };
      const unknownAsset = { ...BUY_USDS, buyAssetTicker: 'NOPE' };
      // No opened account: 409 before the body's own error.
      const closed = await k.signedInUser(`quotes-order-${Date.now()}@example.com`);
      await refused('/api/ramp/quote', closed, { ...overMaximum, idemId: idem() }, 409, 'account_not_opened');
      await refused('/api/ramp/quote', closed, { ...unknownAsset, idemId: idem() }, 409, 'account_not_opened');

      const user = await k.openedUser();
      // The body's own error (here the per-trade maximum) before the daily limit it would also break.
      await refused('/api/ramp/quote', user.token, { ...overMaximum, idemId: idem() }, 422, 'trade_limit_exceeded');
      const first = idem();
      await quote(user.token, { ...BUY_USDS, idemId: first });
      for (let i = 0; i < 29; i++) await quote(user.token, { ...BUY_USDS, idemId: idem() });
      // Over the rate limit: 429 before the body's error, for a bad body as for a good one.
      for (const body of [BUY_USDS, overMaximum, unknownAsset])
        await refused('/api/ramp/quote', user.token, { ...body, idemId: idem() }, 429, 'rate_limited');
      // A stored idemId answers first: its quote again, or the field that differs even when that body is refused.
      expect((await quote(user.token, { ...BUY_USDS, idemId: first })).replayed).toBe(true);
      await refused('/api/ramp/quote', user.token, { ...unknownAsset, idemId: first }, 422, 'idempotency_error');
    });
  });
});

describe('ramp quotes with the HTTP price feed (PRICE_FEED_URL)', () => {
  let k: TransferKit;
  let server: Server;
  let answer: string | 'hang' = '{}';
  let asked = 0;

  beforeAll(async () => {
    server = createServer((_req, res) => {
      asked += 1;
      if (answer === 'hang') return;
      res.writeHead(200, { 'content-type': 'application/json' }).end(answer);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/prices`;
    k = await createTransferKit({
      env: { PRICE_FEED_URL: url, PRICE_FEED_TIMEOUT_MS: '300', PRICE_FEED_MAX_AGE_SECONDS: '0' },
    });
  });
  afterAll(async () => {
    await k?.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const ETH_BUY = {
    ...BUY_USDS,
    buyAssetTicker: 'ETH',
    buyNetwork: 'ethereum',
    buyAddress: ETH_ADDRESS,
    sellAmountTotal: '1000',
  };

  it('prices from a good feed', async () => {
    answer = JSON.stringify({ prices: { ETH: { bid: '2000', ask: '2000' } } });
    const user = await k.openedUser();
    const res = await k.call('/api/ramp/quote', { token: user.token, body: { ...ETH_BUY, idemId: idem() } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // ($1000 - $2.50) / 2000 = 0.49875 ETH, no spread.
    expect(RampQuoteReply.parse(res.body).quote).toMatchObject({
      rate: '2000.00',
      receiveAmount: '0.498750000',
      totalFees: '2.50',
    });
  });

  it.each([
    ['malformed JSON', '{"prices": '],
    ['a feed without the asset', JSON.stringify({ prices: { BTC: { price: '60000' } } })],
    ['a feed that does not answer in time', 'hang' as const],
  ])('%s: 503 price_unavailable, not a 500; nothing stored; stablecoins still quoted', async (_name, reply) => {
    answer = reply;
    const user = await k.openedUser();
    const res = await k.call('/api/ramp/quote', { token: user.token, body: { ...ETH_BUY, idemId: idem() } });
    k.expectError(res, 503, 'price_unavailable');
    expect(ApiErrorBody.parse(res.body).message).toBe(
      'Prices are not available at the moment. Please try again shortly.',
    );
    k.expectError(
      await k.call('/api/ramp/trade-estimate', { token: user.token, body: ETH_BUY }),
      503,
      'price_unavailable',
    );
    const { rows } = await k.t.db.query<{ n: bigint }>(
      'SELECT count(*)::int8 AS n FROM ramp_quotes WHERE user_id = $1',
      [user.guid],
    );
    expect(rows[0]?.n).toBe(0n);
    expect((await k.call('/api/ramp/quote', { token: user.token, body: { ...BUY_USDS, idemId: idem() } })).status).toBe(
      200,
    );
  });

  // A quote takes one way through its checks: a body they refuse is not checked and priced a second time, so the
  // feed is asked once and a client waits for one timeout of the feed, not two.
  it.each([
    ['a feed that does not answer in time', 'hang' as const, { ...ETH_BUY }, 503, 'price_unavailable'],
    [
      'a trade over the per-trade maximum',
      JSON.stringify({ prices: { ETH: { bid: '2000', ask: '2000' } } }),
      { ...ETH_BUY, sellAmountTotal: '10000.01' },
      422,
      'trade_limit_exceeded',
    ],
  ])('%s: the feed is asked once for one quote', async (_name, reply, body, status, code) => {
    answer = reply;
    const user = await k.openedUser();
    asked = 0;
    k.expectError(
      await k.call('/api/ramp/quote', { token: user.token, body: { ...body, idemId: idem() } }),
      status,
      code,
    );
    expect(asked).toBe(1);
  });
});
