-- R16 (decision 049): an asset withdrawal is keyed on what the client sent, (user, Idempotency-Key), like a transfer.
-- A request the HTTP layer lets through again (its first attempt in flight for over 60 seconds, decision 018) finds
-- the withdrawal its first attempt made instead of making a second one; `request` is what the key was used for, so
-- the same key with another request is refused even after the HTTP layer's key is gone.
ALTER TABLE asset_withdrawals ADD COLUMN idempotency_key text;
ALTER TABLE asset_withdrawals ADD COLUMN request jsonb;
ALTER TABLE asset_withdrawals ADD CONSTRAINT asset_withdrawals_user_key UNIQUE (user_id, idempotency_key);
