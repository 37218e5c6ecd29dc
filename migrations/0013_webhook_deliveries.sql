-- The mail webhook's deliveries accepted lately (docs/decisions/124-links-and-deliveries-checked-first.md):
-- a delivery whose svix-id is here is a replay and changes nothing. A row is kept until its
-- signed timestamp is more than five minutes old (expires_at, milliseconds since 1970), then the
-- Cron Trigger sweeps it.
CREATE TABLE mail_webhook_deliveries (
  id TEXT PRIMARY KEY,
  expires_at INTEGER NOT NULL
);
CREATE INDEX mail_webhook_deliveries_expiry ON mail_webhook_deliveries (expires_at);
