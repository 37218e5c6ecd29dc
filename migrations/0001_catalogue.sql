-- Crossfade embedded store: every entity of docs/product.md section 3 and docs/product.md.
-- Lists of names/paragraphs that are never queried on their own are JSON text columns;
-- anything a visitor filters by (genres, locations, tags) is a join table.

CREATE TABLE genres (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL
);

CREATE TABLE locations (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  type TEXT NOT NULL DEFAULT 'city' -- city, region or country
);

CREATE TABLE posts (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,
  artist_name TEXT,
  excerpt TEXT NOT NULL DEFAULT '',
  content TEXT NOT NULL DEFAULT '[]', -- JSON array of paragraph strings
  post_date TEXT NOT NULL,            -- ISO 8601
  category TEXT NOT NULL DEFAULT 'news' CHECK (category IN ('news','interviews','premieres','reviews','features')),
  cover_image TEXT,
  is_featured INTEGER NOT NULL DEFAULT 0,
  audio_platform TEXT CHECK (audio_platform IN ('local','youtube','soundcloud','spotify')),
  primary_audio_url TEXT,
  audio_file TEXT,
  track_title TEXT,
  pub_status TEXT NOT NULL DEFAULT 'draft' CHECK (pub_status IN ('draft','published'))
);
CREATE INDEX posts_published_date ON posts (pub_status, post_date DESC);
CREATE INDEX posts_category ON posts (category, post_date DESC);

CREATE TABLE post_genres (
  post_id INTEGER NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
  genre_id INTEGER NOT NULL REFERENCES genres(id) ON DELETE CASCADE,
  PRIMARY KEY (post_id, genre_id)
);
CREATE INDEX post_genres_genre ON post_genres (genre_id);

CREATE TABLE post_locations (
  post_id INTEGER NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
  location_id INTEGER NOT NULL REFERENCES locations(id) ON DELETE CASCADE,
  PRIMARY KEY (post_id, location_id)
);
CREATE INDEX post_locations_location ON post_locations (location_id);

CREATE TABLE post_tags (
  post_id INTEGER NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
  tag TEXT NOT NULL, -- slug form, e.g. 'vinyl'
  PRIMARY KEY (post_id, tag)
);
CREATE INDEX post_tags_tag ON post_tags (tag);

CREATE TABLE aggregated_posts (
  id INTEGER PRIMARY KEY,
  original_url TEXT NOT NULL,
  title TEXT NOT NULL,
  artist_name TEXT,
  excerpt TEXT NOT NULL DEFAULT '',
  content TEXT NOT NULL DEFAULT '[]',
  published_date TEXT NOT NULL,
  featured_image TEXT,
  genres TEXT NOT NULL DEFAULT '[]',    -- JSON [{name, slug}]
  locations TEXT NOT NULL DEFAULT '[]', -- JSON [{name, slug}]
  audio TEXT,
  pub_status TEXT NOT NULL DEFAULT 'draft' CHECK (pub_status IN ('draft','published'))
);
CREATE INDEX aggregated_posts_date ON aggregated_posts (pub_status, published_date DESC);

CREATE TABLE mixtapes (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,
  artist_name TEXT,
  release_date TEXT NOT NULL,
  cover_image TEXT,
  description TEXT NOT NULL DEFAULT '',
  tracklist TEXT NOT NULL DEFAULT '[]', -- JSON [{position, artist, title, time?}]
  duration TEXT NOT NULL DEFAULT '0:00',
  track_count INTEGER NOT NULL DEFAULT 0,
  download_url TEXT,
  external_audio_url TEXT,
  audio_file TEXT,
  audio_platform TEXT CHECK (audio_platform IN ('local','youtube','soundcloud','spotify')),
  is_featured INTEGER NOT NULL DEFAULT 0,
  pub_status TEXT NOT NULL DEFAULT 'draft' CHECK (pub_status IN ('draft','published'))
);
CREATE INDEX mixtapes_date ON mixtapes (pub_status, release_date DESC);

CREATE TABLE mixtape_genres (
  mixtape_id INTEGER NOT NULL REFERENCES mixtapes(id) ON DELETE CASCADE,
  genre_id INTEGER NOT NULL REFERENCES genres(id) ON DELETE CASCADE,
  PRIMARY KEY (mixtape_id, genre_id)
);

CREATE TABLE releases (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,
  artist_name TEXT NOT NULL,
  release_date TEXT NOT NULL,
  artwork TEXT,
  release_type TEXT NOT NULL DEFAULT 'Single',
  total_duration TEXT,
  description TEXT NOT NULL DEFAULT '',
  credits TEXT NOT NULL DEFAULT '',
  catalog_number TEXT,
  is_featured INTEGER NOT NULL DEFAULT 0,
  pub_status TEXT NOT NULL DEFAULT 'draft' CHECK (pub_status IN ('draft','published'))
);
CREATE INDEX releases_date ON releases (pub_status, release_date DESC);

CREATE TABLE release_tracks (
  id INTEGER PRIMARY KEY,
  release_id INTEGER NOT NULL REFERENCES releases(id) ON DELETE CASCADE,
  track_number INTEGER NOT NULL,
  title TEXT NOT NULL,
  artist_name TEXT,
  duration TEXT,
  audio_url TEXT,
  audio_platform TEXT CHECK (audio_platform IN ('local','youtube','soundcloud','spotify')),
  is_primary_track INTEGER NOT NULL DEFAULT 0,
  is_featured INTEGER NOT NULL DEFAULT 0,
  UNIQUE (release_id, track_number)
);

CREATE TABLE release_purchase_links (
  id INTEGER PRIMARY KEY,
  release_id INTEGER NOT NULL REFERENCES releases(id) ON DELETE CASCADE,
  platform TEXT NOT NULL,          -- bandcamp, beatport, spotify, apple-music, custom…
  custom_platform_name TEXT,
  url TEXT NOT NULL,
  position INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE events (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,
  starts_at TEXT NOT NULL, -- ISO 8601 with offset, e.g. 2026-12-05T22:00:00+01:00
  ends_at TEXT,
  timezone TEXT NOT NULL,  -- IANA zone of the venue, e.g. Europe/Berlin
  venue TEXT NOT NULL,
  address TEXT,
  city TEXT NOT NULL,
  location_id INTEGER REFERENCES locations(id),
  lineup TEXT NOT NULL DEFAULT '[]', -- JSON array of artist names
  description TEXT NOT NULL DEFAULT '',
  cover_image TEXT,
  ticket_url TEXT,
  price TEXT,
  status TEXT NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled','postponed','cancelled')),
  is_featured INTEGER NOT NULL DEFAULT 0,
  pub_status TEXT NOT NULL DEFAULT 'draft' CHECK (pub_status IN ('draft','published'))
);
CREATE INDEX events_start ON events (pub_status, starts_at);

CREATE TABLE submissions (
  id INTEGER PRIMARY KEY,
  reference TEXT NOT NULL UNIQUE,
  artist_name TEXT NOT NULL,
  email TEXT NOT NULL,
  track_title TEXT NOT NULL,
  genre TEXT,
  city TEXT,
  links TEXT,
  message TEXT,
  consent INTEGER NOT NULL DEFAULT 0,
  audio_file_key TEXT,
  artwork_file_key TEXT,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','reviewing','accepted','rejected')),
  admin_notes TEXT,
  submission_date TEXT NOT NULL
);
CREATE INDEX submissions_date ON submissions (submission_date DESC);

CREATE TABLE newsletter_subscribers (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  first_name TEXT,
  last_name TEXT,
  city TEXT,
  source TEXT NOT NULL DEFAULT 'website_footer',
  created_at TEXT NOT NULL
);

-- Full-text search (docs/architecture.md): diacritics folded, prefix indexes for as-you-type.
-- rowid is the post's / mixtape's id; refreshed by scripts after content changes (see
-- ftsRebuildSql in scripts/content/sql/to-sql.ts).
CREATE VIRTUAL TABLE posts_fts USING fts5(
  title, artist_name, excerpt, body, genres, locations,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3 4'
);

CREATE VIRTUAL TABLE mixtapes_fts USING fts5(
  title, artist_name, description, tracklist, genres,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3 4'
);
