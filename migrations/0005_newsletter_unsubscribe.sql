-- Every subscriber can leave (docs/decisions/032-embedded-store-operations.md): a random
-- 128-bit token per subscriber, kept as is so the export can print each one's unsubscribe URL.
-- The Worker writes one with every sign-up; rows from before, and rows inserted by hand, get one
-- from SQLite's randomblob.
ALTER TABLE newsletter_subscribers ADD COLUMN unsubscribe_token TEXT;
UPDATE newsletter_subscribers SET unsubscribe_token = lower(hex(randomblob(16))) WHERE unsubscribe_token IS NULL;
CREATE UNIQUE INDEX newsletter_subscribers_token ON newsletter_subscribers (unsubscribe_token);
CREATE TRIGGER newsletter_subscribers_token AFTER INSERT ON newsletter_subscribers FOR EACH ROW WHEN new.unsubscribe_token IS NULL BEGIN
  UPDATE newsletter_subscribers SET unsubscribe_token = lower(hex(randomblob(16))) WHERE id = new.id;
END;
