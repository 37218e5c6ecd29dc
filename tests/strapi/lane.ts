import { createRequire } from "node:module";
import { join } from "node:path";

/** A variable scripts/strapi-lane.mjs sets; these suites only run through `npm test -- strapi`. */
export function laneEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run this suite through \`npm test -- strapi\`.`);
  return value;
}

/** The Worker (production build under wrangler dev) whose CMS_URL is the lane's Strapi. */
export const workerUrl = () => laneEnv("WORKER_URL");
/** The lane's Strapi origin. */
export const cmsUrl = () => laneEnv("CMS_URL");

/** A call to Strapi's Content API with the editor token (CMS_EDITOR_TOKEN). */
export async function cmsApi(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${cmsUrl()}/api${path}`, {
    ...init,
    headers: {
      Authorization: `Bearer ${laneEnv("CMS_EDITOR_TOKEN")}`,
      "Content-Type": "application/json",
      ...(init.headers as Record<string, string> | undefined),
    },
  });
}

/**
 * A session token for Strapi's admin API (what the admin panel calls): the lane's admin, registered
 * by whichever suite asks first (a fresh Strapi takes its first admin from anyone), signed in after.
 */
export async function adminToken(): Promise<string> {
  const user = { email: "lane-admin@crossfade.test", password: "Lane-admin-1-password" };
  const registered = await fetch(`${cmsUrl()}/admin/register-admin`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ ...user, firstname: "Lane", lastname: "Admin" }),
  });
  const res = registered.ok
    ? registered
    : await fetch(`${cmsUrl()}/admin/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(user),
      });
  const body = (await res.json()) as { data?: { token?: string } };
  if (!body.data?.token)
    throw new Error(`No admin token from Strapi (${res.status}): ${JSON.stringify(body)}`);
  return body.data.token;
}

/** Strapi's database, whichever the lane runs it on (CMS_DATABASE_URL, else CMS_DATABASE). */
export interface CmsDatabase {
  /** The rows of a query; `?` marks a parameter in either database. */
  all(sql: string, ...params: unknown[]): Promise<Record<string, unknown>[]>;
  get(sql: string, ...params: unknown[]): Promise<Record<string, unknown> | undefined>;
  /** Runs a statement; resolves to the number of rows it changed. */
  run(sql: string, ...params: unknown[]): Promise<number>;
  close(): Promise<void>;
}

interface PgClient {
  connect(): Promise<void>;
  query(
    sql: string,
    params: unknown[],
  ): Promise<{ rows: Record<string, unknown>[]; rowCount: number | null }>;
  end(): Promise<void>;
}
interface SqliteStatement {
  run(...params: unknown[]): { changes: number };
  all(...params: unknown[]): Record<string, unknown>[];
}

/**
 * Strapi's own database, opened with cms/'s driver (pg on Postgres, better-sqlite3 on SQLite):
 * for reading what Strapi stored, and for changing a row behind Strapi's back (no webhook fires)
 * to show what the cache keeps. JSON columns come back parsed on Postgres, as text on SQLite:
 * `json()` reads both.
 */
export async function openCmsDatabase(): Promise<CmsDatabase> {
  const require = createRequire(join(process.cwd(), "cms", "package.json"));
  const url = process.env.CMS_DATABASE_URL;
  if (url) {
    const { Client } = require("pg") as {
      Client: new (options: { connectionString: string; statement_timeout: number }) => PgClient;
    };
    // A lock that never clears fails the statement after 10 s with Postgres' own message, rather
    // than the test's timeout with no word of where it waited.
    const client = new Client({ connectionString: url, statement_timeout: 10_000 });
    await client.connect();
    const query = (sql: string, params: unknown[]) => {
      let n = 0;
      return client.query(
        sql.replace(/\?/g, () => `$${++n}`),
        params,
      );
    };
    return {
      all: async (sql, ...params) => (await query(sql, params)).rows,
      get: async (sql, ...params) => (await query(sql, params)).rows[0],
      run: async (sql, ...params) => (await query(sql, params)).rowCount ?? 0,
      close: () => client.end(),
    };
  }
  const Database = require("better-sqlite3") as new (
    file: string,
  ) => { prepare(sql: string): SqliteStatement; close(): void };
  const db = new Database(laneEnv("CMS_DATABASE"));
  return {
    all: async (sql, ...params) => db.prepare(sql).all(...params),
    get: async (sql, ...params) => db.prepare(sql).all(...params)[0],
    run: async (sql, ...params) => db.prepare(sql).run(...params).changes,
    close: async () => db.close(),
  };
}

/** A JSON column's value: parsed already (Postgres jsonb) or JSON text (SQLite). */
export function json(value: unknown): unknown {
  return typeof value === "string" ? JSON.parse(value) : value;
}

/** The text of the page's first <h1>, tags and React's text separators stripped. */
export function h1Of(html: string): string | undefined {
  const match = html.match(/<h1[^>]*>([\s\S]*?)<\/h1>/);
  return match?.[1]
    ?.replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** Polls `check` until it returns a value other than undefined, or throws after `ms`. */
export async function eventually<T>(
  check: () => Promise<T | undefined>,
  ms: number,
  what: string,
): Promise<T> {
  const deadline = Date.now() + ms;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not happen within ${ms} ms${last ? `: ${String(last)}` : ""}`);
}
