/**
 * post_extras and mixtape_extras of migrations/0007_flat_lists.sql (docs/decisions/071-flat-lists.md):
 * what a card and a search facet read about a post or mixtape besides its own row (its date,
 * whether it is featured, its genres, locations and tags as JSON), one row per item, kept by
 * triggers. A page of 15 posts reads 15 of these rows instead of every link and every genre,
 * location and tag row behind them; a search counts its facets from them. Pure TypeScript.
 */

const postGenres = `(SELECT json_group_array(json_object('name', g.name, 'slug', g.slug)) FROM
  (SELECT g.name, g.slug FROM post_genres pg JOIN genres g ON g.id = pg.genre_id WHERE pg.post_id = p.id ORDER BY g.name) g)`;
const postLocations = `(SELECT json_group_array(json_object('name', l.name, 'slug', l.slug)) FROM
  (SELECT l.name, l.slug FROM post_locations pl JOIN locations l ON l.id = pl.location_id WHERE pl.post_id = p.id ORDER BY l.name) l)`;
const postTags =
  "(SELECT json_group_array(tag) FROM (SELECT tag FROM post_tags WHERE post_id = p.id ORDER BY tag))";
const mixtapeGenres = `(SELECT json_group_array(json_object('name', g.name, 'slug', g.slug)) FROM
  (SELECT g.name, g.slug FROM mixtape_genres mg JOIN genres g ON g.id = mg.genre_id WHERE mg.mixtape_id = m.id ORDER BY g.name) g)`;

/** Writes again the extras row of the posts `where` names by id (alias p). */
function refreshPosts(where: string, old: string): string[] {
  return [
    `DELETE FROM post_extras WHERE post_id IN (${old});`,
    `INSERT INTO post_extras (post_id, post_date, is_featured, genres_json, locations_json, tags_json) SELECT p.id, p.post_date, p.is_featured, ${postGenres}, ${postLocations}, ${postTags} FROM posts p WHERE ${where};`,
  ];
}

function refreshMixtapes(where: string, old: string): string[] {
  return [
    `DELETE FROM mixtape_extras WHERE mixtape_id IN (${old});`,
    `INSERT INTO mixtape_extras (mixtape_id, release_date, is_featured, genres_json) SELECT m.id, m.release_date, m.is_featured, ${mixtapeGenres} FROM mixtapes m WHERE ${where};`,
  ];
}

function trigger(name: string, event: string, body: string[]): string {
  return `CREATE TRIGGER ${name} AFTER ${event} FOR EACH ROW BEGIN\n  ${body.join("\n  ")}\nEND;`;
}

function linkTriggers(table: string, key: string, refresh: typeof refreshPosts): string[] {
  return [
    trigger(`${table}_extras_insert`, `INSERT ON ${table}`, refresh(`p.id = new.${key}`, `new.${key}`)),
    trigger(`${table}_extras_delete`, `DELETE ON ${table}`, refresh(`p.id = old.${key}`, `old.${key}`)),
    trigger(`${table}_extras_update`, `UPDATE ON ${table}`, [
      ...refresh(`p.id = old.${key}`, `old.${key}`),
      ...refresh(`p.id = new.${key} AND new.${key} <> old.${key}`, `new.${key}`),
    ]),
  ];
}

export function extrasSql(): string[] {
  const mixLink = (where: string, old: string) => refreshMixtapes(where.replaceAll("p.id", "m.id"), old);
  return [
    `CREATE TABLE post_extras (
  post_id INTEGER PRIMARY KEY,
  post_date TEXT NOT NULL,
  is_featured INTEGER NOT NULL DEFAULT 0,
  genres_json TEXT NOT NULL DEFAULT '[]',
  locations_json TEXT NOT NULL DEFAULT '[]',
  tags_json TEXT NOT NULL DEFAULT '[]'
);`,
    `CREATE TABLE mixtape_extras (
  mixtape_id INTEGER PRIMARY KEY,
  release_date TEXT NOT NULL,
  is_featured INTEGER NOT NULL DEFAULT 0,
  genres_json TEXT NOT NULL DEFAULT '[]'
);`,
    trigger("posts_extras_insert", "INSERT ON posts", refreshPosts("p.id = new.id", "new.id")),
    trigger(
      "posts_extras_update",
      "UPDATE OF id, post_date, is_featured ON posts",
      refreshPosts("p.id = new.id", "old.id, new.id"),
    ),
    trigger("posts_extras_delete", "DELETE ON posts", ["DELETE FROM post_extras WHERE post_id = old.id;"]),
    ...linkTriggers("post_genres", "post_id", refreshPosts),
    ...linkTriggers("post_locations", "post_id", refreshPosts),
    ...linkTriggers("post_tags", "post_id", refreshPosts),
    trigger("mixtapes_extras_insert", "INSERT ON mixtapes", refreshMixtapes("m.id = new.id", "new.id")),
    trigger(
      "mixtapes_extras_update",
      "UPDATE OF id, release_date, is_featured ON mixtapes",
      refreshMixtapes("m.id = new.id", "old.id, new.id"),
    ),
    trigger("mixtapes_extras_delete", "DELETE ON mixtapes", [
      "DELETE FROM mixtape_extras WHERE mixtape_id = old.id;",
    ]),
    ...linkTriggers("mixtape_genres", "mixtape_id", mixLink),
    // A renamed genre or location: every item that names it (rare, and as large as the genre).
    trigger("genres_extras_rename", "UPDATE OF name, slug ON genres", [
      ...refreshPosts(
        "p.id IN (SELECT post_id FROM post_genres WHERE genre_id = new.id)",
        "SELECT post_id FROM post_genres WHERE genre_id = new.id",
      ),
      ...refreshMixtapes(
        "m.id IN (SELECT mixtape_id FROM mixtape_genres WHERE genre_id = new.id)",
        "SELECT mixtape_id FROM mixtape_genres WHERE genre_id = new.id",
      ),
    ]),
    trigger(
      "locations_extras_rename",
      "UPDATE OF name, slug ON locations",
      refreshPosts(
        "p.id IN (SELECT post_id FROM post_locations WHERE location_id = new.id)",
        "SELECT post_id FROM post_locations WHERE location_id = new.id",
      ),
    ),
    "-- Fill them from what the store already holds.",
    ...refreshPosts("1", "SELECT NULL WHERE 0").slice(1),
    ...refreshMixtapes("1", "SELECT NULL WHERE 0").slice(1),
  ];
}
