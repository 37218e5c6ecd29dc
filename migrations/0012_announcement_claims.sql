-- The mail in flight (docs/decisions/098-the-mail-in-flight.md): the consumer claims a send log
-- row before it hands the mail to the mail service, so a Worker killed between the service
-- accepting a mail and the log recording it leaves a row that says so. A later attempt that finds
-- such a stale claim sends again (with the same mail id) and marks the row uncertain: the desk
-- lists those, as the mail may have arrived twice.
ALTER TABLE announcement_sends ADD COLUMN claimed_at TEXT;
ALTER TABLE announcement_sends ADD COLUMN uncertain INTEGER NOT NULL DEFAULT 0;
