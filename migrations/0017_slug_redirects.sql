-- Renamed slugs keep working (docs/decisions/151-renamed-slugs-redirect.md): a slug a post,
-- release, mixtape or event had before answers 301 to the item's address, as artist_redirects
-- does for artists (migrations/0008_artists.sql). One table per kind, so an item's former slugs
-- go with it when it is deleted; a slug an item has now wins over a redirect of the same name.
-- Rows are in the order the slugs were given up (rowid): an item's first row is the slug it was
-- first published under, which its feed guid keeps (docs/decisions/152-feed-guids-survive-renames.md).
CREATE TABLE post_redirects (
  old_slug TEXT PRIMARY KEY,
  post_id INTEGER NOT NULL REFERENCES posts(id) ON DELETE CASCADE
);
CREATE INDEX post_redirects_post ON post_redirects (post_id);

CREATE TABLE release_redirects (
  old_slug TEXT PRIMARY KEY,
  release_id INTEGER NOT NULL REFERENCES releases(id) ON DELETE CASCADE
);
CREATE INDEX release_redirects_release ON release_redirects (release_id);

CREATE TABLE mixtape_redirects (
  old_slug TEXT PRIMARY KEY,
  mixtape_id INTEGER NOT NULL REFERENCES mixtapes(id) ON DELETE CASCADE
);
CREATE INDEX mixtape_redirects_mixtape ON mixtape_redirects (mixtape_id);

CREATE TABLE event_redirects (
  old_slug TEXT PRIMARY KEY,
  event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE
);
CREATE INDEX event_redirects_event ON event_redirects (event_id);
