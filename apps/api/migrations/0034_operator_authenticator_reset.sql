-- Decision 098: an operator turns off the authenticator app of a user who lost it, recorded like every other change
-- made with `npm run admin`.
ALTER TABLE operator_actions DROP CONSTRAINT operator_actions_action_check;
ALTER TABLE operator_actions ADD CONSTRAINT operator_actions_action_check
  CHECK (action IN ('kyc_review_accept', 'kyc_review_reject', 'freeze', 'unfreeze', 'job_retry', 'authenticator_reset'));
