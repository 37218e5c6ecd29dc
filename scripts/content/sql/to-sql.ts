/**
 * Turns the demo catalogue into SQLite statements for migrations/0001_catalogue.sql: one INSERT
 * per row with explicit ids; the triggers of migrations/0004_search_triggers.sql index the
 * published posts and mixtapes as they go in. Every statement is a single line ending in
 * ';', so a seed file can hold one statement per line. Pure TypeScript (also used in workerd).
 */
import type { Catalogue, EntryArtist } from "../types";

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
  if (text.includes("\0")) throw new Error(`NUL in SQL text: ${text.slice(0, 60)}`);
  // Statements are one per line: a line break in a text (a bio's paragraphs) is written as
  // char(10) / char(13) between quoted parts.
  if (!/[\r\n]/.test(text)) return `'${text.replace(/'/g, "''")}'`;
  const parts = text.split(/([\r\n])/).filter((part) => part !== "");
  const quoted = parts.map((part) =>
    part === "\n" ? "char(10)" : part === "\r" ? "char(13)" : `'${part.replace(/'/g, "''")}'`,
  );
  return `(${quoted.join(" || ")})`;
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
  for (const { genre_ids, links, former_slugs, ...artist } of c.artists) {
    add("artists", artist);
    for (const genre_id of genre_ids) add("artist_genres", { artist_id: artist.id, genre_id });
    for (const link of links) add("artist_links", { ...link });
    for (const old_slug of former_slugs) add("artist_redirects", { old_slug, artist_id: artist.id });
  }
  const credit = (table: string, owner: string, id: number, artistIds: number[]) => {
    for (const [position, artist_id] of artistIds.entries()) add(table, { [owner]: id, artist_id, position });
  };
  const entries = (table: string, owner: string, id: number, list: EntryArtist[]) => {
    const taken = new Map<number, number>();
    for (const { entry, artist_id } of list) {
      const position = taken.get(entry) ?? 0;
      taken.set(entry, position + 1);
      add(table, { [owner]: id, entry, artist_id, position });
    }
  };

  for (const { genre_ids, location_ids, tags, artist_ids, ...post } of c.posts) {
    add("posts", post);
    credit("post_artists", "post_id", post.id, artist_ids);
    for (const genre_id of genre_ids) add("post_genres", { post_id: post.id, genre_id });
    for (const location_id of location_ids) add("post_locations", { post_id: post.id, location_id });
    for (const tag of tags) add("post_tags", { post_id: post.id, tag });
  }

  for (const { artist_ids, ...a } of c.aggregatedPosts) {
    add("aggregated_posts", a);
    credit("aggregated_post_artists", "aggregated_post_id", a.id, artist_ids);
  }

  for (const { genre_ids, artist_ids, track_artists, ...mixtape } of c.mixtapes) {
    add("mixtapes", mixtape);
    entries("mixtape_artists", "mixtape_id", mixtape.id, [
      ...artist_ids.map((artist_id) => ({ entry: 0, artist_id })),
      ...track_artists,
    ]);
    for (const genre_id of genre_ids) add("mixtape_genres", { mixtape_id: mixtape.id, genre_id });
  }

  for (const { tracks, purchase_links, artist_ids, track_artists, ...release } of c.releases) {
    add("releases", release);
    for (const track of tracks) add("release_tracks", { ...track });
    for (const link of purchase_links) add("release_purchase_links", { ...link });
    entries("release_artists", "release_id", release.id, [
      ...artist_ids.map((artist_id) => ({ entry: 0, artist_id })),
      ...track_artists,
    ]);
  }

  for (const { lineup_artists, ...e } of c.events) {
    add("events", e);
    entries("event_artists", "event_id", e.id, lineup_artists);
  }

  return out;
}

/** Every row of the catalogue as INSERT statements, parents before children. */
export function catalogueToSql(c: Catalogue): string[] {
  return catalogueRows(c).map(insertSql);
}
