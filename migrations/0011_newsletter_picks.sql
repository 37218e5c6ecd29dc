-- Newsletter picks (docs/decisions/090-newsletter-picks.md): in the sign-up's second step a
-- subscriber picks artists and genres to hear about, kept by slug, so the Strapi store and the
-- Markdown content name them the same way. A subscriber who leaves takes their picks along (the
-- trigger holds whatever the foreign-key setting; ids of deleted rows can be reused).
CREATE TABLE newsletter_picks (
  subscriber_id INTEGER NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('artist','genre')),
  slug TEXT NOT NULL,
  PRIMARY KEY (subscriber_id, kind, slug)
) WITHOUT ROWID;
CREATE INDEX newsletter_picks_slug ON newsletter_picks (kind, slug);
CREATE TRIGGER newsletter_picks_gone AFTER DELETE ON newsletter_subscribers FOR EACH ROW BEGIN
  DELETE FROM newsletter_picks WHERE subscriber_id = old.id;
END;

-- An announcement goes to every confirmed subscriber, or only to those who picked an artist or a
-- genre of its items (`follows`: {"artists": [slug…], "genres": [slug…]}, worked out from the
-- items when it is composed). Announcements from before went to everyone.
ALTER TABLE announcements ADD COLUMN audience TEXT NOT NULL DEFAULT 'everyone' CHECK (audience IN ('everyone','followers'));
ALTER TABLE announcements ADD COLUMN follows TEXT NOT NULL DEFAULT '{"artists":[],"genres":[]}';
