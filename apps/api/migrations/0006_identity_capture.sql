-- The identity capture names uploaded KYC documents (decision 010): the widget uploads the document and the selfie
-- through the document upload call, and the session keeps which rows they are. The capture widget's free-form
-- references of 0005 go: nothing was ever fetched with them, and a reference that names no stored file gives the
-- provider nothing to check.
ALTER TABLE identity_verifications
  ADD COLUMN document_id uuid REFERENCES kyc_documents (id),
  ADD COLUMN selfie_id   uuid REFERENCES kyc_documents (id);

-- A capture recorded with the old references and still waiting for its decision can no longer be decided (there are
-- no files behind it): ask for a new capture instead of leaving it waiting for ever. Decided sessions keep their
-- decision.
UPDATE identity_verifications
SET status = 'resubmit', reason = 'Please capture the document again', decided_at = updated_at
WHERE status = 'submitted';

ALTER TABLE identity_verifications
  DROP COLUMN front_ref,
  DROP COLUMN back_ref,
  DROP COLUMN selfie_ref;

-- A submitted capture always names both files from now on.
ALTER TABLE identity_verifications
  ADD CONSTRAINT identity_verifications_capture_named CHECK (status <> 'submitted' OR (document_id IS NOT NULL AND selfie_id IS NOT NULL));
