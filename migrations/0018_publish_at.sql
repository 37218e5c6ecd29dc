-- Scheduled publishing (docs/decisions/153-scheduled-publishing.md): every catalogue kind takes a
-- `publish_at`, as its content file wrote it (with its zone, for the export). A published item
-- whose time is ahead is stored as a draft, with that time in UTC in `publish_due`; every read,
-- index, list and search trigger keys on pub_status = 'published', so until then it is a draft
-- to all of them, and they cost what they cost before. At the due time the Worker (the first
-- request after it, or the Cron Trigger) sets such rows published and clears `publish_due`; the
-- triggers then add them to the lists and the search as they do for any published row. The
-- partial indexes hold the scheduled rows only: finding the next due time and the due rows reads
-- those rows, whatever the size of the catalogue.
ALTER TABLE posts ADD COLUMN publish_at TEXT;
ALTER TABLE posts ADD COLUMN publish_due TEXT;
CREATE INDEX posts_publish_due ON posts (publish_due) WHERE publish_due IS NOT NULL;
ALTER TABLE aggregated_posts ADD COLUMN publish_at TEXT;
ALTER TABLE aggregated_posts ADD COLUMN publish_due TEXT;
CREATE INDEX aggregated_posts_publish_due ON aggregated_posts (publish_due) WHERE publish_due IS NOT NULL;
ALTER TABLE mixtapes ADD COLUMN publish_at TEXT;
ALTER TABLE mixtapes ADD COLUMN publish_due TEXT;
CREATE INDEX mixtapes_publish_due ON mixtapes (publish_due) WHERE publish_due IS NOT NULL;
ALTER TABLE releases ADD COLUMN publish_at TEXT;
ALTER TABLE releases ADD COLUMN publish_due TEXT;
CREATE INDEX releases_publish_due ON releases (publish_due) WHERE publish_due IS NOT NULL;
ALTER TABLE events ADD COLUMN publish_at TEXT;
ALTER TABLE events ADD COLUMN publish_due TEXT;
CREATE INDEX events_publish_due ON events (publish_due) WHERE publish_due IS NOT NULL;
ALTER TABLE artists ADD COLUMN publish_at TEXT;
ALTER TABLE artists ADD COLUMN publish_due TEXT;
CREATE INDEX artists_publish_due ON artists (publish_due) WHERE publish_due IS NOT NULL;
