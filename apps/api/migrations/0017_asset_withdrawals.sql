-- R14 (decision 032): held assets withdrawn to an external address. The amount is held in the ledger when asked
-- for, sent by the chain gateway (keyed by the withdrawal id), completed after the network's confirmations.
CREATE TABLE asset_withdrawals (
  id            uuid PRIMARY KEY,
  user_id       uuid NOT NULL REFERENCES users (id),
  asset         text NOT NULL,
  network       text NOT NULL,
  amount        bigint NOT NULL CHECK (amount > 0),
  address       text NOT NULL,
  memo          text,
  status        text NOT NULL CHECK (status IN ('pending', 'sending', 'completed', 'failed')),
  hold_id       uuid,
  tx_hash       text,
  sent_at       timestamptz,
  reason        text,
  expected_by   timestamptz NOT NULL,
  created_at    timestamptz NOT NULL,
  updated_at    timestamptz NOT NULL,
  completed_at  timestamptz
);
CREATE INDEX asset_withdrawals_user ON asset_withdrawals (user_id, created_at DESC);
