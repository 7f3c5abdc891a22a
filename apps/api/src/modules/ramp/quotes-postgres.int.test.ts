import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RampQuoteReply } from '@rampart/contracts';
import { createTransferKit, type TransferKit } from '../../../test/kits/transfer-test-kit';
import { consumeQuote } from './index';
import { BUY_USDS } from '../../../test/kits/ramp-test-fixtures';

/**
 * Races need a database server: PGlite is one connection, where concurrent requests run one after another. These run
 * in the PostgreSQL pass only (the vitest config leaves *-postgres.int.test.ts out of the PGlite pass).
 */
describe('ramp quotes on the PostgreSQL server only: races', () => {
  let k: TransferKit;
  beforeAll(async () => {
    k = await createTransferKit();
  });
  afterAll(async () => {
    await k?.close();
  });

  it('20 concurrent requests with one idemId make one quote: the others wait for it and get it back', async () => {
    const user = await k.openedUser();
    const body = { ...BUY_USDS, idemId: `race-${Date.now()}` };
    const replies = await Promise.all(
      Array.from({ length: 20 }, () =>
        k.t.app.inject({
          method: 'POST',
          url: '/api/ramp/quote',
          headers: { authorization: `Bearer ${user.token}` },
          payload: body,
        }),
      ),
    );
    const statuses = new Set(replies.map((r) => r.statusCode));
    expect([...statuses]).toEqual([200]);
    const parsed = replies.map((r) => RampQuoteReply.parse(r.json()));
    const ids = new Set(parsed.map((p) => p.quote.quoteId));
    expect(ids.size).toBe(1);
    expect(parsed.filter((p) => !p.replayed)).toHaveLength(1);
    const { rows } = await k.t.db.query<{ n: bigint }>(
      'SELECT count(*)::int8 AS n FROM ramp_quotes WHERE user_id = $1',
      [user.guid],
    );
    expect(rows[0]?.n).toBe(1n);
    // The client's retry gets the quote.
    const retry = await k.call('/api/ramp/quote', { token: user.token, body });
    expect(RampQuoteReply.parse(retry.body)).toMatchObject({ replayed: true, quote: { quoteId: [...ids][0] } });
  });

  it('two orders racing for one quote: one takes it, the other gets 409 quote_used', async () => {
    const user = await k.openedUser();
    const res = await k.call('/api/ramp/quote', {
      token: user.token,
      body: { ...BUY_USDS, idemId: `take-${Date.now()}` },
    });
    const { quote } = RampQuoteReply.parse(res.body);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        k.t.db.transaction((tx) => consumeQuote(tx, user.guid, quote.quoteId, new Date())),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const o of outcomes.filter((x): x is PromiseRejectedResult => x.status === 'rejected'))
      expect(o.reason).toMatchObject({ code: 'quote_used' });
  });
});
