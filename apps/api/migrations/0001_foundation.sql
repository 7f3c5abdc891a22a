-- Foundation: reference data and the idempotency store every money-moving command will use.

CREATE TABLE restricted_jurisdictions (
  country_code text NOT NULL CHECK (country_code ~ '^[A-Z]{2}$'),
  -- '' for a whole country; a region (state) code otherwise.
  region_code  text NOT NULL DEFAULT '',
  PRIMARY KEY (country_code, region_code)
);

CREATE TABLE app_instance (
  id          boolean PRIMARY KEY DEFAULT true CHECK (id),
  installed_at timestamptz NOT NULL DEFAULT now(),
  instance_id uuid NOT NULL DEFAULT gen_random_uuid()
);
