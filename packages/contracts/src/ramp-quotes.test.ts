import { describe, expect, it } from 'vitest';
import {
  PRICE_SCALE,
  RampQuoteRequest,
  computeBuy,
  computeSell,
  formatPrice,
  networkFeeCents,
  parsePrice,
} from './ramp-quotes';
import { minorToDecimal } from './money';

const price = (bid: string, ask: string) => ({ bid: parsePrice(bid)!, ask: parsePrice(ask)! });
const PAR = price('1', '1');

describe('prices', () => {
  it('reads prices at 8 decimals, > 0, and writes them shortest with 2 places at least', () => {
    expect(parsePrice('60000')).toBe(60000n * PRICE_SCALE);
    expect(parsePrice('0')).toBeNull();
    expect(parsePrice('0.000000001')).toBeNull();
    expect(formatPrice(PRICE_SCALE)).toBe('1.00');
    expect(formatPrice(parsePrice('60000.125')!)).toBe('60000.125');
  });
});

describe('a buy: USD total in, the asset out (one rounding rule, in the platform favour)', () => {
  it('USDS at $1.00 from the USD balance to the XRP Ledger: no method fee, no spread, the network fee apart', () => {
    const f = computeBuy({ sellCents: 10_000n, method: 'primex_usd', network: 'xrpl', assetDecimals: 6, price: PAR });
    expect(f).toMatchObject({
      methodFee: 0n,
      networkFee: networkFeeCents('xrpl'),
      spreadFee: 0n,
      rate: PRICE_SCALE,
      usdValue: 10_000n,
    });
    // $100.00 - $0.01 network fee = 99.99 USDS, exactly.
    expect(minorToDecimal(f.receiveAmount, 6)).toBe('99.990000');
  });

  it('ACH takes its deposit fee (0.5%, half up to the cent), instant ACH its $2', () => {
    expect(
      computeBuy({ sellCents: 10_000n, method: 'primex_ach', network: 'xrpl', assetDecimals: 6, price: PAR }).methodFee,
    ).toBe(50n);
    // 0.5% of $1.01 = 0.505 cent -> 1 cent (half up, as every deposit).
    expect(
      computeBuy({ sellCents: 101n, method: 'primex_ach', network: 'xrpl', assetDecimals: 6, price: PAR }).methodFee,
    ).toBe(1n);
    expect(
      computeBuy({ sellCents: 10_000n, method: 'primex_instant_ach', network: 'xrpl', assetDecimals: 6, price: PAR })
        .methodFee,
    ).toBe(200n);
  });

  it('a spread: what buying at the ask instead of the mid costs, rounded up; the conversion rounded down', () => {
    // BTC bid 59,700 ask 60,300 (mid 60,000); $1000 from the balance on bitcoin ($1.50 network fee).
    const f = computeBuy({
      sellCents: 100_000n,
      method: 'primex_usd',
      network: 'bitcoin',
      assetDecimals: 8,
      price: price('59700', '60300'),
    });
    const net = 100_000n - 150n; // 99,850 cents
    // spread = ceil(99850 * 600 / (2 * 60300)) = ceil(496.77) = 497 cents
    expect(f.spreadFee).toBe(497n);
    // (99850 - 497) cents at 60,000 $/BTC = 0.01655883333 BTC -> 0.01655883 (down)
    expect(f.receiveAmount).toBe(1_655_883n);
    expect(f.rate).toBe(60_000n * PRICE_SCALE);
    // Never more than the exact value at the ask: 99850 cents / 60300 = 0.016558872...
    expect(f.receiveAmount * 60_300n * 100n).toBeLessThanOrEqual(net * 10n ** 8n);
  });

  it('the receive amount is never above the exact figure and at most a few minor units below, for many amounts', () => {
    const p = price('2985.01', '3015.99');
    let checked = 0;
    for (let cents = 200n; cents < 500_000n; cents += 7_919n) {
      const f = computeBuy({
        sellCents: cents,
        method: 'primex_ach',
        network: 'ethereum',
        assetDecimals: 18,
        price: p,
      });
      const net = cents - f.methodFee - f.networkFee;
      if (net <= 0n) continue;
      // Exact: the net cents bought at the ask, in wei (times ask x 100 to stay in integers).
      const exactTimesAsk = net * 10n ** 18n * PRICE_SCALE;
      const gotTimesAsk = f.receiveAmount * p.ask * 100n;
      expect(gotTimesAsk).toBeLessThanOrEqual(exactTimesAsk);
      // Short by at most the spread's rounding (under one cent, valued at the mid: x ask/mid) plus one wei.
      expect((exactTimesAsk - gotTimesAsk) * (p.bid + p.ask)).toBeLessThan(
        (10n ** 18n * PRICE_SCALE + p.ask * 100n) * 2n * p.ask,
      );
      checked += 1;
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('an amount that the fees eat gives nothing to receive', () => {
    const f = computeBuy({
      sellCents: 100n,
      method: 'primex_instant_ach',
      network: 'ethereum',
      assetDecimals: 18,
      price: PAR,
    });
    expect(f.receiveAmount).toBe(0n);
  });
});

describe('a sell: the asset in, USD out', () => {
  it('USDS at $1.00 to the USD balance: nothing taken', () => {
    const f = computeSell({ sellMinor: 100_000_000n, method: 'primex_usd', assetDecimals: 6, price: PAR });
    expect(f).toMatchObject({
      usdValue: 10_000n,
      spreadFee: 0n,
      methodFee: 0n,
      networkFee: 0n,
      receiveAmount: 10_000n,
    });
  });

  it('value at the mid rounded down, spread rounded up, ACH payout fee on the rest', () => {
    // 0.5 ETH at bid 2985, ask 3015 (mid 3000): value $1500.00, spread 0.5 * 15 = $7.50, ACH 0.5% of 1492.50 = 7.4625 -> 7.46
    const f = computeSell({
      sellMinor: 5n * 10n ** 17n,
      method: 'primex_ach',
      assetDecimals: 18,
      price: price('2985', '3015'),
    });
    expect(f).toMatchObject({ usdValue: 150_000n, spreadFee: 750n, methodFee: 746n, receiveAmount: 148_504n });
  });

  it('a fraction of a cent goes to the platform: value down, spread up', () => {
    // 0.00000001 BTC at mid 60,000 = 0.06 cent: value 0, spread ceil(>0) = 1, nothing to receive.
    const f = computeSell({ sellMinor: 1n, method: 'primex_usd', assetDecimals: 8, price: price('59700', '60300') });
    expect(f.usdValue).toBe(0n);
    expect(f.spreadFee).toBe(1n);
    expect(f.receiveAmount).toBe(0n);
  });
});

describe('the ramp quote request (document 1, section 3)', () => {
  const body = {
    buyAssetTicker: 'USDS',
    buyNetwork: 'xrpl',
    buyAddress: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh',
    sellAssetTicker: 'USD',
    sellNetwork: 'primex_usd',
    sellAmountTotal: '100',
    sellDeliveryMethod: 'payment_method',
    sellAddress: 'USD balance',
  };

  it('takes idemId, or the draft idemID as the same value (R16)', () => {
    expect(RampQuoteRequest.safeParse({ ...body, idemId: 'k-1' }).success).toBe(true);
    expect(RampQuoteRequest.safeParse({ ...body, idemID: 'k-1' }).success).toBe(true);
    expect(RampQuoteRequest.safeParse({ ...body, idemId: 'k-1', idemID: 'k-1' }).success).toBe(true);
  });

  it('names the field of each problem', () => {
    const fields = (input: unknown) => {
      const r = RampQuoteRequest.safeParse(input);
      return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
    };
    expect(fields(body)).toEqual({ idemId: 'A request id (idemId) is required' });
    expect(fields({ ...body, idemId: 'a', idemID: 'b' })).toEqual({
      idemId: 'idemId and idemID must be the same value',
    });
    expect(fields({ ...body, idemId: 'has space' })).toEqual({
      idemId: 'The request id (idemId) must be 1 to 180 visible ASCII characters',
    });
    expect(fields({ idemId: 'k' })).toEqual({
      buyAssetTicker: 'Asset is required',
      sellAssetTicker: 'Asset is required',
      buyNetwork: 'Network is required',
      sellNetwork: 'Network is required',
    });
  });
});
