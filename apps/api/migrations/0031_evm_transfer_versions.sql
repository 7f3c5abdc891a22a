-- Stuck transactions are replaced (docs/decisions/088-evm-fee-replacement.md): a transfer can have several signed
-- versions, all with its one nonce. evm_transfers keeps the version sent last (raw_tx, tx_hash) and when it was
-- signed; every version ever signed stays here, so a receipt of any of them is found.
ALTER TABLE evm_transfers ADD COLUMN signed_at timestamptz;
UPDATE evm_transfers SET signed_at = created_at;
ALTER TABLE evm_transfers ALTER COLUMN signed_at SET NOT NULL;
ALTER TABLE evm_transfers ALTER COLUMN signed_at SET DEFAULT now();

CREATE TABLE evm_transfer_versions (
  network    text NOT NULL,
  reference  text NOT NULL,
  tx_hash    text NOT NULL,
  raw_tx     text NOT NULL,
  signed_at  timestamptz NOT NULL,
  PRIMARY KEY (network, tx_hash),
  FOREIGN KEY (network, reference) REFERENCES evm_transfers (network, reference)
);
CREATE INDEX evm_transfer_versions_reference ON evm_transfer_versions (network, reference);
INSERT INTO evm_transfer_versions (network, reference, tx_hash, raw_tx, signed_at)
  SELECT network, reference, tx_hash, raw_tx, created_at FROM evm_transfers;
