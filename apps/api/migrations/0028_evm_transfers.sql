-- The EVM chain gateway's own tables (docs/decisions/080-evm-gateway-keys-and-nonces.md).
-- One row per hot wallet and network: locked while a nonce is given out, so nonces are ordered across processes.
CREATE TABLE evm_senders (
  network     text NOT NULL,
  sender      text NOT NULL,
  -- The next nonce this wallet gives out, as far as the stored transactions know.
  next_nonce  bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (network, sender)
);

-- Every delivery's signed transaction, stored before it is broadcast: a retry or a restart broadcasts the same
-- bytes again, so one reference is never paid twice.
CREATE TABLE evm_transfers (
  network       text NOT NULL,
  reference     text NOT NULL,
  sender        text NOT NULL,
  nonce         bigint NOT NULL,
  asset         text NOT NULL,
  token         text NOT NULL,
  recipient     text NOT NULL,
  amount        numeric(78, 0) NOT NULL CHECK (amount > 0),
  raw_tx        text NOT NULL,
  tx_hash       text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  broadcast_at  timestamptz,
  PRIMARY KEY (network, reference),
  CONSTRAINT evm_transfers_nonce UNIQUE (network, sender, nonce),
  CONSTRAINT evm_transfers_hash UNIQUE (network, tx_hash)
);
CREATE INDEX evm_transfers_unsent ON evm_transfers (network, sender, nonce) WHERE broadcast_at IS NULL;
