-- "Notify me" (issue 6; document 2, section 9 "feature interest types"; R15; decision 022). A user asks to be told
-- when a disabled method or asset becomes available: one row per user, type and subject, so asking twice records
-- nothing new. The subject is '' for a method type and 'network:TICKER' for the asset type (stablecoin), whose
-- network and ticker are kept apart too for the operators' queries. Times are written by the application's clock.
CREATE TABLE feature_interests (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id       uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type          text NOT NULL CHECK (type IN ('card', 'instant-ach-plaid', 'ach-plaid', 'international-wire', 'domestic-wire', 'stablecoin')),
  network       text,
  asset_ticker  text,
  subject       text NOT NULL,
  created_at    timestamptz NOT NULL,
  CHECK ((type = 'stablecoin') = (network IS NOT NULL AND asset_ticker IS NOT NULL)),
  CHECK (network IS NOT NULL OR asset_ticker IS NULL),
  CHECK (subject = CASE WHEN network IS NULL THEN '' ELSE network || ':' || asset_ticker END),
  UNIQUE (user_id, type, subject)
);
-- "Who waits for this?" when a method or asset is switched on.
CREATE INDEX feature_interests_subject ON feature_interests (type, subject);
