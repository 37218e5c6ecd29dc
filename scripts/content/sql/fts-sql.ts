/**
 * The SQL that fills posts_fts and mixtapes_fts: one row per published post or mixtape
 * (rowid = its id). The same row expressions serve the full rebuild and the triggers of
 * migrations/0004_search_triggers.sql, which keep the index in step with every write
 * (docs/decisions/032-embedded-store-operations.md). Pure TypeScript.
 */
import { foldSql } from "@worker/content/d1/search/fold";

/**
 * How a post's body is stored: "paragraphs", a JSON array of plain texts (migrations 0001 to
 * 0013), or "document", the JSON blocks of core/content/document.ts (0014 on).
 */
export type BodyForm = "paragraphs" | "document";

/**
 * How a description (a mixtape's, an artist's bio) is stored: "text", paragraphs split by blank
 * lines (migrations 0001 to 0015), or "document", the JSON blocks (0016 on).
 */
export type TextForm = "text" | "document";

/** The text of a JSON content column, tolerating malformed JSON in hand-edited rows. */
export const jsonText = (column: string, form: BodyForm) => {
  const json = `CASE WHEN json_valid(${column}) THEN ${column} ELSE '[]' END`;
  return form === "paragraphs"
    ? `COALESCE((SELECT group_concat(value, ' ') FROM json_each(${json})), '')`
    : // Every text of the tree in document order (inline texts, code, captions, embeds' titles),
      // and a plain paragraph left from before the document model.
      `COALESCE((SELECT group_concat(value, ' ') FROM json_tree(${json}) WHERE type = 'text' AND (key IN ('text', 'caption', 'title') OR path = '$')), '')`;
};

const postGenres =
  "COALESCE((SELECT group_concat(g.name, ' ') FROM post_genres pg JOIN genres g ON g.id = pg.genre_id WHERE pg.post_id = p.id), '')";
const postLocations =
  "COALESCE((SELECT group_concat(l.name, ' ') FROM post_locations pl JOIN locations l ON l.id = pl.location_id WHERE pl.post_id = p.id), '')";
const mixGenres =
  "COALESCE((SELECT group_concat(g.name, ' ') FROM mixtape_genres mg JOIN genres g ON g.id = mg.genre_id WHERE mg.mixtape_id = m.id), '')";
const tracklist = `COALESCE((SELECT group_concat(COALESCE(json_extract(value, '$.artist'), '') || ' ' || COALESCE(json_extract(value, '$.title'), ''), ' ') FROM json_each(CASE WHEN json_valid(m.tracklist) THEN m.tracklist ELSE '[]' END)), '')`;

/**
 * Where an index row's SELECT looks for its rows. "status first" is how migrations/0004_search_triggers.sql wrote it:
 * SQLite then reads every published row through the pub_status index to find the few `where`
 * names, once per trigger run (a bulk load of 50,000 posts slowed to 60 a second).
 * "id first" names the rows by id and keeps pub_status off the index (`+`): a rowid lookup.
 */
type Lookup = "status first" | "id first";
const published = (alias: string, where: string, lookup: Lookup) =>
  lookup === "id first"
    ? `${where} AND +${alias}.pub_status = 'published'`
    : `${alias}.pub_status = 'published' AND ${where}`;

/** Index rows of the published posts matching `where` (an extra condition on alias p). */
export function postsFtsInsert(
  where = "1",
  lookup: Lookup = "status first",
  form: BodyForm = "document",
): string {
  return `INSERT INTO posts_fts (rowid, title, artist_name, excerpt, body, genres, locations, folded) SELECT p.id, p.title, COALESCE(p.artist_name, ''), p.excerpt, ${jsonText("p.content", form)}, ${postGenres}, ${postLocations}, ${foldSql(`p.title || ' ' || COALESCE(p.artist_name, '') || ' ' || ${postLocations}`)} FROM posts p WHERE ${published("p", where, lookup)};`;
}

/** Index rows of the published mixtapes matching `where` (an extra condition on alias m). */
export function mixtapesFtsInsert(
  where = "1",
  lookup: Lookup = "status first",
  description: TextForm = "document",
): string {
  const text = description === "document" ? jsonText("m.description", "document") : "m.description";
  return `INSERT INTO mixtapes_fts (rowid, title, artist_name, description, tracklist, genres, folded) SELECT m.id, m.title, COALESCE(m.artist_name, ''), ${text}, ${tracklist}, ${mixGenres}, ${foldSql(`m.title || ' ' || COALESCE(m.artist_name, '') || ' ' || ${tracklist}`)} FROM mixtapes m WHERE ${published("m", where, lookup)};`;
}

/** Rebuilds both indexes from the published rows: for repairs, and after the migration. */
export function ftsRebuildSql(form: BodyForm = "document", description: TextForm = "document"): string[] {
  return [
    "DELETE FROM posts_fts;",
    postsFtsInsert("1", "status first", form),
    "DELETE FROM mixtapes_fts;",
    mixtapesFtsInsert("1", "status first", description),
  ];
}

function trigger(name: string, event: string, body: string[]): string {
  return `CREATE TRIGGER ${name} AFTER ${event} FOR EACH ROW BEGIN\n  ${body.join("\n  ")}\nEND;`;
}

/**
 * Triggers on every table an index row reads: the content row, its genre and location links,
 * and the genre and location names. A row that is not published has no index row, so
 * publishing, unpublishing, editing and deleting all come out right by refreshing.
 */
export function ftsTriggerSql(
  lookup: Lookup = "id first",
  form: BodyForm = "document",
  description: TextForm = "document",
): string[] {
  /** Drops and re-adds the index rows of the posts whose ids `ids` selects. */
  const refreshPosts = (ids: string) => [
    `DELETE FROM posts_fts WHERE rowid IN (${ids});`,
    postsFtsInsert(`p.id IN (${ids})`, lookup, form),
  ];
  const refreshMixtapes = (ids: string) => [
    `DELETE FROM mixtapes_fts WHERE rowid IN (${ids});`,
    mixtapesFtsInsert(`m.id IN (${ids})`, lookup, description),
  ];
  const links = (table: string, column: string, refresh: (ids: string) => string[], prefix: string) => [
    trigger(`${prefix}_fts_insert`, `INSERT ON ${table}`, refresh(`SELECT new.${column}`)),
    trigger(`${prefix}_fts_delete`, `DELETE ON ${table}`, refresh(`SELECT old.${column}`)),
    trigger(
      `${prefix}_fts_update`,
      `UPDATE ON ${table}`,
      refresh(`SELECT old.${column} UNION SELECT new.${column}`),
    ),
  ];
  return [
    trigger("posts_fts_insert", "INSERT ON posts", [postsFtsInsert("p.id = new.id", lookup, form)]),
    trigger("posts_fts_update", "UPDATE ON posts", refreshPosts("SELECT old.id UNION SELECT new.id")),
    trigger("posts_fts_delete", "DELETE ON posts", ["DELETE FROM posts_fts WHERE rowid = old.id;"]),
    ...links("post_genres", "post_id", refreshPosts, "post_genres"),
    ...links("post_locations", "post_id", refreshPosts, "post_locations"),
    trigger("mixtapes_fts_insert", "INSERT ON mixtapes", [
      mixtapesFtsInsert("m.id = new.id", lookup, description),
    ]),
    trigger(
      "mixtapes_fts_update",
      "UPDATE ON mixtapes",
      refreshMixtapes("SELECT old.id UNION SELECT new.id"),
    ),
    trigger("mixtapes_fts_delete", "DELETE ON mixtapes", ["DELETE FROM mixtapes_fts WHERE rowid = old.id;"]),
    ...links("mixtape_genres", "mixtape_id", refreshMixtapes, "mixtape_genres"),
    trigger("genres_fts_rename", "UPDATE OF name ON genres", [
      ...refreshPosts("SELECT post_id FROM post_genres WHERE genre_id = new.id"),
      ...refreshMixtapes("SELECT mixtape_id FROM mixtape_genres WHERE genre_id = new.id"),
    ]),
    trigger(
      "locations_fts_rename",
      "UPDATE OF name ON locations",
      refreshPosts("SELECT post_id FROM post_locations WHERE location_id = new.id"),
    ),
  ];
}

/** migrations/0004_search_triggers.sql as `npx tsx scripts/fts-triggers.ts` writes it. */
export function ftsTriggerMigration(): string {
  return [
    "-- Generated by `npx tsx scripts/fts-triggers.ts` from scripts/content/sql/fts-sql.ts: do not edit.",
    "-- Triggers keep posts_fts and mixtapes_fts in step with every write to the content tables,",
    "-- so a row inserted or edited by hand (wrangler d1 execute) is searchable at once; only",
    "-- published rows are indexed (docs/decisions/032-embedded-store-operations.md).",
    ...ftsTriggerSql("status first", "paragraphs", "text"),
    "-- Catch up with rows written before the triggers existed.",
    ...ftsRebuildSql("paragraphs", "text"),
    "",
  ].join("\n");
}

/** The names of the triggers ftsTriggerSql creates. */
export function ftsTriggerNames(): string[] {
  return ftsTriggerSql().map((sql) => /^CREATE TRIGGER (\w+)/.exec(sql)?.[1] ?? "");
}

/**
 * migrations/0007_flat_lists.sql as `npx tsx scripts/fts-triggers.ts` writes it: the search
 * triggers again with their rows looked up by id, and the list index (scripts/content/sql/list-sql.ts).
 */
export function flatListsMigration(listIndex: string[]): string {
  return [
    "-- Generated by `npx tsx scripts/fts-triggers.ts` from scripts/content/sql/fts-sql.ts and",
    "-- scripts/content/sql/list-sql.ts: do not edit (docs/decisions/071-flat-lists.md).",
    "-- The search triggers of 0004 again, their rows looked up by id instead of through the",
    "-- pub_status index: a trigger run reads a few rows, not every published post.",
    ...ftsTriggerNames().map((name) => `DROP TRIGGER IF EXISTS ${name};`),
    ...ftsTriggerSql("id first", "paragraphs", "text"),
    "-- The list index: every list's members in order, and their counts.",
    ...listIndex,
    "",
  ].join("\n");
}

/**
 * migrations/0014_documents.sql as `npx tsx scripts/fts-triggers.ts` writes it: the bodies of
 * posts and aggregated posts from plain paragraphs to the blocks of core/content/document.ts
 * (each paragraph one paragraph block of one text), and the search triggers reading a body's
 * texts from its tree (docs/decisions/144-one-document-model.md).
 */
export function documentsMigration(): string {
  const paragraphs = (table: string) =>
    `UPDATE ${table} SET content = (SELECT json_group_array(json_object('type', 'paragraph', 'children', json_array(json_object('type', 'text', 'text', value)))) FROM json_each(${table}.content)) WHERE json_valid(content) AND json_type(content) = 'array' AND NOT EXISTS (SELECT 1 FROM json_each(${table}.content) WHERE type <> 'text');`;
  return [
    "-- Generated by `npx tsx scripts/fts-triggers.ts` from scripts/content/sql/fts-sql.ts: do not edit.",
    "-- Bodies as documents (docs/decisions/144-one-document-model.md): every stored paragraph becomes",
    "-- a paragraph block, and the search triggers read the texts of a body's tree.",
    ...ftsTriggerNames().map((name) => `DROP TRIGGER IF EXISTS ${name};`),
    paragraphs("posts"),
    paragraphs("aggregated_posts"),
    ...ftsTriggerSql("id first", "document", "text"),
    "-- The index again from the converted bodies.",
    "DELETE FROM posts_fts;",
    postsFtsInsert("1", "status first", "document"),
    "",
  ].join("\n");
}
