/**
 * migrations/0008_artists.sql as `npx tsx scripts/artists-migration.ts` writes it: the artist
 * tables, their search index and its triggers, then, on a live store, an artist for every name
 * that appears on two or more items and the links from those items (docs/decisions/075-artists.md).
 * Pure TypeScript.
 */
import { foldSql } from "@worker/content/d1/search/fold";
import { slugify } from "../format";
import { jsonText, type TextForm } from "./fts-sql";

/**
 * Letters of Latin-1 and Latin Extended-A/B with the ASCII slugify() gives them. SQLite's lower()
 * and GLOB know ASCII only, so the migration looks each other letter up here; a name with a
 * letter outside this table is left to `npx tsx scripts/artists-from-names.ts`.
 */
export function slugFolds(): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (let code = 0xc0; code <= 0x24f; code++) {
    const letter = String.fromCodePoint(code);
    const ascii = slugify(letter);
    if (/^[a-z]+$/.test(ascii)) out.push([letter, ascii]);
  }
  return out;
}

/** Punctuation outside ASCII that slugify() turns into a hyphen (or drops), as SQL does. */
const PUNCTUATION = ["’", "‘", "“", "”", "–", "—", "·", "…", "×", "\u00a0"];

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

const ARTIST_GENRES =
  "COALESCE((SELECT group_concat(g.name, ' ') FROM artist_genres ag JOIN genres g ON g.id = ag.genre_id WHERE ag.artist_id = a.id), '')";
const ARTIST_LOCATION = "COALESCE((SELECT l.name FROM locations l WHERE l.id = a.location_id), '')";

/** Index rows of the published artists matching `where` (a condition on alias a). */
export function artistsFtsInsert(where = "1", bio: TextForm = "document"): string {
  const text = bio === "document" ? jsonText("a.bio", "document") : "a.bio";
  return `INSERT INTO artists_fts (rowid, name, bio, genres, location, folded) SELECT a.id, a.name, ${text}, ${ARTIST_GENRES}, ${ARTIST_LOCATION}, ${foldSql("a.name")} FROM artists a WHERE a.pub_status = 'published' AND ${where};`;
}

const refresh = (ids: string, bio: TextForm) => [
  `DELETE FROM artists_fts WHERE rowid IN (${ids});`,
  artistsFtsInsert(`a.id IN (${ids})`, bio),
];
const trigger = (name: string, event: string, body: string[]) =>
  `CREATE TRIGGER ${name} AFTER ${event} FOR EACH ROW BEGIN\n  ${body.join("\n  ")}\nEND;`;

/**
 * A link table from the items of `owner` (column `ownerId`) to artists; `entry` is the entry
 * column's default (undefined: the table has none, the item links as a whole).
 */
const linkTable = (table: string, ownerId: string, owner: string, entry?: string) =>
  `CREATE TABLE ${table} (
  ${ownerId} INTEGER NOT NULL REFERENCES ${owner}(id) ON DELETE CASCADE,
${entry === undefined ? "" : `  entry INTEGER NOT NULL${entry},\n`}  artist_id INTEGER NOT NULL REFERENCES artists(id) ON DELETE CASCADE,
  position INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (${ownerId}, ${entry === undefined ? "" : "entry, "}artist_id)
);
CREATE INDEX ${table}_artist ON ${table} (artist_id);
`;

const LINK_TABLES = [
  linkTable("post_artists", "post_id", "posts"),
  linkTable("aggregated_post_artists", "aggregated_post_id", "aggregated_posts"),
  linkTable("mixtape_artists", "mixtape_id", "mixtapes", " DEFAULT 0"),
  linkTable("release_artists", "release_id", "releases", " DEFAULT 0"),
  linkTable("event_artists", "event_id", "events", ""),
].join("\n");

const TABLES = `CREATE TABLE artists (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  kind TEXT NOT NULL DEFAULT 'person' CHECK (kind IN ('person','group')),
  bio TEXT NOT NULL DEFAULT '', -- Markdown paragraphs split by a blank line
  image TEXT,
  location_id INTEGER REFERENCES locations(id) ON DELETE SET NULL,
  pub_status TEXT NOT NULL DEFAULT 'published' CHECK (pub_status IN ('draft','published'))
);
CREATE INDEX artists_name ON artists (pub_status, name COLLATE NOCASE);

CREATE TABLE artist_genres (
  artist_id INTEGER NOT NULL REFERENCES artists(id) ON DELETE CASCADE,
  genre_id INTEGER NOT NULL REFERENCES genres(id) ON DELETE CASCADE,
  PRIMARY KEY (artist_id, genre_id)
);
CREATE INDEX artist_genres_genre ON artist_genres (genre_id);

CREATE TABLE artist_links (
  id INTEGER PRIMARY KEY,
  artist_id INTEGER NOT NULL REFERENCES artists(id) ON DELETE CASCADE,
  platform TEXT NOT NULL,          -- bandcamp, soundcloud, instagram, website, custom…
  custom_platform_name TEXT,
  url TEXT NOT NULL,
  position INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX artist_links_artist ON artist_links (artist_id, position);

-- A slug an artist had before: /artists/{old} answers 301 to the artist's page.
CREATE TABLE artist_redirects (
  old_slug TEXT PRIMARY KEY,
  artist_id INTEGER NOT NULL REFERENCES artists(id) ON DELETE CASCADE
);

-- The links from content to artists. The text fields (artist_name, tracklist's artist, lineup)
-- stay as they are, for names without a page; entry 0 is the item itself, any other entry a
-- tracklist position, a release's track number or a lineup position (from 1).
${LINK_TABLES}
-- Search: names folded like posts_fts ('moller' finds 'Møller'), bio, genres and home.
CREATE VIRTUAL TABLE artists_fts USING fts5(
  name, bio, genres, location, folded,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3 4'
);`;

/** The index's triggers: the artist row, its genre links and the names of genres and places. */
export function artistsFtsTriggerSql(bio: TextForm = "document"): string[] {
  return [
    trigger("artists_fts_insert", "INSERT ON artists", [artistsFtsInsert("a.id = new.id", bio)]),
    trigger("artists_fts_update", "UPDATE ON artists", refresh("SELECT old.id UNION SELECT new.id", bio)),
    trigger("artists_fts_delete", "DELETE ON artists", ["DELETE FROM artists_fts WHERE rowid = old.id;"]),
    trigger("artist_genres_fts_insert", "INSERT ON artist_genres", refresh("SELECT new.artist_id", bio)),
    trigger("artist_genres_fts_delete", "DELETE ON artist_genres", refresh("SELECT old.artist_id", bio)),
    trigger(
      "genres_artists_fts_rename",
      "UPDATE OF name ON genres",
      refresh("SELECT artist_id FROM artist_genres WHERE genre_id = new.id", bio),
    ),
    trigger(
      "locations_artists_fts_rename",
      "UPDATE OF name ON locations",
      refresh("SELECT id FROM artists WHERE location_id = new.id", bio),
    ),
  ];
}

/**
 * Every name an item carries, with the item: the rule of "appears on two or more items". One
 * INSERT per source, as D1 allows five terms in a compound SELECT.
 */
export const NAMED = [
  "SELECT trim(artist_name), 'post:' || id FROM posts",
  "SELECT trim(artist_name), 'aggregated:' || id FROM aggregated_posts",
  "SELECT trim(artist_name), 'mixtape:' || id FROM mixtapes",
  `SELECT trim(json_extract(t.value, '$.artist')), 'mixtape:' || m.id
  FROM mixtapes m, json_each(CASE WHEN json_valid(m.tracklist) THEN m.tracklist ELSE '[]' END) t`,
  "SELECT trim(artist_name), 'release:' || id FROM releases",
  "SELECT trim(artist_name), 'release:' || release_id FROM release_tracks",
  `SELECT trim(t.value), 'event:' || e.id
  FROM events e, json_each(CASE WHEN json_valid(e.lineup) THEN e.lineup ELSE '[]' END) t`,
].map((select) => `INSERT INTO artist_named (name, item) ${select};`);

/** One character of the name being walked, as slugify() spells it. */
const C = "substr(w.name, w.i, 1)";
const PIECE = `CASE
        WHEN ${C} IN ('''', '’') THEN ''
        WHEN ${C} = '&' THEN '-and-'
        WHEN lower(${C}) GLOB '[a-z0-9]' THEN lower(${C})
        WHEN f.ascii IS NOT NULL THEN f.ascii
        ELSE '-'
      END`;

const collapse = (expr: string) => {
  let out = expr;
  for (let i = 0; i < 4; i++) out = `replace(${out}, '--', '-')`;
  return `trim(${out}, '-')`;
};

const FROM_NAMES = `WITH RECURSIVE
  shared (name) AS (
    SELECT name FROM artist_named WHERE name IS NOT NULL AND name <> ''
    GROUP BY name HAVING COUNT(DISTINCT item) >= 2
  ),
  walk (name, i, slug, unknown) AS (
    SELECT name, 1, '', 0 FROM shared
    UNION ALL
    SELECT w.name, w.i + 1, w.slug || ${PIECE},
      w.unknown OR (unicode(${C}) > 127 AND f.ascii IS NULL AND ${C} NOT IN (${PUNCTUATION.map(quote).join(", ")}))
    FROM walk w LEFT JOIN artist_slug_folds f ON f.letter = ${C}
    WHERE w.i <= length(w.name)
  )
INSERT INTO artist_names (name, slug, unknown)
  SELECT name, ${collapse("slug")}, unknown FROM walk WHERE i = length(name) + 1;`;

/** Links from every item naming one of the new artists (by its exact, trimmed name). */
export const LINKS = `INSERT OR IGNORE INTO artists (slug, name, kind, bio, pub_status)
  SELECT slug, name, 'person', '', 'published' FROM artist_names
  WHERE unknown = 0 AND slug <> '' ORDER BY name;

INSERT OR IGNORE INTO post_artists (post_id, artist_id)
  SELECT p.id, a.id FROM posts p
  JOIN artist_names n ON n.name = trim(p.artist_name) JOIN artists a ON a.slug = n.slug;
INSERT OR IGNORE INTO aggregated_post_artists (aggregated_post_id, artist_id)
  SELECT p.id, a.id FROM aggregated_posts p
  JOIN artist_names n ON n.name = trim(p.artist_name) JOIN artists a ON a.slug = n.slug;
INSERT OR IGNORE INTO mixtape_artists (mixtape_id, entry, artist_id)
  SELECT m.id, 0, a.id FROM mixtapes m
  JOIN artist_names n ON n.name = trim(m.artist_name) JOIN artists a ON a.slug = n.slug;
INSERT OR IGNORE INTO mixtape_artists (mixtape_id, entry, artist_id)
  SELECT m.id, COALESCE(json_extract(t.value, '$.position'), t.key + 1), a.id
  FROM mixtapes m, json_each(CASE WHEN json_valid(m.tracklist) THEN m.tracklist ELSE '[]' END) t
  JOIN artist_names n ON n.name = trim(json_extract(t.value, '$.artist')) JOIN artists a ON a.slug = n.slug;
INSERT OR IGNORE INTO release_artists (release_id, entry, artist_id)
  SELECT r.id, 0, a.id FROM releases r
  JOIN artist_names n ON n.name = trim(r.artist_name) JOIN artists a ON a.slug = n.slug;
INSERT OR IGNORE INTO release_artists (release_id, entry, artist_id)
  SELECT t.release_id, t.track_number, a.id FROM release_tracks t JOIN releases r ON r.id = t.release_id
  JOIN artist_names n ON n.name = trim(t.artist_name) JOIN artists a ON a.slug = n.slug
  WHERE trim(t.artist_name) <> trim(r.artist_name);
INSERT OR IGNORE INTO event_artists (event_id, entry, artist_id)
  SELECT e.id, t.key + 1, a.id
  FROM events e, json_each(CASE WHEN json_valid(e.lineup) THEN e.lineup ELSE '[]' END) t
  JOIN artist_names n ON n.name = trim(t.value) JOIN artists a ON a.slug = n.slug;`;

/** The migration's text. */
export function artistsMigration(): string {
  const folds = slugFolds().map(([letter, ascii]) => `(${quote(letter)}, ${quote(ascii)})`);
  // D1 allows five terms in a compound SELECT, and each row of a VALUES list is one.
  const rows: string[] = [];
  for (let i = 0; i < folds.length; i += 5)
    rows.push(`INSERT INTO artist_slug_folds (letter, ascii) VALUES ${folds.slice(i, i + 5).join(", ")};`);
  return [
    "-- Generated by `npx tsx scripts/artists-migration.ts` from scripts/content/sql/artists-sql.ts: do not edit.",
    "-- Artists as content (docs/decisions/075-artists.md): the artist, its genres, links and former",
    "-- slugs, the links from posts, aggregated posts, mixtapes, releases and events, and a search",
    "-- index kept in step by triggers. Then, on a live store, an artist for every name that",
    "-- appears on two or more items, linked from each of them.",
    TABLES,
    "",
    ...artistsFtsTriggerSql("text"),
    "",
    "-- Slugs as scripts/content/format.ts spells them: letters folded to ASCII through a table.",
    "CREATE TABLE artist_slug_folds (letter TEXT PRIMARY KEY, ascii TEXT NOT NULL);",
    ...rows,
    "CREATE TABLE artist_named (name TEXT, item TEXT NOT NULL);",
    ...NAMED,
    "CREATE TABLE artist_names (name TEXT PRIMARY KEY, slug TEXT NOT NULL, unknown INTEGER NOT NULL);",
    FROM_NAMES,
    "",
    LINKS,
    "",
    "DROP TABLE artist_names;",
    "DROP TABLE artist_named;",
    "DROP TABLE artist_slug_folds;",
    "",
  ].join("\n");
}
