-- Deposits (contributions) and withdrawals (disbursements) of USD (issue 5, "Moving money"; decision 015).
-- Money itself lives in the ledger (0007): a transfer records the request, its life cycle and the ledger
-- transactions and hold that carry it. Amounts are USD minor units (bigint). Times are written by the
-- application's clock (not now()), as in 0002-0008, so settlement and the 24-hour confirmation window can be
-- tested by moving a clock.
CREATE TABLE transfers (
  id                       uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Insertion order: "the last ..." must not depend on two rows' timestamps differing (the clock may stand still).
  seq                      bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  user_id                  uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  direction                text NOT NULL CHECK (direction IN ('contribution', 'disbursement')),
  method                   text NOT NULL CHECK (method IN ('ach', 'instant_ach', 'card', 'us_wire', 'international_wire')),
  status                   text NOT NULL CHECK (status IN ('pending', 'settled', 'cancelled', 'reversed')),
  amount                   bigint NOT NULL CHECK (amount > 0),
  fee                      bigint NOT NULL CHECK (fee >= 0),
  -- What it moved through: a linked bank (bank_methods.id), a card method (id of the cards module), or a wire's
  -- details. Account numbers and IBANs are kept as their last 4 only: the full number goes to the custodian.
  method_kind              text NOT NULL CHECK (method_kind IN ('bank', 'card', 'wire')),
  method_id                text,
  method_last4             text CHECK (method_last4 ~ '^[A-Za-z0-9]{1,4}$'),
  method_label             text,
  -- Wires: the ABA routing number or the SWIFT code (a bank's identifier, not an account's).
  method_bank_code         text,
  -- Instant ACH: the balance was credited at creation, before the bank pull settles.
  funds_available          boolean NOT NULL DEFAULT false,
  settles_at               timestamptz,
  -- Withdrawals: the SHA-256 of the single-use emailed token, its deadline (created + 24 h) and its use.
  confirm_token_hash       text UNIQUE,
  confirm_by               timestamptz,
  confirmed_at             timestamptz,
  -- Withdrawals: the hold of amount + fee placed at creation. Deposits: the credit (at creation for instant ACH and
  -- arrived wires, at settlement otherwise). Withdrawals at settlement: the captured amount and the fee.
  hold_id                  uuid REFERENCES ledger_holds (id),
  credit_transaction_id    uuid REFERENCES ledger_transactions (id),
  settle_transaction_id    uuid REFERENCES ledger_transactions (id),
  fee_transaction_id       uuid REFERENCES ledger_transactions (id),
  reversal_transaction_id  uuid REFERENCES ledger_transactions (id),
  -- R16: the client's Idempotency-Key (or a fresh one) and the request it came with, per user.
  idempotency_key          text NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 300),
  request                  jsonb NOT NULL,
  settled_at               timestamptz,
  cancelled_at             timestamptz,
  reversed_at              timestamptz,
  created_at               timestamptz NOT NULL,
  updated_at               timestamptz NOT NULL,
  UNIQUE (user_id, idempotency_key),
  CHECK (direction = 'disbursement' OR confirm_token_hash IS NULL),
  CHECK ((status = 'settled') = (settled_at IS NOT NULL) OR status = 'reversed'),
  CHECK ((status = 'cancelled') = (cancelled_at IS NOT NULL)),
  CHECK ((status = 'reversed') = (reversed_at IS NOT NULL))
);
CREATE INDEX transfers_user ON transfers (user_id, created_at DESC, seq DESC);
-- The sandbox's "settle the last ..." calls and the settlement sweep read pending transfers per method.
CREATE INDEX transfers_pending ON transfers (user_id, method, direction, created_at DESC, seq DESC) WHERE status = 'pending';

-- Every status change with its reason, in order.
CREATE TABLE transfer_transitions (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  transfer_id uuid NOT NULL REFERENCES transfers (id) ON DELETE CASCADE,
  from_status text CHECK (from_status IN ('pending', 'settled', 'cancelled', 'reversed')),
  to_status   text NOT NULL CHECK (to_status IN ('pending', 'settled', 'cancelled', 'reversed')),
  reason      text NOT NULL,
  at          timestamptz NOT NULL
);
CREATE INDEX transfer_transitions_transfer ON transfer_transitions (transfer_id, id);
