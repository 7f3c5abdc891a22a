-- Issue 7 (decision 034): bank linking from the wallet mini-app happens in the wallet's browser, which has no
-- session. A handoff carries the user there: the link's token (single use, only its SHA-256 kept) is redeemed for
-- an access token (also kept as SHA-256) that only the bank-link calls accept, until the handoff expires or links.
CREATE TABLE bank_link_handoffs (
  id            uuid PRIMARY KEY,
  user_id       uuid NOT NULL REFERENCES users (id),
  token_hash    text NOT NULL UNIQUE,
  access_hash   text UNIQUE,
  created_at    timestamptz NOT NULL,
  expires_at    timestamptz NOT NULL,
  redeemed_at   timestamptz,
  method_id     uuid,
  linked_at     timestamptz
);
CREATE INDEX bank_link_handoffs_user ON bank_link_handoffs (user_id, created_at DESC);
