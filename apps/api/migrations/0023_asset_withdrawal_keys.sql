-- R16 (decision 049): an asset withdrawal is keyed on what the client sent, (user, Idempotency-Key), like a transfer.
-- A request the HTTP layer lets through again (its first attempt in flight for over 60 seconds, decision 018) finds
-- the withdrawal its first attempt made instead of making a second one; `request` is what the key was used for, so
-- the same key with another request is refused even after the HTTP layer's key is gone.
ALTER TABLE asset_withdrawals ADD COLUMN idempotency_key text;
ALTER TABLE asset_withdrawals ADD COLUMN request jsonb;
ALTER TABLE asset_withdrawals ADD CONSTRAINT asset_withdrawals_user_key UNIQUE (user_id, idempotency_key);

-- The sandbox's test sell flow brings the deposit of a waiting sell order (decision 028): the order remembers the
-- key of the call that brought it, so that call's retry gives the same order back rather than selling 100 USDC.
ALTER TABLE ramp_orders ADD COLUMN deposit_key text;
ALTER TABLE ramp_orders ADD CONSTRAINT ramp_orders_user_deposit_key UNIQUE (user_id, deposit_key);
