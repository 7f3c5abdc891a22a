import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RampQuote } from '@rampart/contracts';
import type { Queryable } from '../../db/types';
import { findLiveSession } from '../identity';
import { createTransferKit, type TransferKit } from '../../../test/kits/transfer-test-kit';
import { placeQuotes, type NewQuote } from './quotes-repository';

/**
 * Decision 044: the statements every quote runs (the bearer's session lookup and the quotes' checks and insert) are
 * prepared once per connection and keep their plan. A plan made while a table is nearly empty must still look rows
 * up by index: a hash join over the table (which the planner picks for a small table when it may pull a lookup up
 * into a join) would read every quote or session for every statement once the table has grown.
 */
describe('the hot statements look rows up by index, whatever the tables held when they were planned', () => {
  let k: TransferKit;
  beforeAll(async () => {
    k = await createTransferKit();
  });
  afterAll(async () => {
    await k?.close();
  });

  /** The first statement `run` sends, explained on the real database with the same parameters. */
  async function planOf(run: (q: Queryable) => Promise<unknown>): Promise<string> {
    const db = k.t.db;
    let sent: { text: string; params: readonly unknown[] } | undefined;
    const recorder: Queryable = {
      query: (text, params, options) => {
        sent ??= { text, params: params ?? [] };
        return db.query(text, params, options);
      },
      exec: (sql) => db.exec(sql),
    };
    await run(recorder);
    if (!sent) throw new Error('no statement sent');
    const { rows } = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sent.text}`, sent.params);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  }

  it('the quotes statement: quotes, accounts, transfers and orders read by index', async () => {
    const user = await k.openedUser();
    const now = new Date();
    const id = randomUUID();
    const quote: NewQuote = {
      id,
      userId: user.guid,
      idemId: `plan-${id}`,
      request: { idemId: `plan-${id}` },
      side: 'buy',
      paymentMethod: 'primex_usd',
      sellAsset: 'USD',
      sellNetwork: 'primex_usd',
      sellAmount: 1_000n,
      buyAsset: 'USDS',
      buyNetwork: 'xrpl',
      receiveAmount: 10_000_000n,
      methodFee: 0n,
      networkFee: 0n,
      spreadFee: 0n,
      usdValue: 1_000n,
      priceBid: '1',
      priceAsk: '1',
      view: { quoteId: id } as unknown as RampQuote,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 300_000),
    };
    const checks = {
      ratePerMinute: 10,
      rateSince: now,
      weeklyCap: 100_000n,
      weekSince: now,
      dailyCap: 2_500_000n,
      daySince: now,
    };
    const plan = await planOf((q) => placeQuotes(q, [{ quote, checks }]));
    expect(plan).toContain('ramp_quotes');
    expect(plan).toContain('ramp_orders');
    // Every table by index; the statement's own rows (its input and CTEs) may be joined in memory.
    expect(plan).not.toMatch(/Seq Scan on/);
  });

  it('the session lookup: sessions, users and accounts read by index', async () => {
    await k.openedUser();
    const plan = await planOf((q) => findLiveSession(q, randomUUID(), new Date()));
    expect(plan).toContain('identity_sessions');
    expect(plan).not.toMatch(/Seq Scan on/);
  });
});
