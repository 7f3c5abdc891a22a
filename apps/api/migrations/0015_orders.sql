-- Ramp orders (issue 6, "Orders"; ARCHITECTURE.md section 5; R13, R14, R16; decision 024).
-- An order is made from one quote (quote_id unique: the quote id is the order's idempotency key) and moves through
-- the states of section 5; every move is one database transaction with its ledger postings, its transition row,
-- its mail and its next job. Amounts are bigint minor units: sell_amount in the sold asset's decimals,
-- receive_amount in the bought asset's, fees in USD cents. tracking_id (128 random bits) is the public handle,
-- short_id (60 random bits) the short link's. Times are written by the application's clock.
CREATE TABLE ramp_orders (
  id                     uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id                uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  quote_id               uuid NOT NULL UNIQUE REFERENCES ramp_quotes (id),
  side                   text NOT NULL CHECK (side IN ('buy', 'sell')),
  status                 text NOT NULL CHECK (status IN ('awaiting_funds', 'funds_received', 'delivering', 'awaiting_deposit',
                           'deposit_received', 'paying_out', 'completed', 'cancelled', 'expired', 'failed', 'refunded')),
  payment_method         text NOT NULL,
  sell_delivery_method   text NOT NULL CHECK (sell_delivery_method IN ('payment_method', 'deposit', 'holdings')),
  sell_asset             text NOT NULL REFERENCES ledger_assets (code),
  sell_network           text NOT NULL,
  sell_amount            bigint NOT NULL CHECK (sell_amount > 0),
  buy_asset              text NOT NULL REFERENCES ledger_assets (code),
  buy_network            text NOT NULL,
  receive_amount         bigint NOT NULL CHECK (receive_amount > 0),
  method_fee             bigint NOT NULL CHECK (method_fee >= 0),
  network_fee            bigint NOT NULL CHECK (network_fee >= 0),
  spread_fee             bigint NOT NULL CHECK (spread_fee >= 0),
  -- The quote's figures as shown (rate, fee lines, totals: decimal strings) for the views.
  figures                jsonb NOT NULL,
  buy_address            text NOT NULL,
  buy_memo               text,
  sell_address           text,
  deposit_address        text,
  deposit_memo           text,
  tracking_id            text NOT NULL UNIQUE CHECK (tracking_id ~ '^[A-Za-z0-9_-]{22}$'),
  short_id               text NOT NULL UNIQUE CHECK (short_id ~ '^[A-Za-z0-9_-]{10}$'),
  hold_id                uuid,
  transfer_id            uuid,
  tx_hash                text,
  sent_at                timestamptz,
  confirmations          integer NOT NULL DEFAULT 0 CHECK (confirmations >= 0),
  required_confirmations integer NOT NULL DEFAULT 1 CHECK (required_confirmations >= 0),
  reason                 text,
  expires_at             timestamptz,
  created_at             timestamptz NOT NULL,
  updated_at             timestamptz NOT NULL
);
CREATE INDEX ramp_orders_user_created ON ramp_orders (user_id, created_at DESC, id DESC);
-- The sweep finds orders still waiting once their time is up.
CREATE INDEX ramp_orders_awaiting ON ramp_orders (expires_at) WHERE status IN ('awaiting_funds', 'awaiting_deposit');

-- Every state entered, with why: the tracking page's timeline.
CREATE TABLE ramp_order_transitions (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id    uuid NOT NULL REFERENCES ramp_orders (id) ON DELETE CASCADE,
  from_status text,
  to_status   text NOT NULL,
  reason      text NOT NULL,
  at          timestamptz NOT NULL
);
CREATE INDEX ramp_order_transitions_order ON ramp_order_transitions (order_id, id);
