/// <reference types="node" />
import { spawn } from "node:child_process";
import { join } from "node:path";

/**
 * Where `wrangler d1 execute` runs: the deployed database (`remote`), or a local one (the
 * tests, and `--persist-to` like `npm start`).
 */
export interface WranglerD1Target {
  /** The binding or database name in wrangler.toml (default DB). */
  database?: string;
  remote: boolean;
  /** A named environment of wrangler.toml (`--env production`). */
  env?: string;
  /** Another config file (default: wrangler's own lookup, wrangler.toml here). */
  config?: string;
  /** Local only: the state directory (`--persist-to`). */
  persistTo?: string;
}

/** The arguments of one `wrangler d1 execute … --json --command <sql>`. */
export function executeArgs(target: WranglerD1Target, sql: string): string[] {
  return [
    "d1",
    "execute",
    target.database ?? "DB",
    target.remote ? "--remote" : "--local",
    ...(target.env ? ["--env", target.env] : []),
    ...(target.config ? ["--config", target.config] : []),
    ...(!target.remote && target.persistTo ? ["--persist-to", target.persistTo] : []),
    "--json",
    "--command",
    sql,
  ];
}

type Value = string | number | boolean | null | undefined | bigint | ArrayBuffer | ArrayBufferView;

/** One value as an SQLite literal: `wrangler d1 execute --command` takes no bound parameters. */
export function literal(value: Value): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`Cannot send ${value} to D1`);
    return String(value);
  }
  if (typeof value === "string") return `'${value.replace(/'/g, "''")}'`;
  const bytes = value instanceof ArrayBuffer ? new Uint8Array(value) : new Uint8Array(value.buffer);
  return `X'${Buffer.from(bytes).toString("hex")}'`;
}

/**
 * Puts the parameters into the statement: `?NNN` takes parameter NNN, a bare `?` the next one,
 * as SQLite numbers them. Quoted strings, quoted names and comments are copied untouched.
 */
export function inlineParams(sql: string, params: Value[]): string {
  let out = "";
  let next = 0;
  let i = 0;
  while (i < sql.length) {
    const c = sql[i] as string;
    if (c === "'" || c === '"' || c === "`") {
      const end = sql.indexOf(c, i + 1);
      const stop = end < 0 ? sql.length : end + 1;
      out += sql.slice(i, stop);
      i = stop;
    } else if (c === "-" && sql[i + 1] === "-") {
      const end = sql.indexOf("\n", i);
      const stop = end < 0 ? sql.length : end;
      out += sql.slice(i, stop);
      i = stop;
    } else if (c === "?") {
      const digits = sql.slice(i + 1).match(/^\d+/)?.[0];
      const n = digits ? Number(digits) - 1 : next;
      if (!digits) next++;
      if (n < 0 || n >= params.length) throw new Error(`No parameter ${n + 1} for: ${sql}`);
      out += literal(params[n]);
      i += 1 + (digits?.length ?? 0);
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

interface ExecuteResult {
  results: Record<string, unknown>[];
  success: boolean;
  meta: Record<string, unknown>;
}

/** Runs wrangler and returns the results of each statement; throws with its output on failure. */
export type Execute = (sql: string) => Promise<ExecuteResult[]>;

export function wranglerExecute(target: WranglerD1Target, cwd = process.cwd()): Execute {
  const bin = join(cwd, "node_modules", ".bin", "wrangler");
  return (sql) =>
    new Promise((resolve, reject) => {
      const child = spawn(bin, executeArgs(target, sql), {
        cwd,
        env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let out = "";
      let err = "";
      child.stdout.on("data", (c: Buffer) => {
        out += c.toString("utf8");
      });
      child.stderr.on("data", (c: Buffer) => {
        err += c.toString("utf8");
      });
      child.on("error", reject);
      child.on("close", (code) => {
        const start = out.indexOf("[");
        let parsed: unknown;
        try {
          parsed = start >= 0 ? JSON.parse(out.slice(start)) : undefined;
        } catch {
          parsed = undefined;
        }
        if (code === 0 && Array.isArray(parsed)) resolve(parsed as ExecuteResult[]);
        else
          reject(new Error(`wrangler d1 execute exited with ${code}: ${(err || out).trim().slice(0, 2000)}`));
      });
    });
}

class Statement {
  constructor(
    private readonly db: WranglerD1,
    readonly sql: string,
    readonly params: Value[] = [],
  ) {}
  bind(...params: Value[]) {
    return new Statement(this.db, this.sql, params);
  }
  text() {
    return inlineParams(this.sql, this.params);
  }
  async all<T>() {
    const [result] = await this.db.run([this]);
    return result as unknown as D1Result<T>;
  }
  async run<T>() {
    return this.all<T>();
  }
  async first<T>(column?: string): Promise<T | null> {
    const row = (await this.all<Record<string, unknown>>()).results[0];
    if (!row) return null;
    return (column ? row[column] : row) as T;
  }
  async raw<T>() {
    return (await this.all<Record<string, unknown>>()).results.map((row) => Object.values(row)) as T[];
  }
}

/**
 * As much of D1Database as the content source's reads use (prepare, bind, all, first, raw, run
 * and batch), over `wrangler d1 execute --json`: `npm run search:sync -- --remote` reads the
 * deployed database with the very queries the Worker runs. A batch is one wrangler call, and
 * calls run one at a time (a local database is locked by each; remotely it spares the API).
 */
export class WranglerD1 {
  private queue: Promise<unknown> = Promise.resolve();
  constructor(private readonly execute: Execute) {}
  prepare(sql: string) {
    return new Statement(this, sql);
  }
  async batch(statements: Statement[]) {
    return this.run(statements);
  }
  async run(statements: Statement[]): Promise<ExecuteResult[]> {
    const sql = statements.map((s) => s.text().trim().replace(/;$/, "")).join(";\n");
    const call = this.queue.then(() => this.execute(sql));
    this.queue = call.catch(() => undefined);
    const results = await call;
    if (results.length !== statements.length) {
      throw new Error(`wrangler returned ${results.length} results for ${statements.length} statements`);
    }
    return results;
  }
  /** As a D1Database for the content source (only the methods above exist). */
  asD1(): D1Database {
    return this as unknown as D1Database;
  }
}
