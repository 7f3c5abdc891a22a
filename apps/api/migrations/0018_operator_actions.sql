-- R6 (decision 035): every change an operator makes with `npm run admin` (a KYC review decided, an account frozen or
-- unfrozen, a failed job retried), with who made it and why. Written in the same transaction as the change, so a
-- change without its record (or a record without its change) cannot exist. Append-only; never tied by a foreign key to
-- what it names (`subject`: a user guid or a job id), so the record outlives the user or the archived job.
CREATE TABLE operator_actions (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  operator   text NOT NULL CHECK (length(operator) BETWEEN 1 AND 100),
  action     text NOT NULL CHECK (action IN ('kyc_review_accept', 'kyc_review_reject', 'freeze', 'unfreeze', 'job_retry')),
  subject    text NOT NULL CHECK (length(subject) BETWEEN 1 AND 200),
  reason     text NOT NULL CHECK (length(reason) BETWEEN 1 AND 1000),
  details    jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL
);
CREATE INDEX operator_actions_created ON operator_actions (created_at DESC, id DESC);
CREATE INDEX operator_actions_subject ON operator_actions (subject, id);
