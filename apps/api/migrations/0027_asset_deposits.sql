-- The "assets addition" flag (docs/decisions/069-asset-deposit-addresses.md): each user's deposit address (and
-- memo on the memo networks) per asset and network, issued once and given back on every later ask; and every chain
-- deposit received at one, keyed on the network's transaction so a deposit reported twice is credited once.
CREATE TABLE asset_deposit_addresses (
  id          uuid PRIMARY KEY,
  user_id     uuid NOT NULL REFERENCES users (id),
  network     text NOT NULL,
  asset       text NOT NULL,
  address     text NOT NULL,
  -- '' on networks without a memo, so the pair (address, memo) is unique on its network.
  memo        text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL,
  CONSTRAINT asset_deposit_addresses_user_asset UNIQUE (user_id, network, asset),
  CONSTRAINT asset_deposit_addresses_target UNIQUE (network, address, memo)
);

CREATE TABLE asset_deposits (
  id                     uuid PRIMARY KEY,
  address_id             uuid NOT NULL REFERENCES asset_deposit_addresses (id),
  user_id                uuid NOT NULL REFERENCES users (id),
  network                text NOT NULL,
  asset                  text NOT NULL,
  amount                 bigint NOT NULL CHECK (amount > 0),
  tx_hash                text NOT NULL,
  ledger_transaction_id  uuid,
  created_at             timestamptz NOT NULL,
  CONSTRAINT asset_deposits_chain_tx UNIQUE (network, tx_hash)
);
CREATE INDEX asset_deposits_user ON asset_deposits (user_id, created_at DESC);
