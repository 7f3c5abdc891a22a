-- Issue 7 (decision 034): a bank that asks for its login again is re-authenticated in the wallet's browser too. A
-- handoff for that names the bank method; its access token then opens only that method's re-auth calls, and
-- method_id is set when the re-auth is done, as it is when a new bank is linked.
ALTER TABLE bank_link_handoffs ADD COLUMN reauth_method_id uuid;
