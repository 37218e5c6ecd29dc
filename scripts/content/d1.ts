/**
 * The D1 side of `npm run content`: reading the catalogue out of the tables and writing it in as
 * upserts, through `wrangler d1 execute` on the local state of `npm start` (or `--remote`).
 */
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { getPlatformProxy } from "wrangler";
import { sqlLiteral } from "../catalogue/to-sql";
import type {
  AggregatedPostRecord,
  Catalogue,
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

const EXPORT_SQL = [
  "SELECT id, slug, name FROM genres ORDER BY id",
  "SELECT id, slug, name, type FROM locations ORDER BY id",
  `SELECT p.*, ${IDS("post_genres", "genre_id", "post_id", "p")}, ${IDS("post_locations", "location_id", "post_id", "p")}, ${IDS("post_tags", "tag", "post_id", "p")} FROM posts p ORDER BY p.id`,
  "SELECT * FROM aggregated_posts ORDER BY id",
  `SELECT m.*, ${IDS("mixtape_genres", "genre_id", "mixtape_id", "m")} FROM mixtapes m ORDER BY m.id`,
  "SELECT * FROM releases ORDER BY id",
  "SELECT * FROM release_tracks ORDER BY release_id, track_number, id",
  "SELECT * FROM release_purchase_links ORDER BY release_id, position, id",
  "SELECT * FROM events ORDER BY id",
].join(";\n");

/** The whole catalogue as the tables hold it (drafts included). */
export function readCatalogue(target: Target): Catalogue {
  const [genres, locations, posts, aggregated, mixtapes, releases, tracks, links, events] = query(
    EXPORT_SQL,
    target,
  ) as Row[][] as [Row[], Row[], Row[], Row[], Row[], Row[], Row[], Row[], Row[]];
  return {
    genres: genres.map((g) => ({ id: g.id as number, slug: g.slug as string, name: g.name as string })),
    locations: locations.map((l) => ({
      id: l.id as number,
      slug: l.slug as string,
      name: l.name as string,
      type: l.type as "city",
    })),
    posts: posts.map(({ genre_ids, location_ids, tags, content, is_featured, ...p }) => ({
      ...(p as Omit<PostRecord, "genre_ids" | "location_ids" | "tags" | "content" | "is_featured">),
      content: json<string[]>(content, []),
      is_featured: flag(is_featured),
      genre_ids: json<number[]>(genre_ids, []),
      location_ids: json<number[]>(location_ids, []),
      tags: json<string[]>(tags, []),
    })),
    aggregatedPosts: aggregated.map((a) => ({
      ...(a as unknown as AggregatedPostRecord),
      content: json(a.content, []),
      genres: json(a.genres, []),
      locations: json(a.locations, []),
    })),
    mixtapes: mixtapes.map(({ genre_ids, tracklist, is_featured, ...m }) => ({
      ...(m as Omit<MixtapeRecord, "genre_ids" | "tracklist" | "is_featured">),
      is_featured: flag(is_featured),
      tracklist: json<TracklistEntry[]>(tracklist, []),
      genre_ids: json<number[]>(genre_ids, []),
    })),
    releases: releases.map((r) => ({
      ...(r as unknown as ReleaseRecord),
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
    })),
  };
}

/** Every row's id and key, for settling the ids of files that have none. */
export function readKnownRows(target: Target): KnownRows {
  const [genres, locations, posts, aggregated, mixtapes, releases, events] = query(
    [
      "SELECT id, slug AS key FROM genres",
      "SELECT id, slug AS key FROM locations",
      "SELECT id, slug AS key FROM posts",
      "SELECT id, original_url AS key FROM aggregated_posts",
      "SELECT id, slug AS key FROM mixtapes",
      "SELECT id, slug AS key FROM releases",
      "SELECT id, slug AS key FROM events",
    ].join(";\n"),
    target,
  ) as Array<Array<{ id: number; key: string }>>;
  return { genres, locations, posts, aggregated, mixtapes, releases, events } as KnownRows;
}

/**
 * A SQLite literal (scripts/catalogue/to-sql.ts), but a text with line breaks becomes a
 * concatenation with char(10) / char(13), so each statement stays on one line.
 */
export function literal(value: unknown): string {
  if (typeof value !== "string" || !/[\r\n]/.test(value))
    return sqlLiteral(value as Parameters<typeof sqlLiteral>[0]);
  const parts = value.split(/([\r\n])/).filter((part) => part !== "");
  return `(${parts.map((part) => (part === "\n" ? "char(10)" : part === "\r" ? "char(13)" : sqlLiteral(part))).join(" || ")})`;
}

/** Bytes of SQL per statement: D1 takes statements up to 100 KB. */
const STATEMENT_BYTES = 90_000;

/**
 * Rows written with as few statements as fit (many rows to a VALUES list): SQLite compiles a
 * table's triggers into every statement that writes it, once per statement, which cost more
 * than the rows themselves when each row had its own statement. `upsert`: rows that exist are
 * updated in place (by id).
 */
function writeRows(table: string, rows: Record<string, unknown>[], upsert = false): string[] {
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
    tail = upsert
      ? ` ON CONFLICT(id) DO UPDATE SET ${names
          .filter((c) => c !== "id")
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
  known: Partial<Record<"posts" | "mixtapes" | "releases", ReadonlySet<number>>> = {},
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
  const stored = (kind: "posts" | "mixtapes" | "releases", items: { id: number }[]) =>
    items.map((x) => x.id).filter((id) => known[kind] === undefined || known[kind]?.has(id));
  out.push(
    ...writeRows(
      "genres",
      c.genres.map((g) => ({ ...g })),
      true,
    ),
  );
  out.push(
    ...writeRows(
      "locations",
      c.locations.map((l) => ({ ...l })),
      true,
    ),
  );
  out.push(
    ...writeRows(
      "posts",
      c.posts.map(({ genre_ids, location_ids, tags, ...post }) => staged("posts", post)),
      true,
    ),
  );
  const oldPosts = stored("posts", c.posts);
  for (const link of ["post_genres", "post_locations", "post_tags"])
    out.push(...forIds(oldPosts, (ids) => `DELETE FROM ${link} WHERE post_id IN (${ids});`));
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
      c.aggregatedPosts.map((a) => ({ ...a })),
      true,
    ),
  );
  out.push(
    ...writeRows(
      "mixtapes",
      c.mixtapes.map(({ genre_ids, ...m }) => staged("mixtapes", m)),
      true,
    ),
  );
  out.push(
    ...forIds(
      stored("mixtapes", c.mixtapes),
      (ids) => `DELETE FROM mixtape_genres WHERE mixtape_id IN (${ids});`,
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
      c.releases.map(({ tracks, purchase_links, ...r }) => r),
      true,
    ),
  );
  const oldReleases = stored("releases", c.releases);
  for (const child of ["release_tracks", "release_purchase_links"])
    out.push(...forIds(oldReleases, (ids) => `DELETE FROM ${child} WHERE release_id IN (${ids});`));
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
      c.events.map((e) => ({ ...e })),
      true,
    ),
  );
  // Content before taxonomy, so a pruned genre or location is no longer linked when it goes.
  for (const kind of [
    "posts",
    "aggregated",
    "mixtapes",
    "releases",
    "events",
    "genres",
    "locations",
  ] as Kind[]) {
    const ids = prune[kind] ?? [];
    if (kind === "locations" && ids.length)
      out.push(
        ...forIds(ids, (list) => `UPDATE events SET location_id = NULL WHERE location_id IN (${list});`),
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
