-- Issue 6 (decision 044): a quote is stored only by the statement that first reads its user's custodial account and
-- finds it opened (placeQuotes; the step-by-step path reads the account too), and the account row references the
-- user; no code deletes users. The foreign key to users checked the same thing again, on every quote, by locking the
-- user's row (FOR KEY SHARE: a query, a lock written to the users page and the log, a multixact when several
-- quotes of the same user commit together): about 40 % of the database's work per quote in the quote benchmark.
-- The orders keep their foreign key to the quote they take, and the quote's user is read through it.
ALTER TABLE ramp_quotes DROP CONSTRAINT ramp_quotes_user_id_fkey;
