-- Mail (docs/decisions/080-mail-port.md, 081-double-opt-in.md, 082-announcements.md).

-- Double opt-in: a sign-up is pending until its confirmation link is used; only confirmed
-- subscribers count, are exported and get mail. Everyone already on the list signed up before
-- there was anything to confirm: they stay subscribed, their consent dated by their sign-up.
ALTER TABLE newsletter_subscribers ADD COLUMN status TEXT NOT NULL DEFAULT 'confirmed' CHECK (status IN ('pending','confirmed'));
ALTER TABLE newsletter_subscribers ADD COLUMN confirmed_at TEXT;
ALTER TABLE newsletter_subscribers ADD COLUMN confirmation_sent_at TEXT;
UPDATE newsletter_subscribers SET confirmed_at = created_at WHERE confirmed_at IS NULL;
CREATE INDEX newsletter_subscribers_status ON newsletter_subscribers (status, created_at);

-- Addresses that get no more mail, whatever list they are on: unsubscribed, bounced, complained.
CREATE TABLE mail_suppressions (
  email TEXT PRIMARY KEY COLLATE NOCASE,
  reason TEXT NOT NULL CHECK (reason IN ('unsubscribed','bounced','complained')),
  created_at TEXT NOT NULL
);

-- The key that signs confirmation links, made by the Worker on first use (never leaves the store).
CREATE TABLE mail_keys (
  name TEXT PRIMARY KEY,
  secret TEXT NOT NULL,
  created_at TEXT NOT NULL
);

-- Every single mail sent to an artist about a submission (the receipt, review answers): the desk
-- lists them on the submission's page. The editable templates of the review answers.
CREATE TABLE submission_mails (
  id INTEGER PRIMARY KEY,
  submission_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  recipient TEXT NOT NULL,
  subject TEXT NOT NULL,
  message_id TEXT,
  sent_at TEXT NOT NULL
);
CREATE INDEX submission_mails_submission ON submission_mails (submission_id, sent_at);
CREATE TABLE mail_templates (
  name TEXT PRIMARY KEY,
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

-- Announcements and their send log: one row per (announcement, subscriber), the source of truth
-- of who was sent what. The queue carries the keys only; a retried or re-enqueued message whose
-- row says sent does nothing.
CREATE TABLE announcements (
  id INTEGER PRIMARY KEY,
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  items TEXT NOT NULL DEFAULT '[]',
  status TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft','sending','sent')),
  created_at TEXT NOT NULL,
  sent_at TEXT
);
CREATE TABLE announcement_sends (
  announcement_id INTEGER NOT NULL,
  subscriber_id INTEGER NOT NULL,
  email TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','sent','skipped','failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  message_id TEXT,
  enqueued_at TEXT,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (announcement_id, subscriber_id)
);
CREATE INDEX announcement_sends_status ON announcement_sends (announcement_id, status);
