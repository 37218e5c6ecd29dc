import { createExecutionContext, SELF, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { app } from "@worker/app";
import type { WorkerEnv } from "@worker/env";

/** Sends a request through the Worker's own fetch handler, as a visitor's browser would. */
export function visit(path: string, init?: RequestInit): Promise<Response> {
  return SELF.fetch(`http://localhost${path}`, init);
}

/** The text content of the first match of a simple tag pattern, tags stripped. */
export function firstTagText(html: string, tag: string): string | undefined {
  const match = html.match(new RegExp(`<${tag}[^>]*>([\\s\\S]*?)</${tag}>`));
  return match?.[1]?.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, "");
}

export function metaContent(html: string, key: string): string | undefined {
  const re = new RegExp(`<meta (?:name|property)="${key.replace(/[:.]/g, "\\$&")}" content="([^"]*)"`);
  return html.match(re)?.[1];
}

/** HTML-escapes text the way React does in element content. */
export function htmlText(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/'/g, "&#x27;")
    .replace(/"/g, "&quot;");
}

/**
 * Calls the Worker's Hono app in this isolate with the test bindings. Used for long generated
 * runs: SELF.fetch slows down with every request it has served (pool 0.15.1), app.fetch does not.
 */
export async function callApp(
  path: string,
  init?: RequestInit,
  bindings: Partial<WorkerEnv> = {},
): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(`http://localhost${path}`, init), { ...env, ...bindings }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** A D1 binding that fails every statement, as a database that is down does. */
export function brokenD1(): D1Database {
  return {
    prepare() {
      throw new Error("D1 is down");
    },
    batch() {
      return Promise.reject(new Error("D1 is down"));
    },
  } as unknown as D1Database;
}
