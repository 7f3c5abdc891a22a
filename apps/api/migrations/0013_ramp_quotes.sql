-- Ramp quotes (issue 6, "Quotes, limits, estimates"; ARCHITECTURE.md section 5; R16; decision 023).
-- A quote is firm until expires_at and single use: the order that takes it sets consumed_at (consumeQuote).
-- (user_id, idem_id) is unique: the same idemId and body give the stored quote back, another body is refused (422).
-- Amounts are bigint minor units: sell_amount in the sold asset's decimals, receive_amount in the bought asset's,
-- the fees and usd_value in USD cents. Prices are text at 8 decimals (the contracts' PRICE_SCALE) as quoted.
-- Times are written by the application's clock (expiry is tested by moving it).
CREATE TABLE ramp_quotes (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id          uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  idem_id          text NOT NULL CHECK (length(idem_id) BETWEEN 1 AND 200),
  -- The request as normalised for the comparison of a repeated idemId.
  request          jsonb NOT NULL,
  side             text NOT NULL CHECK (side IN ('buy', 'sell')),
  -- The payment method key of the trade (R13): a buy's source, a sell's destination.
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
  -- The reply exactly as first sent (a replay gives it back unchanged).
  view             jsonb NOT NULL,
  created_at       timestamptz NOT NULL,
  expires_at       timestamptz NOT NULL,
  consumed_at      timestamptz,
  UNIQUE (user_id, idem_id),
  CHECK (expires_at > created_at)
);
-- The per-user quote rate limit counts the last minute's quotes; limits sum consumed quotes over 7 days.
CREATE INDEX ramp_quotes_user_created ON ramp_quotes (user_id, created_at DESC);
CREATE INDEX ramp_quotes_user_consumed ON ramp_quotes (user_id, payment_method, consumed_at) WHERE consumed_at IS NOT NULL;
