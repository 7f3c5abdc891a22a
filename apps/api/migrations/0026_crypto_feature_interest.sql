-- "Notify me" for a crypto asset (decision 064): a disabled crypto asset (stellarXLM) is asked for with the type
-- 'crypto', not 'stablecoin'. Both asset types name the asset (network and ticker); the method types name nothing.
ALTER TABLE feature_interests DROP CONSTRAINT feature_interests_type_check;
ALTER TABLE feature_interests DROP CONSTRAINT feature_interests_check;

-- Rows recorded before, under 'stablecoin', for a crypto asset take its own type, so the user still sees the interest
-- as recorded. The catalogue's rule (document 1, section 3): a ticker without USD is not a stablecoin.
UPDATE feature_interests SET type = 'crypto' WHERE type = 'stablecoin' AND upper(asset_ticker) NOT LIKE '%USD%';

ALTER TABLE feature_interests ADD CONSTRAINT feature_interests_type_check
  CHECK (type IN ('card', 'instant-ach-plaid', 'ach-plaid', 'international-wire', 'domestic-wire', 'stablecoin', 'crypto'));
ALTER TABLE feature_interests ADD CONSTRAINT feature_interests_asset_type_check
  CHECK ((type IN ('stablecoin', 'crypto')) = (network IS NOT NULL AND asset_ticker IS NOT NULL));
