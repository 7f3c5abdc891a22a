-- KYC documents (issue 4; document 1, section 3 "KYC document upload"; decision 008). One row per document: its
-- front file and, for cards and licences, its back (R20). The bytes live in the file storage under server-made keys;
-- the row keeps what was learnt from the bytes (type, size, SHA-256) and the client's file name only as metadata.
-- Times are written by the application's clock (not now()), as in 0002 and 0003.
CREATE TABLE kyc_documents (
  id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id           uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The custodian's contact id when the document was uploaded (taken from kyc_individuals, never from the client).
  related_id        text,
  document_type     text NOT NULL CHECK (document_type IN ('passport', 'drivers_license', 'government_id', 'residence_permit', 'proof_of_address', 'other')),
  document_subtype  text,
  country           char(2) NOT NULL,
  expires_on        date,
  issued_at         date,
  label             text,
  is_identity       boolean NOT NULL DEFAULT false,
  is_identity_photo boolean NOT NULL DEFAULT false,
  is_proof_of_address boolean NOT NULL DEFAULT false,
  metadata          jsonb,
  mime              text NOT NULL CHECK (mime IN ('image/jpeg', 'image/png', 'application/pdf')),
  size              bigint NOT NULL CHECK (size > 0),
  sha256            char(64) NOT NULL,
  original_name     text,
  storage_key       text NOT NULL UNIQUE,
  back_mime         text CHECK (back_mime IN ('image/jpeg', 'image/png', 'application/pdf')),
  back_size         bigint CHECK (back_size > 0),
  back_sha256       char(64),
  back_original_name text,
  back_storage_key  text UNIQUE,
  -- N of fileN: keeps the documents of one upload in the order the client sent them.
  upload_index      smallint NOT NULL CHECK (upload_index >= 0),
  created_at        timestamptz NOT NULL,
  CHECK (document_type = 'other' OR document_subtype IS NULL),
  CHECK ((back_storage_key IS NULL) = (back_mime IS NULL) AND (back_mime IS NULL) = (back_size IS NULL) AND (back_size IS NULL) = (back_sha256 IS NULL))
);
-- The list call reads one user's documents, newest first.
CREATE INDEX kyc_documents_user ON kyc_documents (user_id, created_at DESC, upload_index);
