-- Refresh tokens rotate on every use (decision 050): each session keeps the SHA-256 of every refresh token it was
-- given. The live one has no rotated_at; one used again after the grace that follows its rotation revokes the session.
CREATE TABLE identity_refresh_tokens (
  token_hash text PRIMARY KEY,
  session_id uuid NOT NULL REFERENCES identity_sessions (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  rotated_at timestamptz
);
CREATE INDEX identity_refresh_tokens_session ON identity_refresh_tokens (session_id);

-- The sessions' current tokens carry over, live.
INSERT INTO identity_refresh_tokens (token_hash, session_id, created_at)
SELECT refresh_hash, id, created_at FROM identity_sessions;

ALTER TABLE identity_sessions DROP COLUMN refresh_hash;
