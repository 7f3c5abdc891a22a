-- Deposits are swept into the hot wallet (docs/decisions/092-evm-deposit-sweeps.md).

-- A native-coin transfer (the gas a deposit address is topped up with) has no token contract.
ALTER TABLE evm_transfers ALTER COLUMN token DROP NOT NULL;

-- The EVM gateway's sweeps: one row per deposit address and token, marked due when a deposit to it is credited (the
-- same transaction claims the blocks). A round sweeps what the address holds; its top-up and its token transfer are
-- evm_transfers rows whose references name the round, so each is signed once. A deposit credited while a round is
-- under way asks for the next round (`again`).
CREATE TABLE evm_sweeps (
  network     text NOT NULL,
  address     text NOT NULL,
  asset       text NOT NULL,
  round       integer NOT NULL DEFAULT 1 CHECK (round >= 1),
  due         boolean NOT NULL DEFAULT true,
  again       boolean NOT NULL DEFAULT false,
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (network, address, asset),
  FOREIGN KEY (network, address) REFERENCES evm_deposit_addresses (network, address)
);
CREATE INDEX evm_sweeps_due ON evm_sweeps (network) WHERE due;

-- The gas each sweep's transactions spent (gasUsed x effectiveGasPrice of the mined version), once per transaction;
-- `recorded_at` is set in the transaction that posts it to the ledger.
CREATE TABLE evm_sweep_fees (
  network      text NOT NULL,
  tx_hash      text NOT NULL,
  address      text NOT NULL,
  asset        text NOT NULL,
  round        integer NOT NULL,
  step         text NOT NULL CHECK (step IN ('top_up', 'sweep')),
  -- The native coin sent (a top-up) or the token's minor units swept (a sweep).
  amount       numeric(78, 0) NOT NULL CHECK (amount >= 0),
  fee          numeric(78, 0) NOT NULL CHECK (fee >= 0),
  recorded_at  timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (network, tx_hash)
);
CREATE INDEX evm_sweep_fees_unrecorded ON evm_sweep_fees (network) WHERE recorded_at IS NULL;

-- The native coins of Avalanche and Harmony join ETH in the ledger: the sweeps' gas is recorded in them.
-- apps/api/src/modules/ledger/assets.ts lists the same rows (a test compares them).
INSERT INTO ledger_assets (code, decimals) VALUES ('AVAX', 18), ('ONE', 18);
