/**
 * The D1 side of `npm run content`: reading the catalogue out of the tables and writing it in as
 * upserts, through `wrangler d1 execute` on the local state of `npm start` (or `--remote`).
 */
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { sqlLiteral } from "../catalogue/to-sql";
import type {
  AggregatedPostRecord,
  ArtistRecord,
  Catalogue,
  EntryArtist,
  EventRecord,
  MixtapeRecord,
  PostRecord,
  ReleaseRecord,
  TracklistEntry,
} from "../catalogue/types";
import type { Kind } from "./parse";
import type { KnownRows } from "./resolve";

export const ROOT = join(import.meta.dirname, "..", "..");

/** Where wrangler works: the local state directory, or the deployed database (`--env` picks one). */
export interface Target {
  remote: boolean;
  /** Local state directory (`--persist-to`), as `npm start` uses: .wrangler/state. */
  persistTo: string;
  /** A named environment of wrangler.toml (staging, production). */
  env?: string;
}

/** Runs wrangler with the target's flags; throws with its output when it fails. */
export function wrangler(args: string[], target: Target): string {
  const where = target.remote ? ["--remote"] : ["--local", "--persist-to", target.persistTo];
  const envArgs = target.env ? ["--env", target.env] : [];
  const result = spawnSync(join(ROOT, "node_modules", ".bin", "wrangler"), [...args, ...where, ...envArgs], {
    cwd: ROOT,
    env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  if (result.status !== 0) {
    const out = `${result.stdout ?? ""}\n${result.stderr ?? ""}`.trim();
    throw new Error(`wrangler ${args.slice(0, 3).join(" ")} failed (exit ${result.status}):\n${out}`);
  }
  return result.stdout;
}

type Row = Record<string, unknown>;

/** Runs `;`-separated SELECTs in one wrangler call; one list of rows per statement. */
export function query(sql: string, target: Target): Row[][] {
  const out = wrangler(["d1", "execute", "DB", "--json", "--command", sql], target);
  const answers = JSON.parse(out.slice(out.indexOf("["))) as Array<{ results: Row[] }>;
  return answers.map((a) => a.results);
}

/** Executes a file of statements. */
export function executeFile(path: string, target: Target): void {
  wrangler(["d1", "execute", "DB", "--file", path, "--yes"], target);
}

const json = <T>(text: unknown, fallback: T): T => {
  if (typeof text !== "string" || text === "") return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};
const flag = (value: unknown) => value === 1 || value === true;

// Join rows are listed in insertion (rowid) order: the order of the file they came from.
const IDS = (table: string, column: string, owner: string, alias: string) =>
  `(SELECT json_group_array(${column}) FROM (SELECT ${column} FROM ${table} WHERE ${owner} = ${alias}.id ORDER BY rowid)) AS ${column}s`;

/** An item's artists (entry 0, in order) as artist_ids; its entries' as `{entry, artist_id}` JSON. */
const ARTIST_IDS = (table: string, owner: string, alias: string, entry = "") =>
  `(SELECT json_group_array(artist_id) FROM (SELECT artist_id FROM ${table} WHERE ${owner} = ${alias}.id${entry ? " AND entry = 0" : ""} ORDER BY position, rowid)) AS artist_ids`;
const ENTRY_ARTISTS = (table: string, owner: string, alias: string, as: string) =>
  `(SELECT json_group_array(json_object('entry', entry, 'artist_id', artist_id)) FROM (SELECT entry, artist_id FROM ${table} WHERE ${owner} = ${alias}.id AND entry > 0 ORDER BY entry, position, rowid)) AS ${as}`;

const EXPORT_SQL = [
  "SELECT id, slug, name FROM genres ORDER BY id",
  "SELECT id, slug, name, type FROM locations ORDER BY id",
  `SELECT a.*, ${IDS("artist_genres", "genre_id", "artist_id", "a")}, (SELECT json_group_array(old_slug) FROM (SELECT old_slug FROM artist_redirects WHERE artist_id = a.id ORDER BY rowid)) AS former_slugs FROM artists a ORDER BY a.id`,
  "SELECT * FROM artist_links ORDER BY artist_id, position, id",
  `SELECT p.*, ${IDS("post_genres", "genre_id", "post_id", "p")}, ${IDS("post_locations", "location_id", "post_id", "p")}, ${IDS("post_tags", "tag", "post_id", "p")}, ${ARTIST_IDS("post_artists", "post_id", "p")} FROM posts p ORDER BY p.id`,
  `SELECT g.*, ${ARTIST_IDS("aggregated_post_artists", "aggregated_post_id", "g")} FROM aggregated_posts g ORDER BY g.id`,
  `SELECT m.*, ${IDS("mixtape_genres", "genre_id", "mixtape_id", "m")}, ${ARTIST_IDS("mixtape_artists", "mixtape_id", "m", "entry")}, ${ENTRY_ARTISTS("mixtape_artists", "mixtape_id", "m", "track_artists")} FROM mixtapes m ORDER BY m.id`,
  `SELECT r.*, ${ARTIST_IDS("release_artists", "release_id", "r", "entry")}, ${ENTRY_ARTISTS("release_artists", "release_id", "r", "track_artists")} FROM releases r ORDER BY r.id`,
  "SELECT * FROM release_tracks ORDER BY release_id, track_number, id",
  "SELECT * FROM release_purchase_links ORDER BY release_id, position, id",
  `SELECT e.*, ${ENTRY_ARTISTS("event_artists", "event_id", "e", "lineup_artists")} FROM events e ORDER BY e.id`,
].join(";\n");

/** The whole catalogue as the tables hold it (drafts included). */
export function readCatalogue(target: Target): Catalogue {
  const [
    genres,
    locations,
    artists,
    artistLinks,
    posts,
    aggregated,
    mixtapes,
    releases,
    tracks,
    links,
    events,
  ] = query(EXPORT_SQL, target) as Row[][] as [
    Row[],
    Row[],
    Row[],
    Row[],
    Row[],
    Row[],
    Row[],
    Row[],
    Row[],
    Row[],
    Row[],
  ];
  return {
    genres: genres.map((g) => ({ id: g.id as number, slug: g.slug as string, name: g.name as string })),
    locations: locations.map((l) => ({
      id: l.id as number,
      slug: l.slug as string,
      name: l.name as string,
      type: l.type as "city",
    })),
    artists: artists.map(({ genre_ids, former_slugs, ...a }) => ({
      ...(a as unknown as Omit<ArtistRecord, "genre_ids" | "former_slugs" | "links">),
      genre_ids: json<number[]>(genre_ids, []),
      links: artistLinks
        .filter((l) => l.artist_id === a.id)
        .map((l) => l as unknown as ArtistRecord["links"][number]),
      former_slugs: json<string[]>(former_slugs, []),
    })),
    posts: posts.map(({ genre_ids, location_ids, tags, content, is_featured, artist_ids, ...p }) => ({
      ...(p as Omit<
        PostRecord,
        "genre_ids" | "location_ids" | "tags" | "content" | "is_featured" | "artist_ids"
      >),
      content: json<string[]>(content, []),
      is_featured: flag(is_featured),
      genre_ids: json<number[]>(genre_ids, []),
      location_ids: json<number[]>(location_ids, []),
      tags: json<string[]>(tags, []),
      artist_ids: json<number[]>(artist_ids, []),
    })),
    aggregatedPosts: aggregated.map((a) => ({
      ...(a as unknown as AggregatedPostRecord),
      content: json(a.content, []),
      genres: json(a.genres, []),
      locations: json(a.locations, []),
      artist_ids: json<number[]>(a.artist_ids, []),
    })),
    mixtapes: mixtapes.map(({ genre_ids, tracklist, is_featured, artist_ids, track_artists, ...m }) => ({
      ...(m as Omit<
        MixtapeRecord,
        "genre_ids" | "tracklist" | "is_featured" | "artist_ids" | "track_artists"
      >),
      is_featured: flag(is_featured),
      tracklist: json<TracklistEntry[]>(tracklist, []),
      genre_ids: json<number[]>(genre_ids, []),
      artist_ids: json<number[]>(artist_ids, []),
      track_artists: json<EntryArtist[]>(track_artists, []),
    })),
    releases: releases.map((r) => ({
      ...(r as unknown as ReleaseRecord),
      artist_ids: json<number[]>(r.artist_ids, []),
      track_artists: json<EntryArtist[]>(r.track_artists, []),
      is_featured: flag(r.is_featured),
      tracks: tracks
        .filter((t) => t.release_id === r.id)
        .map((t) => ({
          ...(t as unknown as ReleaseRecord["tracks"][number]),
          is_primary_track: flag(t.is_primary_track),
          is_featured: flag(t.is_featured),
        })),
      purchase_links: links
        .filter((l) => l.release_id === r.id)
        .map((l) => l as unknown as ReleaseRecord["purchase_links"][number]),
    })),
    events: events.map((e) => ({
      ...(e as unknown as EventRecord),
      lineup: json<string[]>(e.lineup, []),
      is_featured: flag(e.is_featured),
      lineup_artists: json<EntryArtist[]>(e.lineup_artists, []),
    })),
  };
}

/** Every row's id and key, for settling the ids of files that have none. */
export function readKnownRows(target: Target): KnownRows {
  const [genres, locations, artists, posts, aggregated, mixtapes, releases, events] = query(
    [
      "SELECT id, slug AS key FROM genres",
      "SELECT id, slug AS key FROM locations",
      "SELECT id, slug AS key FROM artists",
      "SELECT id, slug AS key FROM posts",
      "SELECT id, original_url AS key FROM aggregated_posts",
      "SELECT id, slug AS key FROM mixtapes",
      "SELECT id, slug AS key FROM releases",
      "SELECT id, slug AS key FROM events",
    ].join(";\n"),
    target,
  ) as Array<Array<{ id: number; key: string }>>;
  return { genres, locations, artists, posts, aggregated, mixtapes, releases, events } as KnownRows;
}

/** A SQLite literal (scripts/catalogue/to-sql.ts): line breaks as char(10), one statement a line. */
export const literal = (value: unknown): string => sqlLiteral(value as Parameters<typeof sqlLiteral>[0]);

function upsert(table: string, row: Record<string, unknown>): string {
  const columns = Object.keys(row);
  const updates = columns.filter((c) => c !== "id").map((c) => `${c} = excluded.${c}`);
  return `INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map((c) => literal(row[c])).join(", ")}) ON CONFLICT(id) DO UPDATE SET ${updates.join(", ")};`;
}

const insert = (table: string, row: Record<string, unknown>) =>
  `INSERT INTO ${table} (${Object.keys(row).join(", ")}) VALUES (${Object.values(row).map(literal).join(", ")});`;

const TABLES: Record<Kind, string> = {
  genres: "genres",
  locations: "locations",
  artists: "artists",
  posts: "posts",
  aggregated: "aggregated_posts",
  mixtapes: "mixtapes",
  releases: "releases",
  events: "events",
};

/**
 * Statements that make the tables hold `c`: each item inserted or updated by id (an update fires
 * the search triggers of migrations/0004_search_triggers.sql), its links and child rows
 * replaced. `prune` lists, per kind, ids to delete (items whose file is gone).
 */
export function upsertSql(c: Catalogue, prune: Partial<Record<Kind, number[]>> = {}): string[] {
  const out: string[] = [];
  for (const g of c.genres) out.push(upsert("genres", { ...g }));
  for (const l of c.locations) out.push(upsert("locations", { ...l }));
  for (const { genre_ids, links, former_slugs, ...artist } of c.artists) {
    out.push(upsert("artists", artist));
    out.push(`DELETE FROM artist_genres WHERE artist_id = ${artist.id};`);
    for (const genre_id of genre_ids) out.push(insert("artist_genres", { artist_id: artist.id, genre_id }));
    out.push(`DELETE FROM artist_links WHERE artist_id = ${artist.id};`);
    for (const { id: _id, ...link } of links) out.push(insert("artist_links", link));
    // A former slug moves to the artist that names it now.
    for (const old_slug of former_slugs)
      out.push(
        `${insert("artist_redirects", { old_slug, artist_id: artist.id }).slice(0, -1)} ON CONFLICT(old_slug) DO UPDATE SET artist_id = excluded.artist_id;`,
      );
  }
  const credits = (
    table: string,
    owner: string,
    id: number,
    rows: Array<{ entry?: number; artist_id: number }>,
  ) => {
    out.push(`DELETE FROM ${table} WHERE ${owner} = ${id};`);
    const taken = new Map<number, number>();
    for (const { entry, artist_id } of rows) {
      const position = taken.get(entry ?? 0) ?? 0;
      taken.set(entry ?? 0, position + 1);
      out.push(
        insert(table, { [owner]: id, ...(entry === undefined ? {} : { entry }), artist_id, position }),
      );
    }
  };
  const authors = (ids: number[]) => ids.map((artist_id) => ({ entry: 0, artist_id }));
  for (const { genre_ids, location_ids, tags, artist_ids, ...post } of c.posts) {
    out.push(upsert("posts", post));
    credits(
      "post_artists",
      "post_id",
      post.id,
      artist_ids.map((artist_id) => ({ artist_id })),
    );
    out.push(`DELETE FROM post_genres WHERE post_id = ${post.id};`);
    for (const genre_id of genre_ids) out.push(insert("post_genres", { post_id: post.id, genre_id }));
    out.push(`DELETE FROM post_locations WHERE post_id = ${post.id};`);
    for (const location_id of location_ids)
      out.push(insert("post_locations", { post_id: post.id, location_id }));
    out.push(`DELETE FROM post_tags WHERE post_id = ${post.id};`);
    for (const tag of tags) out.push(insert("post_tags", { post_id: post.id, tag }));
  }
  for (const { artist_ids, ...a } of c.aggregatedPosts) {
    out.push(upsert("aggregated_posts", a));
    credits(
      "aggregated_post_artists",
      "aggregated_post_id",
      a.id,
      artist_ids.map((artist_id) => ({ artist_id })),
    );
  }
  for (const { genre_ids, artist_ids, track_artists, ...mixtape } of c.mixtapes) {
    out.push(upsert("mixtapes", mixtape));
    credits("mixtape_artists", "mixtape_id", mixtape.id, [...authors(artist_ids), ...track_artists]);
    out.push(`DELETE FROM mixtape_genres WHERE mixtape_id = ${mixtape.id};`);
    for (const genre_id of genre_ids)
      out.push(insert("mixtape_genres", { mixtape_id: mixtape.id, genre_id }));
  }
  for (const { tracks, purchase_links, artist_ids, track_artists, ...release } of c.releases) {
    out.push(upsert("releases", release));
    credits("release_artists", "release_id", release.id, [...authors(artist_ids), ...track_artists]);
    out.push(`DELETE FROM release_tracks WHERE release_id = ${release.id};`);
    for (const { id: _id, ...track } of tracks) out.push(insert("release_tracks", track));
    out.push(`DELETE FROM release_purchase_links WHERE release_id = ${release.id};`);
    for (const { id: _id, ...link } of purchase_links) out.push(insert("release_purchase_links", link));
  }
  for (const { lineup_artists, ...e } of c.events) {
    out.push(upsert("events", e));
    credits("event_artists", "event_id", e.id, lineup_artists);
  }
  // Content before artists and taxonomy, so a pruned artist, genre or location is no longer
  // linked when it goes.
  for (const kind of [
    "posts",
    "aggregated",
    "mixtapes",
    "releases",
    "events",
    "artists",
    "genres",
    "locations",
  ] as Kind[]) {
    const ids = prune[kind] ?? [];
    if (kind === "locations" && ids.length) {
      out.push(`UPDATE events SET location_id = NULL WHERE location_id IN (${ids.join(", ")});`);
      out.push(`UPDATE artists SET location_id = NULL WHERE location_id IN (${ids.join(", ")});`);
    }
    if (ids.length) out.push(`DELETE FROM ${TABLES[kind]} WHERE id IN (${ids.join(", ")});`);
  }
  return out;
}

/** Writes statements to a file under the state directory and executes them. */
export function executeStatements(statements: string[], target: Target, name = "content-import.sql"): void {
  const path = join(target.persistTo, name);
  writeFileSync(path, `${statements.join("\n")}\n`, "utf8");
  executeFile(path, target);
}
