-- A calendar that imported an event follows its changes (docs/decisions/146-calendars-follow-changes.md):
-- `sequence` grows by one with each change of the event's time, place or status (RFC 5545
-- SEQUENCE), and `revised_at` is when anything of it last changed (LAST-MODIFIED). The store keeps
-- both itself: the content import writes events with upserts, whose updates fire these triggers;
-- a save that changes nothing changes neither.
ALTER TABLE events ADD COLUMN sequence INTEGER NOT NULL DEFAULT 0;
ALTER TABLE events ADD COLUMN revised_at TEXT;
UPDATE events SET revised_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now');
CREATE TRIGGER events_revised_insert AFTER INSERT ON events FOR EACH ROW WHEN new.revised_at IS NULL BEGIN
  UPDATE events SET revised_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now') WHERE id = new.id;
END;
CREATE TRIGGER events_rescheduled AFTER UPDATE ON events FOR EACH ROW WHEN
  old.starts_at IS NOT new.starts_at OR old.ends_at IS NOT new.ends_at OR old.timezone IS NOT new.timezone
  OR old.venue IS NOT new.venue OR old.address IS NOT new.address OR old.city IS NOT new.city
  OR old.status IS NOT new.status
BEGIN
  UPDATE events SET sequence = old.sequence + 1, revised_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now') WHERE id = new.id;
END;
CREATE TRIGGER events_revised AFTER UPDATE ON events FOR EACH ROW WHEN
  (old.title IS NOT new.title OR old.description IS NOT new.description OR old.lineup IS NOT new.lineup
  OR old.cover_image IS NOT new.cover_image OR old.ticket_url IS NOT new.ticket_url OR old.price IS NOT new.price
  OR old.location_id IS NOT new.location_id OR old.slug IS NOT new.slug OR old.pub_status IS NOT new.pub_status)
  AND old.sequence IS new.sequence
BEGIN
  UPDATE events SET revised_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now') WHERE id = new.id;
END;
