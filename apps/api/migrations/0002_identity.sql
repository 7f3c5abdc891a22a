-- Identity (issue 3): the user pool Rampart owns, its codes, sessions and abuse counters, the mail/SMS
-- outbox and process-wide settings such as the generated token signing key. Times are written by the
-- application's clock (not now()) so that expiry and lockout windows can be tested without waiting.

CREATE TABLE app_settings (
  key        text PRIMARY KEY,
  value      text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Lower-cased before it gets here (document 2, section 5); the check and the unique index make two
  -- concurrent sign-ups of one address end in exactly one row.
  email               text NOT NULL CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 254),
  password_hash       text NOT NULL,
  status              text NOT NULL CHECK (status IN ('UNCONFIRMED', 'CONFIRMED')),
  locale              text NOT NULL DEFAULT 'en' CHECK (locale IN ('en', 'es')),
  application_name    text,
  phone_number        text,
  phone_verified      boolean NOT NULL DEFAULT false,
  pending_phone       text,
  -- R2: the emailed code unless the user set up the authenticator or chose SMS.
  preferred_mfa       text NOT NULL DEFAULT 'EMAIL_OTP' CHECK (preferred_mfa IN ('SOFTWARE_TOKEN_MFA', 'EMAIL_OTP', 'SMS_OTP')),
  totp_secret         text,
  totp_pending_secret text,
  -- The last TOTP time step accepted: a code is usable once (RFC 6238, section 5.2).
  totp_last_step      bigint,
  created_at          timestamptz NOT NULL,
  updated_at          timestamptz NOT NULL,
  CONSTRAINT users_email_key UNIQUE (email),
  CHECK (preferred_mfa <> 'SOFTWARE_TOKEN_MFA' OR totp_secret IS NOT NULL),
  CHECK (preferred_mfa <> 'SMS_OTP' OR (phone_number IS NOT NULL AND phone_verified))
);

-- Emailed and SMS codes: 6 digits, kept only as an HMAC, single use, 10 minutes.
CREATE TABLE identity_codes (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose     text NOT NULL CHECK (purpose IN ('sign_up', 'sign_in', 'mfa', 'forgot_password', 'reauth', 'verify_phone')),
  code_hash   text NOT NULL,
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  -- Set when used, or when a newer code of the same purpose replaces it.
  consumed_at timestamptz
);
CREATE INDEX identity_codes_user_purpose ON identity_codes (user_id, purpose, created_at DESC);

-- One row per signed-in session: the refresh token (SHA-256 of it) and its revocation.
CREATE TABLE identity_sessions (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id      uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  refresh_hash text NOT NULL UNIQUE,
  login_method text NOT NULL,
  client_ip    text,
  created_at   timestamptz NOT NULL,
  expires_at   timestamptz NOT NULL,
  last_used_at timestamptz,
  revoked_at   timestamptz
);
CREATE INDEX identity_sessions_user ON identity_sessions (user_id) WHERE revoked_at IS NULL;

-- Failed passwords and codes, and codes sent, per account and per client address. In PostgreSQL so that
-- every API instance sees the same counts.
CREATE TABLE identity_attempts (
  id        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  scope     text NOT NULL CHECK (scope IN ('account', 'ip')),
  subject   text NOT NULL,
  kind      text NOT NULL CHECK (kind IN ('failure', 'send')),
  at        timestamptz NOT NULL
);
CREATE INDEX identity_attempts_lookup ON identity_attempts (scope, subject, kind, at);

-- Every mail and SMS, written in the same transaction as what caused it; the mail.send / sms.send jobs
-- deliver it and record the outcome.
CREATE TABLE outbox (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Insertion order: "newest first" must not depend on two rows' timestamps differing.
  seq        bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  channel    text NOT NULL CHECK (channel IN ('email', 'sms')),
  recipient  text NOT NULL,
  template   text NOT NULL,
  locale     text NOT NULL CHECK (locale IN ('en', 'es')),
  subject    text,
  text_body  text NOT NULL,
  html_body  text,
  status     text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed')),
  attempts   integer NOT NULL DEFAULT 0,
  last_error text,
  created_at timestamptz NOT NULL,
  sent_at    timestamptz
);
CREATE INDEX outbox_recipient ON outbox (recipient, seq DESC);
