/**
 * The D1 side of `npm run content`: reading the catalogue out of the tables and writing it in as
 * upserts, through `wrangler d1 execute` on the local state of `npm start` (or `--remote`).
 */
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { getPlatformProxy } from "wrangler";
import { embargoed, unembargoed } from "./embargo";
import type { AnyContentKind, Row, UpsertContext } from "./kinds/kind";
import { CONTENT_KINDS } from "./kinds/list";
import type { Kind } from "./parse";
import type { KnownRows } from "./resolve";
import { sqlLiteral } from "./sql/to-sql";
import type { Catalogue } from "./types";

const KINDS = CONTENT_KINDS as readonly AnyContentKind[];

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

/** The whole catalogue as the tables hold it (drafts included): each kind's `exportSql` in one call. */
export function readCatalogue(target: Target): Catalogue {
  const answers = query(KINDS.flatMap((kind) => kind.exportSql).join(";\n"), target);
  const catalogue: Record<string, unknown[]> = {};
  let at = 0;
  for (const kind of KINDS) {
    catalogue[kind.key] = kind.read(answers.slice(at, at + kind.exportSql.length)).map(unembargoed);
    at += kind.exportSql.length;
  }
  return catalogue as unknown as Catalogue;
}

/** Every row's id and key, for settling the ids of files that have none. */
export function readKnownRows(target: Target): KnownRows {
  const answers = query(
    KINDS.map((kind) => `SELECT id, ${kind.keyColumn ?? "slug"} AS key FROM ${kind.table}`).join(";\n"),
    target,
  ) as Array<Array<{ id: number; key: string }>>;
  return Object.fromEntries(KINDS.map((kind, i) => [kind.folder, answers[i]])) as KnownRows;
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

/** Ids per statement when rows are named by id (D1 takes statements up to 100 KB). */
const ID_CHUNK = 1000;

/**
 * Statements that make the tables hold `c`, kind by kind (each kind's `upsert`,
 * scripts/content/kinds/): each item inserted or updated by id (an update fires the search
 * triggers of migrations/0004_search_triggers.sql), its links and child rows replaced. `prune`
 * lists, per kind, ids to delete (items whose file is gone). A new published post or mixtape is
 * written as a draft with its links, then published with the others in a few UPDATEs once every
 * kind is written: the search triggers index it once, where a published row is indexed again
 * with each of its genre and location links (docs/operations.md "Bulk loads"). `known` holds the
 * ids the database already has: those keep their status throughout, so a visitor never misses
 * them, and only theirs have links to replace.
 */
export function upsertSql(
  c: Catalogue,
  prune: Partial<Record<Kind, number[]>> = {},
  known: Partial<Record<Kind, ReadonlySet<number>>> = {},
  now = Date.now(),
): string[] {
  const out: string[] = [];
  const publish = new Map<AnyContentKind, number[]>();
  const credits: UpsertContext["credits"] = (owner, rows) => {
    const taken = new Map<string, number>();
    return rows.map(({ id, entry, artist_id }) => {
      const key = `${id}:${entry ?? 0}`;
      const position = taken.get(key) ?? 0;
      taken.set(key, position + 1);
      return { [owner]: id, ...(entry === undefined ? {} : { entry }), artist_id, position };
    });
  };
  const records = c as unknown as Record<string, unknown[]>;
  for (const kind of KINDS) {
    const folder = kind.folder as Kind;
    const stored = known[folder];
    const ctx: UpsertContext = {
      write: (table, rows, conflictKey) =>
        out.push(
          ...writeRows(table, table === kind.table ? rows.map((r) => embargoed(r, now)) : rows, conflictKey),
        ),
      /** Ids of `items` the database holds already: their old links and child rows go first. */
      replace(items, owner, tables) {
        const ids = items.map((x) => x.id).filter((id) => stored === undefined || stored.has(id));
        for (const table of tables)
          out.push(...forIds(ids, (list) => `DELETE FROM ${table} WHERE ${owner} IN (${list});`));
      },
      staged(plain) {
        const row = embargoed(plain, now);
        if (row.pub_status !== "published" || stored?.has(row.id)) return row;
        publish.set(kind, [...(publish.get(kind) ?? []), row.id]);
        return { ...row, pub_status: "draft" };
      },
      credits,
    };
    kind.upsert(records[kind.key] ?? [], ctx);
  }
  for (const [kind, ids] of publish)
    out.push(
      ...forIds(ids, (list) => `UPDATE ${kind.table} SET pub_status = 'published' WHERE id IN (${list});`),
    );

  // Later kinds first (content before artists and taxonomy), so a pruned artist, genre or
  // location is no longer linked when it goes.
  for (const kind of [...KINDS].reverse()) {
    const ids = prune[kind.folder as Kind] ?? [];
    for (const other of KINDS) {
      const column = other.nullOnDelete?.[kind.folder];
      if (column)
        out.push(
          ...forIds(
            ids,
            (list) => `UPDATE ${other.table} SET ${column} = NULL WHERE ${column} IN (${list});`,
          ),
        );
    }
    out.push(...forIds(ids, (list) => `DELETE FROM ${kind.table} WHERE id IN (${list});`));
  }
  return out;
}

/** The local state's bindings (D1, R2…) through wrangler's platform proxy. */
export function localProxy<Env extends Record<string, unknown>>(target: Target) {
  return getPlatformProxy<Env>({
    configPath: join(ROOT, "wrangler.toml"),
    environment: target.env,
    persist: { path: join(target.persistTo, "v3") },
  });
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
  const proxy = await localProxy<{ DB: LocalD1 }>(target);
  try {
    const db = proxy.env.DB;
    await db.batch(statements.map((sql) => db.prepare(sql)));
  } finally {
    await proxy.dispose();
  }
}
