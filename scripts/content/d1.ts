/**
 * The D1 side of `npm run content`: reading the catalogue out of the tables and writing it in as
 * upserts, through `wrangler d1 execute` on the local state of `npm start` (or `--remote`).
 */
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { getPlatformProxy } from "wrangler";
import type { Kind } from "./parse";
import type { KnownRows } from "./resolve";
import { sqlLiteral } from "./sql/to-sql";
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
} from "./types";

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

/** A SQLite literal (scripts/content/sql/to-sql.ts): line breaks as char(10), one statement a line. */
export const literal = (value: unknown): string => sqlLiteral(value as Parameters<typeof sqlLiteral>[0]);

/** Bytes of SQL per statement: D1 takes statements up to 100 KB. */
const STATEMENT_BYTES = 90_000;

/**
 * Rows written with as few statements as fit (many rows to a VALUES list): SQLite compiles a
 * table's triggers into every statement that writes it, once per statement, which cost more
 * than the rows themselves when each row had its own statement. `conflictKey`: rows whose key
 * exists are updated in place.
 */
function writeRows(table: string, rows: Record<string, unknown>[], conflictKey?: string): string[] {
  const out: string[] = [];
  let columns = "";
  let values: string[] = [];
  let bytes = 0;
  let tail = "";
  const flush = () => {
    if (values.length) out.push(`INSERT INTO ${table} (${columns}) VALUES ${values.join(", ")}${tail};`);
    values = [];
    bytes = 0;
  };
  for (const row of rows) {
    const names = Object.keys(row);
    const value = `(${names.map((c) => literal(row[c])).join(", ")})`;
    if (names.join(", ") !== columns || bytes + value.length > STATEMENT_BYTES) flush();
    columns = names.join(", ");
    tail = conflictKey
      ? ` ON CONFLICT(${conflictKey}) DO UPDATE SET ${names
          .filter((c) => c !== conflictKey)
          .map((c) => `${c} = excluded.${c}`)
          .join(", ")}`
      : "";
    values.push(value);
    bytes += value.length + 2;
  }
  flush();
  return out;
}

/** One statement per chunk of ids: `sql(list)` with list "1, 2, 3". */
function forIds(ids: number[], sql: (list: string) => string): string[] {
  const out: string[] = [];
  for (let i = 0; i < ids.length; i += ID_CHUNK) out.push(sql(ids.slice(i, i + ID_CHUNK).join(", ")));
  return out;
}

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

/** Ids per statement when rows are named by id (D1 takes statements up to 100 KB). */
const ID_CHUNK = 1000;

/**
 * Statements that make the tables hold `c`: each item inserted or updated by id (an update fires
 * the search triggers of migrations/0004_search_triggers.sql), its links and child rows
 * replaced. `prune` lists, per kind, ids to delete (items whose file is gone). A new published
 * post or mixtape is written as a draft with its links, then published with the others in a few
 * UPDATEs: the search triggers index it once, where a published row is indexed again with each
 * of its genre and location links (docs/operations.md "Bulk loads"). `known` holds the ids the
 * database already has: those keep their status throughout, so a visitor never misses them, and
 * only theirs have links to replace.
 */
export function upsertSql(
  c: Catalogue,
  prune: Partial<Record<Kind, number[]>> = {},
  known: Partial<Record<Kind, ReadonlySet<number>>> = {},
): string[] {
  const out: string[] = [];
  const publish: Record<"posts" | "mixtapes", number[]> = { posts: [], mixtapes: [] };
  /** The row as first written: a new published item as a draft. */
  const staged = <T extends { id: number; pub_status: string }>(kind: "posts" | "mixtapes", row: T): T => {
    if (row.pub_status !== "published" || known[kind]?.has(row.id)) return row;
    publish[kind].push(row.id);
    return { ...row, pub_status: "draft" };
  };
  /** Ids of `items` the database holds already: their old links and child rows go first. */
  const stored = (kind: Kind, items: { id: number }[]) =>
    items.map((x) => x.id).filter((id) => known[kind] === undefined || known[kind]?.has(id));
  /** Deletes the rows of `tables` that belong (by `owner`) to the stored items of `kind`. */
  const replace = (kind: Kind, items: { id: number }[], owner: string, tables: string[]) => {
    const ids = stored(kind, items);
    for (const table of tables)
      out.push(...forIds(ids, (list) => `DELETE FROM ${table} WHERE ${owner} IN (${list});`));
  };
  /** Artist credits of items, in order within each entry (position from 0). */
  const credits = (owner: string, rows: Array<{ id: number; entry?: number; artist_id: number }>) => {
    const taken = new Map<string, number>();
    return rows.map(({ id, entry, artist_id }) => {
      const key = `${id}:${entry ?? 0}`;
      const position = taken.get(key) ?? 0;
      taken.set(key, position + 1);
      return { [owner]: id, ...(entry === undefined ? {} : { entry }), artist_id, position };
    });
  };
  const authors = (id: number, ids: number[]) => ids.map((artist_id) => ({ id, entry: 0, artist_id }));
  const entries = (id: number, rows: Array<{ entry: number; artist_id: number }>) =>
    rows.map((r) => ({ id, ...r }));

  out.push(
    ...writeRows(
      "genres",
      c.genres.map((g) => ({ ...g })),
      "id",
    ),
  );
  out.push(
    ...writeRows(
      "locations",
      c.locations.map((l) => ({ ...l })),
      "id",
    ),
  );
  out.push(
    ...writeRows(
      "artists",
      c.artists.map(({ genre_ids, links, former_slugs, ...a }) => a),
      "id",
    ),
  );
  replace("artists", c.artists, "artist_id", ["artist_genres", "artist_links"]);
  out.push(
    ...writeRows(
      "artist_genres",
      c.artists.flatMap((a) => a.genre_ids.map((genre_id) => ({ artist_id: a.id, genre_id }))),
    ),
  );
  out.push(
    ...writeRows(
      "artist_links",
      c.artists.flatMap((a) => a.links.map(({ id: _id, ...link }) => link)),
    ),
  );
  // A former slug moves to the artist that names it now.
  out.push(
    ...writeRows(
      "artist_redirects",
      c.artists.flatMap((a) => a.former_slugs.map((old_slug) => ({ old_slug, artist_id: a.id }))),
      "old_slug",
    ),
  );

  out.push(
    ...writeRows(
      "posts",
      c.posts.map(({ genre_ids, location_ids, tags, artist_ids, ...post }) => staged("posts", post)),
      "id",
    ),
  );
  replace("posts", c.posts, "post_id", ["post_artists", "post_genres", "post_locations", "post_tags"]);
  out.push(
    ...writeRows(
      "post_artists",
      credits(
        "post_id",
        c.posts.flatMap((p) => p.artist_ids.map((artist_id) => ({ id: p.id, artist_id }))),
      ),
    ),
  );
  out.push(
    ...writeRows(
      "post_genres",
      c.posts.flatMap((p) => p.genre_ids.map((genre_id) => ({ post_id: p.id, genre_id }))),
    ),
  );
  out.push(
    ...writeRows(
      "post_locations",
      c.posts.flatMap((p) => p.location_ids.map((location_id) => ({ post_id: p.id, location_id }))),
    ),
  );
  out.push(
    ...writeRows(
      "post_tags",
      c.posts.flatMap((p) => p.tags.map((tag) => ({ post_id: p.id, tag }))),
    ),
  );

  out.push(
    ...writeRows(
      "aggregated_posts",
      c.aggregatedPosts.map(({ artist_ids, ...a }) => a),
      "id",
    ),
  );
  replace("aggregated", c.aggregatedPosts, "aggregated_post_id", ["aggregated_post_artists"]);
  out.push(
    ...writeRows(
      "aggregated_post_artists",
      credits(
        "aggregated_post_id",
        c.aggregatedPosts.flatMap((a) => a.artist_ids.map((artist_id) => ({ id: a.id, artist_id }))),
      ),
    ),
  );

  out.push(
    ...writeRows(
      "mixtapes",
      c.mixtapes.map(({ genre_ids, artist_ids, track_artists, ...m }) => staged("mixtapes", m)),
      "id",
    ),
  );
  replace("mixtapes", c.mixtapes, "mixtape_id", ["mixtape_artists", "mixtape_genres"]);
  out.push(
    ...writeRows(
      "mixtape_artists",
      credits(
        "mixtape_id",
        c.mixtapes.flatMap((m) => [...authors(m.id, m.artist_ids), ...entries(m.id, m.track_artists)]),
      ),
    ),
  );
  out.push(
    ...writeRows(
      "mixtape_genres",
      c.mixtapes.flatMap((m) => m.genre_ids.map((genre_id) => ({ mixtape_id: m.id, genre_id }))),
    ),
  );
  for (const kind of ["posts", "mixtapes"] as const)
    out.push(
      ...forIds(publish[kind], (ids) => `UPDATE ${kind} SET pub_status = 'published' WHERE id IN (${ids});`),
    );

  out.push(
    ...writeRows(
      "releases",
      c.releases.map(({ tracks, purchase_links, artist_ids, track_artists, ...r }) => r),
      "id",
    ),
  );
  replace("releases", c.releases, "release_id", [
    "release_artists",
    "release_tracks",
    "release_purchase_links",
  ]);
  out.push(
    ...writeRows(
      "release_artists",
      credits(
        "release_id",
        c.releases.flatMap((r) => [...authors(r.id, r.artist_ids), ...entries(r.id, r.track_artists)]),
      ),
    ),
  );
  out.push(
    ...writeRows(
      "release_tracks",
      c.releases.flatMap((r) => r.tracks.map(({ id: _id, ...t }) => t)),
    ),
  );
  out.push(
    ...writeRows(
      "release_purchase_links",
      c.releases.flatMap((r) => r.purchase_links.map(({ id: _id, ...l }) => l)),
    ),
  );

  out.push(
    ...writeRows(
      "events",
      c.events.map(({ lineup_artists, ...e }) => e),
      "id",
    ),
  );
  replace("events", c.events, "event_id", ["event_artists"]);
  out.push(
    ...writeRows(
      "event_artists",
      credits(
        "event_id",
        c.events.flatMap((e) => entries(e.id, e.lineup_artists)),
      ),
    ),
  );

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
    if (kind === "locations")
      for (const table of ["events", "artists"])
        out.push(
          ...forIds(ids, (list) => `UPDATE ${table} SET location_id = NULL WHERE location_id IN (${list});`),
        );
    out.push(...forIds(ids, (list) => `DELETE FROM ${TABLES[kind]} WHERE id IN (${list});`));
  }
  return out;
}

/** What the import uses of the local D1 binding (the Workers types are not in scripts' scope). */
interface LocalD1 {
  prepare(sql: string): unknown;
  batch(statements: unknown[]): Promise<unknown>;
}

/**
 * Executes statements in one batch (one transaction). Locally through wrangler's platform proxy:
 * `wrangler d1 execute --file` splits its file in JavaScript, which took minutes for the 40 MB of
 * a 10,000-post import that D1 itself runs in seconds. Remotely through `wrangler d1 execute
 * --remote --file`, D1's import of a file; every statement stays under D1's 100 KB
 * (docs/operations.md "Bulk loads").
 */
export async function executeStatements(
  statements: string[],
  target: Target,
  name = "content-import.sql",
): Promise<void> {
  const path = join(target.persistTo, name);
  writeFileSync(path, `${statements.join("\n")}\n`, "utf8");
  if (target.remote) return executeFile(path, target);
  const proxy = await getPlatformProxy<{ DB: LocalD1 }>({
    configPath: join(ROOT, "wrangler.toml"),
    environment: target.env,
    persist: { path: join(target.persistTo, "v3") },
  });
  try {
    const db = proxy.env.DB;
    await db.batch(statements.map((sql) => db.prepare(sql)));
  } finally {
    await proxy.dispose();
  }
}
