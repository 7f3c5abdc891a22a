-- The double-entry ledger (decision 012, design brief section 3). Amounts are integer minor units (bigint) of the
-- asset's decimals. Transactions and postings are append-only; a reversal is a new transaction.

-- The assets the ledger knows. apps/api/src/modules/ledger/assets.ts lists the same rows (a test compares them).
CREATE TABLE ledger_assets (
  code     text PRIMARY KEY CHECK (code ~ '^[A-Z][A-Z0-9]{1,11}$'),
  decimals smallint NOT NULL CHECK (decimals BETWEEN 0 AND 18)
);
INSERT INTO ledger_assets (code, decimals) VALUES ('USD', 2), ('USDC', 6);

-- Accounts are named: users:<userGuid>:usd, world:bank, platform:fees. A users: account belongs to the user whose
-- guid it names, and user-owned accounts may never go negative.
CREATE TABLE ledger_accounts (
  name       text PRIMARY KEY CHECK (name ~ '^[a-z][a-z0-9_]*(:[A-Za-z0-9_-]+)+$'),
  user_id    uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((name LIKE 'users:%') = (user_id IS NOT NULL)),
  CHECK (user_id IS NULL OR name LIKE 'users:' || user_id::text || ':%')
);
CREATE INDEX ledger_accounts_user ON ledger_accounts (user_id) WHERE user_id IS NOT NULL;

-- The cached balance of one account in one asset: the sum of its postings (credits minus debits). `held` is what
-- active holds reserve; available = balance - held. Rows are created before they are locked (a missing row takes
-- no lock). The checks are the backstop behind the service's own checks under the row lock.
CREATE TABLE ledger_balances (
  account    text NOT NULL REFERENCES ledger_accounts (name),
  asset      text NOT NULL REFERENCES ledger_assets (code),
  user_owned boolean NOT NULL,
  balance    bigint NOT NULL DEFAULT 0,
  held       bigint NOT NULL DEFAULT 0 CHECK (held >= 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account, asset),
  CONSTRAINT ledger_balances_user_not_negative CHECK (NOT user_owned OR balance >= 0),
  CONSTRAINT ledger_balances_user_held_covered CHECK (NOT user_owned OR held <= balance),
  CONSTRAINT ledger_balances_only_users_hold CHECK (user_owned OR held = 0)
);

-- One row per money-moving command (post, hold, release, capture): the key, the parameters it came with, and the
-- result to give back when the same key comes again. Kept (at least 24 hours; nothing deletes them yet).
CREATE TABLE ledger_idempotency (
  key        text PRIMARY KEY CHECK (length(key) BETWEEN 1 AND 255),
  command    text NOT NULL CHECK (command IN ('post', 'hold', 'release', 'capture')),
  params     jsonb NOT NULL,
  result     jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE ledger_transactions (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  idempotency_key text NOT NULL UNIQUE,
  metadata        jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at      timestamptz NOT NULL DEFAULT now()
);

-- A posting moves `amount` of `asset` from `source` to `destination`: it balances per asset by construction.
CREATE TABLE ledger_postings (
  transaction_id uuid NOT NULL REFERENCES ledger_transactions (id),
  seq            integer NOT NULL CHECK (seq >= 0),
  source         text NOT NULL REFERENCES ledger_accounts (name),
  destination    text NOT NULL REFERENCES ledger_accounts (name),
  asset          text NOT NULL REFERENCES ledger_assets (code),
  amount         bigint NOT NULL CHECK (amount > 0),
  PRIMARY KEY (transaction_id, seq),
  CHECK (source <> destination)
);
CREATE INDEX ledger_postings_source ON ledger_postings (source, asset);
CREATE INDEX ledger_postings_destination ON ledger_postings (destination, asset);

-- A hold reserves available funds of a user account; release gives them back, capture turns them into postings.
CREATE TABLE ledger_holds (
  id                     uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  idempotency_key        text NOT NULL UNIQUE,
  account                text NOT NULL,
  asset                  text NOT NULL,
  amount                 bigint NOT NULL CHECK (amount > 0),
  status                 text NOT NULL CHECK (status IN ('active', 'released', 'captured')),
  capture_transaction_id uuid REFERENCES ledger_transactions (id),
  metadata               jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at             timestamptz NOT NULL DEFAULT now(),
  closed_at              timestamptz,
  FOREIGN KEY (account, asset) REFERENCES ledger_balances (account, asset),
  CHECK ((status = 'active') = (closed_at IS NULL)),
  CHECK ((status = 'captured') = (capture_transaction_id IS NOT NULL))
);
CREATE INDEX ledger_holds_active ON ledger_holds (account, asset) WHERE status = 'active';

-- Append-only: history never changes.
CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger history is append-only (% on %)', TG_OP, TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END;
$$;
CREATE TRIGGER ledger_transactions_append_only BEFORE UPDATE OR DELETE ON ledger_transactions
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER ledger_postings_append_only BEFORE UPDATE OR DELETE ON ledger_postings
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
