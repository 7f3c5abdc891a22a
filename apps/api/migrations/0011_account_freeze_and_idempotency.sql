-- R5 frozen accounts and R16 idempotency at the HTTP layer (decision 018).

-- The custodian's freeze is a flag beside the status (R1's statuses stay as they are): a frozen account keeps its
-- status, and every signed-in call about the account or money answers 401 with the frozen marker until it is
-- unfrozen. frozen_at and frozen_reason describe the freeze in force and are empty otherwise.
ALTER TABLE custodian_accounts
  ADD COLUMN frozen boolean NOT NULL DEFAULT false,
  ADD COLUMN frozen_at timestamptz,
  ADD COLUMN frozen_reason text,
  ADD CONSTRAINT custodian_accounts_frozen_described CHECK (frozen = (frozen_at IS NOT NULL));

-- Every freeze and unfreeze, kept for support questions and the operator command of R6. Not tied to the account
-- row: the sandbox clear deletes that row, the history stays.
CREATE TABLE custodian_account_freeze_events (
  id      bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  action  text NOT NULL CHECK (action IN ('freeze', 'unfreeze')),
  reason  text NOT NULL,
  at      timestamptz NOT NULL
);
CREATE INDEX custodian_account_freeze_events_user ON custodian_account_freeze_events (user_id, id);

-- One row per (user, Idempotency-Key) of a money-moving HTTP call. `route` and `params` are what the key was first
-- used with (the route pattern and the request body); a later request with other ones is refused (422). While the
-- first request runs the row is in_flight (a duplicate gets 409); once it succeeded the row keeps its reply (status
-- and the JSON body exactly as sent) to give back. A failed first request deletes its row. `claim_id` names the request that holds the
-- claim, so a request whose stale claim was taken over cannot overwrite the newcomer's row. Rows live at least 24
-- hours (the cleanup job deletes older ones).
CREATE TABLE http_idempotency_keys (
  user_id      uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  key          text NOT NULL CHECK (length(key) BETWEEN 1 AND 200),
  route        text NOT NULL,
  params       jsonb NOT NULL,
  state        text NOT NULL CHECK (state IN ('in_flight', 'done')),
  claim_id     uuid NOT NULL,
  claimed_at   timestamptz NOT NULL,
  status_code  integer,
  reply        text,
  created_at   timestamptz NOT NULL,
  completed_at timestamptz,
  PRIMARY KEY (user_id, key),
  CHECK ((state = 'done') = (status_code IS NOT NULL AND reply IS NOT NULL AND completed_at IS NOT NULL))
);
CREATE INDEX http_idempotency_keys_created ON http_idempotency_keys (created_at);
CREATE INDEX ledger_idempotency_created ON ledger_idempotency (created_at);
