import { env } from "cloudflare:workers";
import { newSession, SESSION_COOKIE, sealSession } from "@worker/admin/session";
import { app } from "@worker/app";
import { PAGE_CACHE_STATUS_HEADER } from "@worker/cache/page-cache";
import type { WorkerEnv } from "@worker/env";
import { recordSession } from "@worker/ops/d1/sessions";
import fc from "fast-check";
import { beforeAll, describe, it, vi } from "vitest";
import { FUZZED_ROUTES, type FuzzedRoute, refusalOf, SHARE, SHARED_KEYS } from "./fuzz-routes";

/**
 * Bad input everywhere (docs/decisions/018, docs/decisions/121): fast-check drives every /api
 * endpoint, and every route of tests/worker/fuzz-routes.ts (each page of app/routes.ts and each
 * GET route of the Hono app) through its path parameters and its query, with the parameters it
 * reads given hostile values. Whatever arrives, the answer is below 500 and comes within a time
 * bound (docs/decisions/019: bad input gets a clear 4xx, never a 500); a 400 says which
 * parameter and what it takes; the page cache keeps only an answer that is the page its URL
 * names. The Hono app is called directly: SELF.fetch slows down with every request it serves.
 * The properties are spread over tests/worker/fuzz-*.test.ts: workerd counts every timer of a
 * test file against one request context (at most 10,000 active), and a file of more than about
 * 8,000 page renders reaches it. Cases per route are a share of FUZZ_RUNS (fuzz-routes.ts).
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
  "1e+24",
  "99999999999999999999999",
  "-99999999999999999999999",
  "Infinity",
  "0x10",
  "1.5",
  "00002",
  "a".repeat(10_000),
  "\t",
  "\n\r",
  "\u007f",
  "\u202e",
  "\uFEFF1",
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
  fc.double().map(String),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
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

/** Numbers past what any parameter takes: a store reading one as it comes fails. */
const hostileNumber = fc.oneof(
  fc.constantFrom("1e+24", "1e309", "-1e309", "99999999999999999999999", "-1", "0", "NaN", "Infinity", "1.5"),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
  fc.double().map(String),
);

/**
 * A query string of known and unknown keys, repeated keys and odd encodings. The route's own
 * `keys` come most often, then `shared` ones (parameters other routes or the page cache read),
 * then any text; values are any text, a hostile number or a value some parameter takes.
 */
export const queryString = (keys: string[], shared: string[] = []): fc.Arbitrary<string> =>
  fc
    .array(
      fc.tuple(
        fc.oneof(
          { arbitrary: fc.constantFrom(...keys), weight: 3 },
          { arbitrary: shared.length ? fc.constantFrom(...shared) : text, weight: 1 },
          { arbitrary: text, weight: 1 },
        ),
        fc.oneof(
          text,
          hostileNumber,
          fc.constantFrom("1", "2", "100", "true", "compact", "light", "interviews", "90", "json"),
        ),
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
  /** The URL sent (path and query), as the Worker saw it. */
  url: string;
  body: string;
  headers: Headers;
}

/**
 * Sends one request and fails the property on a 5xx (but `protocol5xx`, a status a protocol
 * fixes) or a slow answer, naming the input.
 */
export async function safe(path: string, init?: RequestInit, protocol5xx?: number): Promise<Outcome> {
  let url: string;
  try {
    url = new URL(path, "http://localhost").pathname + new URL(path, "http://localhost").search;
  } catch {
    return { status: 0, ms: 0, url: path, body: "", headers: new Headers() }; // not a URL any client could send
  }
  const started = performance.now();
  const res = await call(url, init);
  const body = init?.method === "HEAD" ? "" : await res.text();
  const ms = performance.now() - started;
  if (res.status >= 500 && res.status !== protocol5xx)
    throw new Error(`${init?.method ?? "GET"} ${url} answered ${res.status}: ${body.slice(0, 300)}`);
  if (ms > MAX_MS) throw new Error(`${init?.method ?? "GET"} ${url} took ${Math.round(ms)} ms`);
  return { status: res.status, ms, url, body, headers: res.headers };
}

/** ADMIN_TOKEN of vitest.workers.config.ts: the desk and the admin endpoints are on. */
const ADMIN_TOKEN = (env as WorkerEnv).ADMIN_TOKEN ?? "";

/** The desk's session cookie, made once per test file (as a sign-in would). */
let deskCookie: Promise<string> | undefined;
function sessionCookie(): Promise<string> {
  deskCookie ??= (async () => {
    const session = newSession();
    await recordSession(env.DB, session);
    return `${SESSION_COOKIE}=${await sealSession(ADMIN_TOKEN, session)}`;
  })();
  return deskCookie;
}

/** The request of a route's case: its credentials, if it needs some to get past them. */
async function initOf(row: FuzzedRoute): Promise<RequestInit | undefined> {
  if (row.auth === "session") return { headers: { Cookie: await sessionCookie() } };
  if (row.auth === "bearer") return { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } };
  return undefined;
}

/**
 * A file's first page render also loads the server build, well past MAX_MS on a busy machine:
 * it is rendered once before the properties time their cases.
 */
function warmUp() {
  beforeAll(async () => {
    await (await call("/blog")).text();
  }, 60_000);
}

const runsOf = (share = SHARE) => Math.max(1, Math.round(RUNS * share));

/** Campaign tags and a shared link's moment: no page reads them, the page cache leaves them out. */
const CAMPAIGN = /^(utm_[a-z_]+|fbclid|gclid|dclid|msclkid|mc_cid|mc_eid|t|track)$/i;

/**
 * What every answer of a route must be besides below 500: a 400 says which parameter is wrong and
 * what it takes; an answer the page cache keeps (it says "miss" as it stores it) is a 200 whose
 * URL names only parameters its page reads, each once, besides campaign tags.
 */
function checkAnswer(row: FuzzedRoute, { status, url, body, headers }: Awaited<ReturnType<typeof safe>>) {
  if (status === 400 && !refusalOf(row).test(body))
    throw new Error(
      `${url} answered 400 without saying which parameter and what it takes: ${body.slice(0, 300)}`,
    );
  if (headers.get(PAGE_CACHE_STATUS_HEADER) !== "miss") return;
  const pairs = [...new URL(url, "http://localhost").searchParams];
  const keys = pairs.map(([key]) => key);
  const foreign = keys.find((key) => !row.query.includes(key) && !CAMPAIGN.test(key));
  const repeated = keys.find((key, i) => keys.indexOf(key) !== i && !CAMPAIGN.test(key));
  const unlinked = pairs.find(([key, value]) => row.takes?.[key] && !row.takes[key].test(value));
  const why =
    status !== 200
      ? "it is no page"
      : foreign !== undefined
        ? `its page reads no ${JSON.stringify(foreign)}`
        : repeated !== undefined
          ? `it names ${JSON.stringify(repeated)} twice`
          : unlinked
            ? `no link of the site gives ${unlinked[0]} the value ${JSON.stringify(unlinked[1])}`
            : undefined;
  if (why) throw new Error(`${url} answered ${status} and the page cache kept it, though ${why}`);
}

/** The route-parameter property over the routes `pick` keeps: one file cannot hold them all. */
export function fuzzRouteParams(pick: (row: FuzzedRoute) => boolean) {
  const rows = FUZZED_ROUTES.filter((row) => row.fill && pick(row));
  describe("every route parameter takes any text without a 5xx", () => {
    warmUp();
    it.each(rows.map((row) => [row.route, row] as const))("%s", async (_name, row) => {
      const init = await initOf(row);
      const fill = row.fill as (s: string) => string;
      await fc.assert(
        fc.asyncProperty(segment, async (s) => {
          checkAnswer(row, await safe(fill(s), init, row.protocol5xx));
        }),
        { numRuns: runsOf(row.pathShare) },
      );
    });
  });
}

/**
 * The query property over the routes `pick` keeps: each route that reads parameters with its own
 * (and the shared ones, and any other key); the routes that read none together, in one property
 * of `othersShare` of FUZZ_RUNS.
 */
export function fuzzQueries(pick: (row: FuzzedRoute) => boolean, othersShare = 1) {
  const rows = FUZZED_ROUTES.filter(pick);
  const reading = rows.filter((row) => row.query.length > 0);
  const others = rows.filter((row) => row.query.length === 0);
  describe("every route takes any query string without a 5xx", () => {
    warmUp();
    it.each(reading.map((row) => [row.route, row] as const))("%s", async (_name, row) => {
      const init = await initOf(row);
      await fc.assert(
        fc.asyncProperty(queryString([...row.query], SHARED_KEYS), async (qs) => {
          checkAnswer(row, await safe(`${row.example}?${qs}`, init, row.protocol5xx));
        }),
        { numRuns: runsOf(row.queryShare) },
      );
    });

    if (others.length)
      it(`the ${others.length} routes that read no parameter`, async () => {
        await fc.assert(
          fc.asyncProperty(fc.constantFrom(...others), queryString(SHARED_KEYS), async (row, qs) => {
            checkAnswer(row, await safe(`${row.example}?${qs}`, await initOf(row)));
          }),
          { numRuns: runsOf(othersShare) },
        );
      });
  });
}
