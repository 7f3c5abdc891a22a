-- An ACH-paid buy's deposit belongs to its order (decision 053): `order_id` names the order a contribution pays for.
-- Such a deposit is shown with the order, never as a deposit of its own; it counts toward the weekly limit once, as
-- the buy; and when it leaves `pending` (settled, cancelled, returned) the order is told at once by a job.
-- Deposits made for orders before this column existed carry the order's id in their idempotency key.
ALTER TABLE transfers ADD COLUMN order_id uuid;
UPDATE transfers SET order_id = substring(idempotency_key FROM 7)::uuid
  WHERE direction = 'contribution' AND idempotency_key ~ '^order:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
CREATE INDEX transfers_order_id ON transfers (order_id) WHERE order_id IS NOT NULL;
