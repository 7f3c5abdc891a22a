-- KYC onboarding (issue 4): the KYC individual record, the custodial account's life cycle and its history.
-- Times are written by the application's clock (not now()), as in 0002, so tests can move time.

-- One record per user (document 1, section 3). The record itself is JSON: it is read and written whole, and
-- every field is validated by the contracts schema before it gets here.
CREATE TABLE kyc_individuals (
  user_id            uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  -- The custodian's contact id for this person (document 2, section 7: relatedId).
  related_id         text NOT NULL UNIQUE,
  unique_id          uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  record             jsonb NOT NULL,
  socure_document_id text,
  socure_device_id   text,
  created_at         timestamptz NOT NULL,
  updated_at         timestamptz NOT NULL
);

-- The custodial account. No row means the status noInfo (document 1, section 4); the row is created with the
-- record (incomplete), moves to pending when the agreement is signed, and the custodian's checks decide.
CREATE TABLE custodian_accounts (
  user_id           uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  account_id        text UNIQUE,
  status            text NOT NULL CHECK (status IN ('incomplete', 'pending', 'opened', 'closed', 'voided')),
  status_reason     text,
  -- identity, documents, address, sanctions: each pending, passed or failed.
  checks            jsonb NOT NULL,
  signature         text,
  agreement_version text,
  submitted_at      timestamptz,
  decided_at        timestamptz,
  created_at        timestamptz NOT NULL,
  updated_at        timestamptz NOT NULL,
  CHECK (status = 'incomplete' OR (account_id IS NOT NULL AND signature IS NOT NULL AND submitted_at IS NOT NULL))
);

-- Every status change with its reason, append-only: support reads why an account is where it is.
CREATE TABLE custodian_account_transitions (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  from_status text NOT NULL,
  to_status   text NOT NULL,
  reason      text NOT NULL,
  at          timestamptz NOT NULL
);
CREATE INDEX custodian_account_transitions_user ON custodian_account_transitions (user_id, id);
