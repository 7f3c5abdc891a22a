-- R2 step-up (decision 027): a trade is confirmed with the same second factor as a sign-in; the emailed or SMS code
-- of a trade is a purpose of its own, so a sign-in or settings code never confirms a trade and the other way round.
ALTER TABLE identity_codes DROP CONSTRAINT identity_codes_purpose_check;
ALTER TABLE identity_codes ADD CONSTRAINT identity_codes_purpose_check
  CHECK (purpose IN ('sign_up', 'sign_in', 'mfa', 'forgot_password', 'reauth', 'verify_phone', 'trade'));
