import { env } from "cloudflare:workers";
import { app } from "@worker/app";
import fc from "fast-check";
import { describe, it, vi } from "vitest";

/**
 * Bad input everywhere (docs/decisions/018, docs/decisions/018): fast-check drives every /api endpoint,
 * every route parameter and the query strings of every page with at least 1000 generated
 * cases each. Whatever arrives, the answer is below 500 and comes within a time bound
 * (docs/decisions/019: bad input gets a clear 4xx, never a 500). The Hono app is called
 * directly: SELF.fetch slows down with every request it serves. The properties are spread over
 * tests/worker/fuzz-*.test.ts: workerd counts every timer of a test file against one request
 * context (at most 10,000 active), and a file of more than about 8,000 page renders reaches it.
 */
export const RUNS = Number(env.FUZZ_RUNS) || 1000;
/** A property of 1000 page renders takes 5-20 s on a shared 2-core machine. */
export function allowLongProperties() {
  vi.setConfig({ testTimeout: 120_000 });
}
/** Per request; the slowest healthy page renders in well under this on a busy machine. */
const MAX_MS = 4000;

/** Text a visitor, a crawler or an attacker might put anywhere in a URL or a body. */
const NASTY = [
  "",
  " ",
  "..",
  "../../etc/passwd",
  "%",
  "%zz",
  "%00",
  "%E0%A4%A",
  "%2e%2e%2f",
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "' OR 1=1 --",
  "\u0000",
  "\uD800",
  "😀".repeat(30),
  "a".repeat(3000),
  "NaN",
  "-1",
  "1e309",
  "__proto__",
  "constructor",
  "null",
  "*",
  "\\",
  "%F0%9F%98%80",
];

export const text = fc.oneof(
  fc.string({ maxLength: 80 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.constantFrom(...NASTY),
  fc.integer({ min: -1_000_000, max: 100_000_000 }).map(String),
);

/**
 * Percent-encodes as a browser would; a lone surrogate (which encodeURIComponent refuses)
 * becomes the bytes of its code unit, itself malformed UTF-8: a good input too.
 */
export function encode(s: string): string {
  let out = "";
  for (const char of s) {
    try {
      out += encodeURIComponent(char);
    } catch {
      const unit = char.charCodeAt(0);
      out += `%${(0xe0 | (unit >> 12)).toString(16)}%${(0x80 | ((unit >> 6) & 63)).toString(16)}%${(0x80 | (unit & 63)).toString(16)}`;
    }
  }
  return out;
}

/** A path segment: usually encoded as a browser would, sometimes raw (malformed escapes kept). */
export const segment = fc.oneof(
  text.map(encode),
  text.map((s) => s.replace(/[/?#]/g, "")),
  fc.constantFrom("%", "%zz", "%E0%A4%A", "%2F", "%2e%2e", "a%00b"),
);

/** A query string of known and unknown keys, repeated keys and odd encodings. */
export const queryString = (keys: string[]) =>
  fc
    .array(
      fc.tuple(
        fc.oneof(fc.constantFrom(...keys), text),
        fc.oneof(text, fc.constantFrom("1", "2", "100", "true")),
      ),
      { maxLength: 6 },
    )
    .chain((pairs) =>
      fc.oneof(
        fc.constant(pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join("&")),
        fc.constant(pairs.map(([k, v]) => `${k}=${v}`.replace(/[#]/g, "")).join("&")),
      ),
    );

export const METHODS = ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"] as const;

/**
 * Calls the Hono app with a plain execution context of our own: over tens of thousands of
 * requests the pool's createExecutionContext() piles up timers in the test's one request
 * context until workerd refuses more (10,000 active).
 */
async function call(url: string, init?: RequestInit): Promise<Response> {
  const pending: Promise<unknown>[] = [];
  const ctx = {
    waitUntil: (p: Promise<unknown>) => void pending.push(p),
    passThroughOnException() {},
    props: {},
  };
  const res = await app.fetch(
    new Request(`http://localhost${url}`, init),
    env,
    ctx as unknown as ExecutionContext,
  );
  await Promise.allSettled(pending);
  return res;
}

interface Outcome {
  status: number;
  ms: number;
}

/** Sends one request and fails the property on a 5xx or a slow answer, naming the input. */
export async function safe(path: string, init?: RequestInit): Promise<Outcome> {
  let url: string;
  try {
    url = new URL(path, "http://localhost").pathname + new URL(path, "http://localhost").search;
  } catch {
    return { status: 0, ms: 0 }; // not a URL any client could send
  }
  const started = performance.now();
  const res = await call(url, init);
  const body = init?.method === "HEAD" ? "" : await res.text();
  const ms = performance.now() - started;
  if (res.status >= 500)
    throw new Error(`${init?.method ?? "GET"} ${url} answered ${res.status}: ${body.slice(0, 300)}`);
  if (ms > MAX_MS) throw new Error(`${init?.method ?? "GET"} ${url} took ${Math.round(ms)} ms`);
  return { status: res.status, ms };
}

/** Every route with a parameter, and how to put visitor text into it (split across files by the timer limit). */
export const ROUTE_PARAMS: [string, (s: string) => string][] = [
  ["/blog/:id", (s) => `/blog/${s}`],
  ["/blog/category/:category", (s) => `/blog/category/${s}`],
  ["/blog/tag/:tag", (s) => `/blog/tag/${s}`],
  ["/blog/genre/:slug", (s) => `/blog/genre/${s}`],
  ["/blog/location/:slug", (s) => `/blog/location/${s}`],
  ["/mixtapes/:id", (s) => `/mixtapes/${s}`],
  ["/releases/:id", (s) => `/releases/${s}`],
  ["/events/:id", (s) => `/events/${s}`],
  ["/events/:id.ics", (s) => `/events/${s}.ics`],
  ["/media/audio/*", (s) => `/media/audio/${s}`],
  ["any other path", (s) => `/${s}/${s}`],
];

/** The route-parameter property over the routes `pick` keeps: one file cannot hold them all. */
export function fuzzRouteParams(pick: (name: string) => boolean) {
  describe("every route parameter takes any text without a 5xx", () => {
    it.each(ROUTE_PARAMS.filter(([name]) => pick(name)))(`%s (${RUNS} cases)`, async (_name, path) => {
      await fc.assert(
        fc.asyncProperty(segment, async (s) => {
          await safe(path(s));
        }),
        { numRuns: RUNS },
      );
    });
  });
}
