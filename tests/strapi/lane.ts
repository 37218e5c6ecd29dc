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

interface Statement {
  run(...params: unknown[]): { changes: number };
  get(...params: unknown[]): Record<string, unknown> | undefined;
  all(...params: unknown[]): Record<string, unknown>[];
}
export interface SqliteDatabase {
  prepare(sql: string): Statement;
  close(): void;
}

/**
 * Strapi's own SQLite file, opened with cms/'s better-sqlite3: for reading what Strapi stored,
 * and for changing a row behind Strapi's back (no webhook fires) to show what the cache keeps.
 */
export function openCmsDatabase(): SqliteDatabase {
  const require = createRequire(join(process.cwd(), "cms", "package.json"));
  const Database = require("better-sqlite3") as new (file: string) => SqliteDatabase;
  return new Database(laneEnv("CMS_DATABASE"));
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
