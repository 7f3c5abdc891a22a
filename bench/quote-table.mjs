// The quote benchmark's baselines (bench/quote-throughput.mjs) store the same row a quote stores, in a table of the
// same shape: the columns, checks, unique key and indexes of `ramp_quotes` as apps/api/migrations leave it (created
// by 0013_ramp_quotes.sql, its foreign key to `users` dropped by 0021), in a database of their own.

export const QUOTE_TABLE_SQL = `
CREATE TABLE ramp_quotes (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id          uuid NOT NULL,
  idem_id          text NOT NULL CHECK (length(idem_id) BETWEEN 1 AND 200),
  request          jsonb NOT NULL,
  side             text NOT NULL CHECK (side IN ('buy', 'sell')),
  payment_method   text NOT NULL CHECK (payment_method IN ('primex_usd', 'primex_ach', 'primex_instant_ach')),
  sell_asset       text NOT NULL,
  sell_network     text NOT NULL,
  sell_amount      bigint NOT NULL CHECK (sell_amount > 0),
  buy_asset        text NOT NULL,
  buy_network      text NOT NULL,
  receive_amount   bigint NOT NULL CHECK (receive_amount > 0),
  method_fee       bigint NOT NULL CHECK (method_fee >= 0),
  network_fee      bigint NOT NULL CHECK (network_fee >= 0),
  spread_fee       bigint NOT NULL CHECK (spread_fee >= 0),
  usd_value        bigint NOT NULL CHECK (usd_value > 0),
  price_bid        text NOT NULL,
  price_ask        text NOT NULL,
  view             jsonb NOT NULL,
  created_at       timestamptz NOT NULL,
  expires_at       timestamptz NOT NULL,
  consumed_at      timestamptz,
  UNIQUE (user_id, idem_id),
  CHECK (expires_at > created_at)
);
CREATE INDEX ramp_quotes_user_created ON ramp_quotes (user_id, created_at DESC);
CREATE INDEX ramp_quotes_user_consumed ON ramp_quotes (user_id, payment_method, consumed_at) WHERE consumed_at IS NOT NULL;
`;

const COLUMNS = `id, user_id, idem_id, request, side, payment_method, sell_asset, sell_network, sell_amount, buy_asset,
  buy_network, receive_amount, method_fee, network_fee, spread_fee, usd_value, price_bid, price_ask, view, created_at,
  expires_at`;

/**
 * One quote's row, its commit not waiting for the disk as the app's quote statement does it: set_config(...,
 * true) inside the statement, for its transaction only (apps/api/src/modules/ramp/quotes-repository.ts).
 */
export const INSERT_SQL = `INSERT INTO ramp_quotes (${COLUMNS})
  VALUES ($1, $2, $3, $4, 'buy', 'primex_usd', 'USD', 'primex_usd', $5, 'USDS', 'xrpl', $6, $7, $8, $9, $10, $11, $12,
    $13, $14, $15)
  RETURNING set_config('synchronous_commit', 'off', true) AS commit_mode`;

/** INSERT_SQL's parameters: a fresh id, the request and reply of a real quote as its JSON, figures of a 10 USD buy. */
export function insertValues({ id, userId, idemId, request, view, now }) {
  return [
    id,
    userId,
    idemId,
    request,
    1000 + (now % 97),
    '9950000',
    '0',
    '0',
    '50',
    '1000',
    '1.00000000',
    '1.00050000',
    view,
    new Date(now).toISOString(),
    new Date(now + 30_000).toISOString(),
  ];
}

/**
 * pgbench's script: the same row, its figures random, its id and idemId new, the JSON of the same real quote. pgbench
 * in prepared mode turns every `:word` into a parameter: the JSON's colons inside strings are written \u003a (the
 * same value once parsed) and a space follows the others. The session's synchronous_commit is set by PGOPTIONS.
 */
export function pgbenchScript({ userId, request, view }) {
  const literal = (json) =>
    `'${json
      .replace(/"(?:[^"\\]|\\.)*"/g, (string) => string.replaceAll(':', '\\u003a'))
      .replaceAll(':', ': ')
      .replaceAll("'", "''")}'`;
  return [
    '\\set sell random(100, 1000000)',
    '\\set receive :sell * 9950',
    '\\set fee random(0, 1000)',
    '\\set spread :fee + 1',
    `INSERT INTO ramp_quotes (${COLUMNS.replace(/\s+/g, ' ')}) VALUES (gen_random_uuid(), '${userId}', ` +
      `gen_random_uuid()::text, ${literal(request)}, 'buy', 'primex_usd', 'USD', 'primex_usd', :sell, 'USDS', 'xrpl', ` +
      `:receive, 0, :fee, :spread, :sell, '1.00000000', '1.00050000', ${literal(view)}, now(), ` +
      `now() + interval '30 seconds');`,
    '',
  ].join('\n');
}
