-- Decision 054: an asset withdrawal is confirmed with the user's second factor, by a code of its own purpose (a trade
-- or sign-in code never confirms a withdrawal), then by the link its email carries, as a USD withdrawal is.
ALTER TABLE identity_codes DROP CONSTRAINT identity_codes_purpose_check;
ALTER TABLE identity_codes ADD CONSTRAINT identity_codes_purpose_check
  CHECK (purpose IN ('sign_up', 'sign_in', 'mfa', 'forgot_password', 'reauth', 'verify_phone', 'trade', 'withdrawal'));

ALTER TABLE asset_withdrawals DROP CONSTRAINT asset_withdrawals_status_check;
ALTER TABLE asset_withdrawals ADD CONSTRAINT asset_withdrawals_status_check
  CHECK (status IN ('awaiting_confirmation', 'pending', 'sending', 'completed', 'failed', 'cancelled'));
ALTER TABLE asset_withdrawals ADD COLUMN confirm_token_hash text UNIQUE;
ALTER TABLE asset_withdrawals ADD COLUMN confirm_by timestamptz;
