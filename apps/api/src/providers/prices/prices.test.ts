import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PRICE_SCALE, parsePrice } from '@rampart/contracts';
import { loadConfig, ConfigError } from '../../config';
import {
  createHttpFeedPriceProvider,
  createPriceProvider,
  createTablePriceProvider,
  PriceUnavailableError,
} from './index';

const p = (text: string) => parsePrice(text)!;

describe('the table price provider (the sandbox)', () => {
  const prices = createTablePriceProvider({
    BTC: { bid: '59700', ask: '60300' },
    ETH: { price: '3000', spreadBps: 50 },
  });

  it('stablecoins are 1.00 bid and ask, whatever the table (document 2, section 9: USDS at $1.00)', async () => {
    for (const ticker of ['USDS', 'usdc', 'VEUSD', 'QUSD', 'ZUSD']) {
      expect(await prices.priceOf(ticker)).toMatchObject({ bid: PRICE_SCALE, ask: PRICE_SCALE, source: 'par' });
    }
  });

  it('reads bid/ask rows, and price + spread rows (bid rounded down, ask up)', async () => {
    expect(await prices.priceOf('btc')).toEqual({
      assetTicker: 'BTC',
      bid: p('59700'),
      ask: p('60300'),
      source: 'table',
    });
    expect(await prices.priceOf('ETH')).toMatchObject({ bid: p('2985'), ask: p('3015') });
  });

  it('an asset the table lacks has no price', async () => {
    await expect(prices.priceOf('DOGE')).rejects.toBeInstanceOf(PriceUnavailableError);
  });

  it('refuses a bad row at creation', () => {
    expect(() => createTablePriceProvider({ X: { bid: '2', ask: '1' } })).toThrow(/ask must not be below bid/);
  });
});

describe('configuration', () => {
  const load = (env: Record<string, string>) =>
    loadConfig({ NODE_ENV: 'test', ...env }, { version: '0', rootDir: '/tmp' });

  it('defaults: the table, 5-minute quotes, 30 quotes a minute', () => {
    const c = load({});
    expect(c.prices.feedUrl).toBeNull();
    expect(c.quoteTtlSeconds).toBe(300);
    expect(c.quoteRateLimitPerMinute).toBe(30);
    expect(createPriceProvider(c).kind).toBe('table');
  });

  it('PRICE_FEED_URL switches to the feed; PRICE_TABLE adds rows; bad values stop the boot naming them', async () => {
    expect(createPriceProvider(load({ PRICE_FEED_URL: 'http://127.0.0.1:9/prices' })).kind).toBe('feed');
    const c = load({ PRICE_TABLE: '{"doge": {"price": "0.1"}}', QUOTE_TTL_SECONDS: '60' });
    expect(c.quoteTtlSeconds).toBe(60);
    expect((await createPriceProvider(c).priceOf('DOGE')).source).toBe('table');
    expect(() => load({ PRICE_TABLE: '{"X": {"bid": "a", "ask": "1"}}' })).toThrow(ConfigError);
    expect(() => load({ PRICE_TABLE: '[1]' })).toThrow(/PRICE_TABLE: must be a JSON object/);
    expect(() => load({ PRICE_FEED_URL: 'ftp://x' })).toThrow(/PRICE_FEED_URL/);
  });
});

describe('the HTTP price feed adapter, against a local server', () => {
  let server: Server;
  let url: string;
  let requests = 0;
  /** What the server answers next: a status and a body, or 'hang' (never answers). */
  let answer: { status: number; body: string } | 'hang' = { status: 200, body: '{}' };

  beforeAll(async () => {
    server = createServer((_req, res) => {
      requests += 1;
      if (answer === 'hang') return;
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/prices`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    requests = 0;
  });

  // A feed that answers gets a timeout no busy machine reaches; the hanging one is waited for 300 ms.
  const feed = (maxAgeMs = 0, timeoutMs = 30_000) => createHttpFeedPriceProvider({ url, timeoutMs, maxAgeMs });

  it('a good feed: bid/ask rows, price rows with the default spread, numbers read as their decimal text', async () => {
    answer = {
      status: 200,
      body: JSON.stringify({
        prices: { BTC: { bid: '59950.5', ask: '60050' }, eth: { price: 3000 }, BAD: { price: 'x' } },
      }),
    };
    const prices = feed();
    expect(await prices.priceOf('BTC')).toEqual({
      assetTicker: 'BTC',
      bid: p('59950.5'),
      ask: p('60050'),
      source: 'feed',
    });
    expect(await prices.priceOf('ETH')).toMatchObject({ bid: p('2985'), ask: p('3015') });
    // One bad row leaves the others usable; that asset has no price.
    await expect(prices.priceOf('BAD')).rejects.toThrow(/not in the price feed/);
    // Stablecoins never ask the feed.
    const before = requests;
    expect((await prices.priceOf('USDS')).source).toBe('par');
    expect(requests).toBe(before);
  });

  it('keeps a good feed for its maximum age: a burst of prices makes one request', async () => {
    answer = { status: 200, body: JSON.stringify({ prices: { BTC: { price: '60000' } } }) };
    const prices = feed(60_000);
    await Promise.all([prices.priceOf('BTC'), prices.priceOf('BTC'), prices.priceOf('BTC')]);
    await prices.priceOf('BTC');
    expect(requests).toBe(1);
  });

  it.each([
    ['malformed JSON', { status: 200, body: '{"prices": {' }, /unusably/],
    ['another shape', { status: 200, body: '{"BTC": 60000}' }, /expected format/],
    ['an error status', { status: 502, body: '{}' }, /status 502/],
  ] as const)('%s: no price (PriceUnavailableError)', async (_name, reply, reason) => {
    answer = reply;
    await expect(feed().priceOf('BTC')).rejects.toThrow(reason);
  });

  it('a feed that does not answer within the timeout: no price', async () => {
    answer = 'hang';
    const error = await feed(0, 300)
      .priceOf('BTC')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PriceUnavailableError);
    expect((error as PriceUnavailableError).reason).toBe('the price feed did not answer within 300 ms');
  });

  it('a feed nobody listens on: no price', async () => {
    const closed = createHttpFeedPriceProvider({ url: 'http://127.0.0.1:9/prices', timeoutMs: 300, maxAgeMs: 0 });
    await expect(closed.priceOf('BTC')).rejects.toBeInstanceOf(PriceUnavailableError);
  });
});
