-- Editors sign in as themselves (docs/decisions/155-editors-sign-in-as-themselves.md).
-- A desk session now says who it is: the editor's address (signed in by a mailed link or by
-- Cloudflare Access), or NULL for a sign-in with ADMIN_TOKEN; how, and since when.
ALTER TABLE admin_sessions ADD COLUMN editor TEXT;
ALTER TABLE admin_sessions ADD COLUMN via TEXT NOT NULL DEFAULT 'token';
ALTER TABLE admin_sessions ADD COLUMN started_at INTEGER NOT NULL DEFAULT 0;

-- The one-time sign-in links mailed to editors: the SHA-256 of the link's token (never the
-- token), whose it is, until when it works, and when it was used (it works once).
CREATE TABLE editor_links (
  token_hash TEXT PRIMARY KEY,
  editor TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);
CREATE INDEX editor_links_expiry ON editor_links (expires_at);

-- What was changed on the desk, by whom and when: a submission's review, a mail to its artist,
-- an announcement's send, a session ended. `subject` names the item (submission:<id>,
-- announcement:<id>, session:<id>); `actor` is an editor's address or 'ADMIN_TOKEN'.
CREATE TABLE desk_audit (
  id INTEGER PRIMARY KEY,
  subject TEXT NOT NULL,
  action TEXT NOT NULL,
  detail TEXT NOT NULL DEFAULT '',
  actor TEXT NOT NULL,
  at TEXT NOT NULL
);
CREATE INDEX desk_audit_subject ON desk_audit (subject, id);

-- The desk's Subscribers page lists the newest suppressions first.
CREATE INDEX mail_suppressions_since ON mail_suppressions (created_at);
