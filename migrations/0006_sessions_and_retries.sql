-- The review desk's sign-ins, so that signing out ends one on the server and a copied cookie stops
-- working (docs/decisions/065-token-attempts-and-sessions.md): one row per session id, kept until it
-- expires or its operator signs out.
CREATE TABLE admin_sessions (
  id TEXT PRIMARY KEY,
  expires_at INTEGER NOT NULL
);
CREATE INDEX admin_sessions_expiry ON admin_sessions (expires_at);

-- A submission's key, made once per form fill: a retry of the same form returns the submission
-- already stored instead of storing a second one (docs/decisions/068-idempotent-submissions.md).
ALTER TABLE submissions ADD COLUMN idempotency_key TEXT;
CREATE UNIQUE INDEX submissions_idempotency_key ON submissions (idempotency_key);
