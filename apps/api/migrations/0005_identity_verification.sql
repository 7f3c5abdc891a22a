-- Identity-document verification (issue 4; document 1, section 4 "Identity verification"; ARCHITECTURE.md, section 4).
-- One session per user: what was captured (the capture widget's references, not images), and the provider's decision,
-- reached by the job verification.decide. Times are written by the application's clock (not now()), as in 0002-0004.
CREATE TABLE identity_verifications (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id        uuid NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
  status         text NOT NULL CHECK (status IN ('capturing', 'submitted', 'accepted', 'rejected', 'review', 'resubmit')),
  document_type  text CHECK (document_type IN ('passport', 'drivers_license', 'government_id', 'residence_permit')),
  front_ref      text,
  back_ref       text,
  selfie_ref     text,
  device_id      text,
  reason         text,
  submitted_at   timestamptz,
  decided_at     timestamptz,
  created_at     timestamptz NOT NULL,
  updated_at     timestamptz NOT NULL
);

-- Continue-on-phone links: only the SHA-256 of the token is kept; single use (used_at) and short-lived (expires_at).
CREATE TABLE identity_verification_links (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  session_id   uuid NOT NULL REFERENCES identity_verifications (id) ON DELETE CASCADE,
  token_hash   char(64) NOT NULL UNIQUE,
  phone        text NOT NULL,
  expires_at   timestamptz NOT NULL,
  used_at      timestamptz,
  created_at   timestamptz NOT NULL
);
CREATE INDEX identity_verification_links_session ON identity_verification_links (session_id);
