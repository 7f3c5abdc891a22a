-- Deposits on the EVM networks (docs/decisions/087-evm-deposits.md).

-- The EVM gateway's deposit addresses: each derived from the network's extended public key at its own index, for one
-- reference (a sell order, or a user's holdings address). The index comes from one sequence: a rolled-back draw leaves
-- a gap, harmless because every address in use is listed here.
CREATE SEQUENCE evm_deposit_index AS bigint MINVALUE 0 START 0;
CREATE TABLE evm_deposit_addresses (
  network           text NOT NULL,
  address           text NOT NULL,
  derivation_index  bigint NOT NULL,
  reference         text NOT NULL,
  created_at        timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (network, address),
  CONSTRAINT evm_deposit_addresses_reference UNIQUE (network, reference),
  CONSTRAINT evm_deposit_addresses_index UNIQUE (network, derivation_index)
);

-- How far each network's token Transfer logs have been read: the next block to read.
CREATE TABLE evm_deposit_cursors (
  network     text PRIMARY KEY,
  next_block  bigint NOT NULL CHECK (next_block >= 0)
);

-- The orders module: every chain deposit to a sell order's address, once per (transaction, log).
CREATE TABLE order_chain_deposits (
  network     text NOT NULL,
  tx_hash     text NOT NULL,
  log_index   integer NOT NULL CHECK (log_index >= 0),
  order_id    uuid NOT NULL REFERENCES ramp_orders (id),
  asset       text NOT NULL,
  amount      numeric(78, 0) NOT NULL CHECK (amount > 0),
  created_at  timestamptz NOT NULL,
  PRIMARY KEY (network, tx_hash, log_index)
);
CREATE INDEX order_chain_deposits_order ON order_chain_deposits (order_id);

-- A holdings deposit is one log of a transaction: one transaction may carry two transfers to one address.
ALTER TABLE asset_deposits ADD COLUMN log_index integer NOT NULL DEFAULT 0 CHECK (log_index >= 0);
ALTER TABLE asset_deposits DROP CONSTRAINT asset_deposits_chain_tx;
ALTER TABLE asset_deposits ADD CONSTRAINT asset_deposits_chain_log UNIQUE (network, tx_hash, log_index);

-- How much of a sell order's asset has arrived so far at its deposit address (the order's page shows it).
ALTER TABLE ramp_orders ADD COLUMN deposit_received bigint NOT NULL DEFAULT 0 CHECK (deposit_received >= 0);

-- A chain deposit finds its sell order by the order's deposit address.
CREATE INDEX ramp_orders_deposit_address ON ramp_orders (sell_network, lower(deposit_address))
  WHERE deposit_address IS NOT NULL;
