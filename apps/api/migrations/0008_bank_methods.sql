-- Linked bank methods (issue 5; document 1, section 3 "Linked bank method", "Bank account"; decision 013).
-- One row per linked account of an item (the user's link to one institution). Only what the product shows is kept:
-- the institution, the account's name, subtype and mask; never an account number. The id is the method id the
-- clients send (primetrustFundsTransferMethodId / fundsTransferMethodId). A removed method keeps its row
-- (removed_at) for the money moved through it. Times are written by the application's clock, as in 0002-0007.
CREATE TABLE bank_methods (
  id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id           uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  item_id           text NOT NULL,
  account_id        text NOT NULL,
  institution_id    text NOT NULL,
  institution_name  text NOT NULL,
  account_name      text NOT NULL,
  mask              text NOT NULL CHECK (mask ~ '^[0-9]{2,4}$'),
  subtype           text NOT NULL CHECK (subtype IN ('checking', 'savings')),
  -- The bank asked its user to log in again (ITEM_LOGIN_REQUIRED); cleared by a re-auth.
  login_required    boolean NOT NULL DEFAULT false,
  created_at        timestamptz NOT NULL,
  updated_at        timestamptz NOT NULL,
  removed_at        timestamptz
);
-- Adding the same item's account again names the same method (idempotent add).
CREATE UNIQUE INDEX bank_methods_live_account ON bank_methods (user_id, item_id, account_id) WHERE removed_at IS NULL;
CREATE INDEX bank_methods_user ON bank_methods (user_id, created_at);
