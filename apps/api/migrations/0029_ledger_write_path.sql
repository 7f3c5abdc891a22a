-- The ledger's write path (decision 086). A transfer is one statement: `ledger_post` claims the idempotency key,
-- locks the user balances it moves in the ledger's one order, checks their funds, appends the transaction and its
-- postings, moves the balances and stores the result, all inside the database, where the client used to make six
-- dependent round trips.
--
-- Only user accounts keep a balance bal. The outside world, the market, the chain and the platform may go negative
-- or are moved by nearly every transaction: a cached balance there was one row that every deposit locked and updated,
-- so concurrent deposits queued on it. Their balance is the sum of their postings, read when asked for.
DELETE FROM ledger_balances WHERE NOT user_owned;
ALTER TABLE ledger_balances ADD CONSTRAINT ledger_balances_users_only CHECK (user_owned);

-- A posting's foreign keys to its accounts and asset share-locked the referenced rows: every deposit locked the
-- world's account row and every USD posting the USD asset row, and concurrent share locks on one row are written
-- into it one after another (a multixact each). `ledger_write` creates the accounts a posting names before it, the
-- service checks the asset, and checkInvariants finds a posting naming an unknown account or asset.
ALTER TABLE ledger_postings
  DROP CONSTRAINT ledger_postings_source_fkey,
  DROP CONSTRAINT ledger_postings_destination_fkey,
  DROP CONSTRAINT ledger_postings_asset_fkey;

-- Room on each page for a balance's new version, so moving a balance rarely touches its index (a HOT update).
ALTER TABLE ledger_balances SET (fillfactor = 70);

-- Moves the balances of one transaction and appends it. The user balances come in the order a refusal names them
-- (the first one short is reported); they are locked in byte order of (account, asset), like every other lock the
-- ledger takes. `p_held` lowers `held` first (a capture releases its hold under the same lock). Accounts and balance
-- rows that do not exist yet are created first (a missing row takes no lock). Returns the new transaction's id, or,
-- when a user account would go below what it holds, no id and the first such account with its available and
-- requested amounts; then nothing was written.
CREATE FUNCTION ledger_write(
  p_id uuid,
  p_key text,
  p_metadata jsonb,
  p_sources text[],
  p_destinations text[],
  p_assets text[],
  p_amounts int8[],
  p_names text[],
  p_owners uuid[],
  p_balance_accounts text[],
  p_balance_assets text[],
  p_deltas int8[],
  p_held int8[],
  OUT transaction_id uuid,
  OUT short_account text,
  OUT short_asset text,
  OUT available int8,
  OUT requested int8
)
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
#variable_conflict use_column
DECLARE
  wanted int := coalesce(array_length(p_balance_accounts, 1), 0);
  locked int;
  first_short bigint;
  bal record;
BEGIN
  FOR attempt IN 1..2 LOOP
    locked := 0;
    first_short := NULL;
    short_account := NULL;
    short_asset := NULL;
    available := NULL;
    requested := NULL;
    -- Locked as the sort returns them; each row's funds are checked as it comes.
    FOR bal IN
      SELECT b.account, b.asset, b.balance, b.held, k.delta, k.held AS release, k.ord
      FROM ledger_balances b
      JOIN unnest(p_balance_accounts, p_balance_assets, p_deltas, p_held) WITH ORDINALITY AS k(account, asset, delta, held, ord)
        ON b.account = k.account AND b.asset = k.asset
      ORDER BY b.account COLLATE "C", b.asset COLLATE "C"
      FOR UPDATE OF b
    LOOP
      locked := locked + 1;
      IF bal.delta < 0 AND bal.balance + bal.delta < bal.held + bal.release
         AND (first_short IS NULL OR bal.ord < first_short) THEN
        first_short := bal.ord;
        short_account := bal.account;
        short_asset := bal.asset;
        available := bal.balance - (bal.held + bal.release);
        requested := -bal.delta;
      END IF;
    END LOOP;
    EXIT WHEN locked = wanted AND NOT EXISTS (
      SELECT 1 FROM unnest(p_names, p_owners) AS n(name, owner)
      WHERE n.owner IS NULL AND NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.name = n.name)
    );
    IF attempt = 2 THEN
      RAISE EXCEPTION 'ledger balance rows missing after insert';
    END IF;
    INSERT INTO ledger_accounts (name, user_id)
      SELECT * FROM unnest(p_names, p_owners) AS n(name, owner) ORDER BY n.name COLLATE "C"
      ON CONFLICT (name) DO NOTHING;
    INSERT INTO ledger_balances (account, asset, user_owned)
      SELECT k.account, k.asset, true FROM unnest(p_balance_accounts, p_balance_assets) AS k(account, asset)
      ORDER BY k.account COLLATE "C", k.asset COLLATE "C"
      ON CONFLICT (account, asset) DO NOTHING;
  END LOOP;
  IF first_short IS NOT NULL THEN
    RETURN;
  END IF;

  WITH t AS (
    INSERT INTO ledger_transactions (id, idempotency_key, metadata) VALUES (p_id, p_key, p_metadata)
  ), moved AS (
    UPDATE ledger_balances b SET balance = b.balance + k.delta, held = b.held + k.held, updated_at = now()
    FROM unnest(p_balance_accounts, p_balance_assets, p_deltas, p_held) AS k(account, asset, delta, held)
    WHERE b.account = k.account AND b.asset = k.asset AND (k.delta <> 0 OR k.held <> 0)
  )
  INSERT INTO ledger_postings (transaction_id, seq, source, destination, asset, amount)
    SELECT p_id, s.seq - 1, s.source, s.destination, s.asset, s.amount
    FROM unnest(p_sources, p_destinations, p_assets, p_amounts) WITH ORDINALITY AS s(source, destination, asset, amount, seq);
  transaction_id := p_id;
END;
$$;

-- `postTransaction` in one statement: claims the key for a 'post' with these parameters, writes the transaction and
-- stores its result. `outcome` says what happened: 'posted'; 'replay' (the key is known: its command, parameters and
-- result come back for the client to compare, nothing was written); 'expired' (the key names a movement whose replay
-- row the cleanup removed); 'short' (a user account lacks the funds). Only 'posted' leaves anything behind.
CREATE FUNCTION ledger_post(
  p_key text,
  p_params jsonb,
  p_metadata jsonb,
  p_sources text[],
  p_destinations text[],
  p_assets text[],
  p_amounts int8[],
  p_names text[],
  p_owners uuid[],
  p_balance_accounts text[],
  p_balance_assets text[],
  p_deltas int8[],
  p_held int8[],
  OUT outcome text,
  OUT transaction_id uuid,
  OUT stored_command text,
  OUT stored_params jsonb,
  OUT stored_result jsonb,
  OUT short_account text,
  OUT short_asset text,
  OUT available int8,
  OUT requested int8
)
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
#variable_conflict use_column
DECLARE
  -- The transaction's id is known before anything is written, so the key's row is stored with its result at once.
  new_id uuid := gen_random_uuid();
  written record;
BEGIN
  INSERT INTO ledger_idempotency (key, command, params, result)
    VALUES (p_key, 'post', p_params, jsonb_build_object('transactionId', new_id))
    ON CONFLICT (key) DO NOTHING;
  IF NOT FOUND THEN
    outcome := 'replay';
    SELECT i.command, i.params, i.result INTO stored_command, stored_params, stored_result
      FROM ledger_idempotency i WHERE i.key = p_key;
    RETURN;
  END IF;
  IF EXISTS (SELECT 1 FROM ledger_transactions t WHERE t.idempotency_key = p_key)
     OR EXISTS (SELECT 1 FROM ledger_holds h WHERE h.idempotency_key = p_key) THEN
    DELETE FROM ledger_idempotency WHERE key = p_key;
    outcome := 'expired';
    RETURN;
  END IF;
  written := ledger_write(new_id, p_key, p_metadata, p_sources, p_destinations, p_assets, p_amounts, p_names,
    p_owners, p_balance_accounts, p_balance_assets, p_deltas, p_held);
  IF written.transaction_id IS NULL THEN
    DELETE FROM ledger_idempotency WHERE key = p_key;
    outcome := 'short';
    short_account := written.short_account;
    short_asset := written.short_asset;
    available := written.available;
    requested := written.requested;
    RETURN;
  END IF;
  outcome := 'posted';
  transaction_id := new_id;
END;
$$;
