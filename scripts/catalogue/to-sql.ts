/**
 * Turns the demo catalogue into SQLite statements for migrations/0001_catalogue.sql: one INSERT
 * per row with explicit ids; the triggers of migrations/0004_search_triggers.sql index the
 * published posts and mixtapes as they go in. Every statement is a single line ending in
 * ';', so a seed file can hold one statement per line. Pure TypeScript (also used in workerd).
 */
import type { Catalogue } from "./generate";

export { ftsRebuildSql } from "./fts-sql";

type SqlValue = string | number | boolean | null | undefined | object;

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

function insert(table: string, row: Record<string, SqlValue>): string {
  const columns = Object.keys(row);
  const values = columns.map((c) => sqlLiteral(row[c]));
  return `INSERT INTO ${table} (${columns.join(", ")}) VALUES (${values.join(", ")});`;
}

/** Every row of the catalogue as INSERT statements, parents before children. */
export function catalogueToSql(c: Catalogue): string[] {
  const out: string[] = [];
  for (const g of c.genres) out.push(insert("genres", { ...g }));
  for (const l of c.locations) out.push(insert("locations", { ...l }));

  for (const { genre_ids, location_ids, tags, ...post } of c.posts) {
    out.push(insert("posts", post));
    for (const genre_id of genre_ids) out.push(insert("post_genres", { post_id: post.id, genre_id }));
    for (const location_id of location_ids) {
      out.push(insert("post_locations", { post_id: post.id, location_id }));
    }
    for (const tag of tags) out.push(insert("post_tags", { post_id: post.id, tag }));
  }

  for (const a of c.aggregatedPosts) out.push(insert("aggregated_posts", { ...a }));

  for (const { genre_ids, ...mixtape } of c.mixtapes) {
    out.push(insert("mixtapes", mixtape));
    for (const genre_id of genre_ids)
      out.push(insert("mixtape_genres", { mixtape_id: mixtape.id, genre_id }));
  }

  for (const { tracks, purchase_links, ...release } of c.releases) {
    out.push(insert("releases", release));
    for (const track of tracks) out.push(insert("release_tracks", { ...track }));
    for (const link of purchase_links) out.push(insert("release_purchase_links", { ...link }));
  }

  for (const e of c.events) out.push(insert("events", { ...e }));

  return out;
}
