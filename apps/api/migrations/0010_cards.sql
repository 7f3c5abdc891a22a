-- Card methods and card deposits (issue 5; document 1, sections 3-4 "Card method"; decision 017).
-- The card number and the CVC never reach these tables: the hosted card form sends them to the card processor, which
-- answers a card id, the brand, the last four digits and the expiry. Times are written by the application's clock.

-- The card processor sandbox's own store (what a real processor keeps on its side, behind its API). It holds no card
-- number either: the sandbox decides at tokenisation time and keeps only the outcome the test number asked for.
CREATE TABLE card_processor_sandbox_cards (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- The processor's customer: the Rampart user the form's token was made for.
  customer_id  text NOT NULL,
  brand        text NOT NULL,
  last4        text NOT NULL CHECK (last4 ~ '^[0-9]{4}$'),
  exp_month    smallint NOT NULL CHECK (exp_month BETWEEN 1 AND 12),
  exp_year     smallint NOT NULL CHECK (exp_year BETWEEN 2000 AND 2200),
  funding      text NOT NULL CHECK (funding IN ('debit', 'credit', 'prepaid')),
  -- What a charge on this card does (docs/sandbox.md, "Cards"): approve, or decline with a reason.
  charge_outcome text NOT NULL CHECK (charge_outcome IN ('approve', 'card_declined', 'insufficient_funds')),
  detached_at  timestamptz,
  created_at   timestamptz NOT NULL
);
CREATE INDEX card_processor_sandbox_cards_customer ON card_processor_sandbox_cards (customer_id);

-- Hosted form tokens: single use, short-lived. Only their SHA-256 is kept.
CREATE TABLE card_processor_sandbox_tokens (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash    text NOT NULL UNIQUE,
  customer_id   text NOT NULL,
  purpose       text NOT NULL CHECK (purpose IN ('add', 'charge')),
  -- A charge token: the card, the amount to authorize (minor units of currency) and the merchant's reference.
  card_id       uuid REFERENCES card_processor_sandbox_cards (id),
  amount        bigint CHECK (amount > 0),
  currency      text CHECK (currency = 'USD'),
  reference     text,
  expires_at    timestamptz NOT NULL,
  used_at       timestamptz,
  -- Refused cards or codes tried with this token; at 10 it is revoked (a form cannot be used to test card numbers).
  attempts      smallint NOT NULL DEFAULT 0,
  -- Refreshed (a new token replaced it) or voided (the deposit was cancelled).
  revoked_at    timestamptz,
  created_at    timestamptz NOT NULL,
  CHECK ((purpose = 'charge') = (card_id IS NOT NULL AND amount IS NOT NULL AND reference IS NOT NULL))
);

-- Authorizations (holds on the card) the charge step made, approved or declined.
CREATE TABLE card_processor_sandbox_authorizations (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  card_id        uuid NOT NULL REFERENCES card_processor_sandbox_cards (id),
  customer_id    text NOT NULL,
  amount         bigint NOT NULL CHECK (amount > 0),
  currency       text NOT NULL CHECK (currency = 'USD'),
  reference      text NOT NULL,
  status         text NOT NULL CHECK (status IN ('approved', 'declined', 'voided')),
  decline_code   text,
  created_at     timestamptz NOT NULL,
  updated_at     timestamptz NOT NULL,
  CHECK ((status = 'declined') = (decline_code IS NOT NULL))
);
CREATE INDEX card_processor_sandbox_authorizations_reference ON card_processor_sandbox_authorizations (reference);

-- Rampart's card methods (document 1, section 3 "Card method"): the processor's card id is the
-- fundsTransferMethodId clients send. Removing a method detaches the card at the processor: it cannot come back.
CREATE TABLE card_methods (
  id          uuid PRIMARY KEY,
  user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  nickname    text NOT NULL CHECK (length(nickname) BETWEEN 1 AND 50),
  brand       text NOT NULL,
  last4       text NOT NULL CHECK (last4 ~ '^[0-9]{4}$'),
  exp_month   smallint NOT NULL CHECK (exp_month BETWEEN 1 AND 12),
  exp_year    smallint NOT NULL,
  funding     text NOT NULL CHECK (funding IN ('debit', 'credit', 'prepaid')),
  created_at  timestamptz NOT NULL,
  updated_at  timestamptz NOT NULL,
  removed_at  timestamptz
);
CREATE INDEX card_methods_user ON card_methods (user_id, created_at);

-- A card deposit from its token to its completion: the charge step's authorization, then the contribution the
-- transfers module made from it (transfer_id). Amounts in USD minor units: the balance gains `amount`, the card is
-- charged `amount + fee`.
CREATE TABLE card_contributions (
  id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id           uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  card_method_id    uuid NOT NULL REFERENCES card_methods (id),
  amount            bigint NOT NULL CHECK (amount > 0),
  fee               bigint NOT NULL CHECK (fee >= 0),
  status            text NOT NULL CHECK (status IN ('awaiting_authorization', 'completed', 'declined', 'cancelled')),
  authorization_id  uuid,
  transfer_id       uuid REFERENCES transfers (id),
  decline_message   text,
  -- R16: the client's Idempotency-Key (or a fresh one) and the request it came with, per user.
  idempotency_key   text NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 300),
  request           jsonb NOT NULL,
  created_at        timestamptz NOT NULL,
  updated_at        timestamptz NOT NULL,
  UNIQUE (user_id, idempotency_key),
  CHECK ((status = 'completed') = (transfer_id IS NOT NULL))
);
CREATE INDEX card_contributions_user ON card_contributions (user_id, created_at DESC);
