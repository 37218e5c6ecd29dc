/**
 * Turns the demo catalogue into SQLite statements for migrations/0001_catalogue.sql: one INSERT
 * per row with explicit ids; the triggers of migrations/0004_search_triggers.sql index the
 * published posts and mixtapes as they go in. Every statement is a single line ending in
 * ';', so a seed file can hold one statement per line. Pure TypeScript (also used in workerd).
 */
import type { Catalogue } from "./generate";

export { ftsRebuildSql } from "./fts-sql";

export type SqlValue = string | number | boolean | null | undefined | object;

/** A SQLite literal: strings quoted with single quotes doubled, JSON for arrays and objects. */
export function sqlLiteral(value: SqlValue): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`cannot write ${value} to SQL`);
    return String(value);
  }
  const text = typeof value === "string" ? value : JSON.stringify(value);
  // Statements are one per line; a raw newline in a text column would break that.
  if (/[\r\n\0]/.test(text)) throw new Error(`newline or NUL in SQL text: ${text.slice(0, 60)}`);
  return `'${text.replace(/'/g, "''")}'`;
}

/** One row of one table, its values as to-sql.ts writes them (JSON for arrays and objects). */
export interface TableRow {
  table: string;
  row: Record<string, SqlValue>;
}

/** An INSERT of one row: the columns it names, in its order. */
export function insertSql({ table, row }: TableRow): string {
  const columns = Object.keys(row);
  const values = columns.map((c) => sqlLiteral(row[c]));
  return `INSERT INTO ${table} (${columns.join(", ")}) VALUES (${values.join(", ")});`;
}

/**
 * Every row of the catalogue, table by table, parents before children. Also what
 * tests/worker/store-upgrade.test.ts loads into older schemas, column by column.
 */
export function catalogueRows(c: Catalogue): TableRow[] {
  const out: TableRow[] = [];
  const add = (table: string, row: Record<string, SqlValue>) => out.push({ table, row });
  for (const g of c.genres) add("genres", { ...g });
  for (const l of c.locations) add("locations", { ...l });

  for (const { genre_ids, location_ids, tags, ...post } of c.posts) {
    add("posts", post);
    for (const genre_id of genre_ids) add("post_genres", { post_id: post.id, genre_id });
    for (const location_id of location_ids) add("post_locations", { post_id: post.id, location_id });
    for (const tag of tags) add("post_tags", { post_id: post.id, tag });
  }

  for (const a of c.aggregatedPosts) add("aggregated_posts", { ...a });

  for (const { genre_ids, ...mixtape } of c.mixtapes) {
    add("mixtapes", mixtape);
    for (const genre_id of genre_ids) add("mixtape_genres", { mixtape_id: mixtape.id, genre_id });
  }

  for (const { tracks, purchase_links, ...release } of c.releases) {
    add("releases", release);
    for (const track of tracks) add("release_tracks", { ...track });
    for (const link of purchase_links) add("release_purchase_links", { ...link });
  }

  for (const e of c.events) add("events", { ...e });

  return out;
}

/** Every row of the catalogue as INSERT statements, parents before children. */
export function catalogueToSql(c: Catalogue): string[] {
  return catalogueRows(c).map(insertSql);
}
