-- A release-day drop (docs/decisions/156-release-day-drops.md): an announcement may wait for a
-- scheduled release, named by its slug, and goes out when that release goes live.
ALTER TABLE announcements ADD COLUMN with_release TEXT;
CREATE INDEX announcements_with_release ON announcements (with_release) WHERE with_release IS NOT NULL;
