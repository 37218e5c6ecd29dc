import { env } from "cloudflare:workers";
import { TEXTS } from "@core/texts";
import { FRESH_MS, STAMP_REUSE_MS } from "@worker/cache/content/content-cache";
import { resetSearchAvailability } from "@worker/content/service";
import { beforeAll, describe, expect, it, vi } from "vitest";
import {
  errorsReportedFor,
  exceptionText,
  throwingD1,
  throwingKv,
  upstream,
  type Visit,
  visitWorker,
} from "./faults";
import { htmlText } from "./helpers";

/**
 * The fault matrix (docs/decisions/018, docs/decisions/018): for each upstream fault and each main route,
 * what the visitor gets, whether anything from the failure was stored in the edge cache, and
 * whether error reporting (the Sentry stand-in) received the error.
 *
 * What a visitor may get (docs/decisions/019, docs/product.md sections 2 and 8):
 *   "content"     200 and the same page or answer as with every source healthy
 *   "page-error"  503 with Retry-After and the page error of docs/product.md section 2 ('Something went wrong' …, 'Refresh Page'), never blank
 *   "unavailable" the API's 503 JSON with a message and empty results (docs/product.md section 8: lists fail to empty),
 *                 or for a feed a plain-text 503 with Retry-After (feed readers come back later)
 */
type Outcome = "content" | "page-error" | "unavailable" | "search-degraded";

interface RouteCase {
  name: string;
  path: () => string;
  kind: "page" | "api" | "feed";
  /** False for answers the edge cache never keeps (anything with visitor text: docs/decisions/013). */
  cached: boolean;
}

const slugs = { post: "", mixtape: "", release: "", event: "" };
const ROUTES: RouteCase[] = [
  { name: "home", path: () => "/", kind: "page", cached: true },
  { name: "blog", path: () => "/blog", kind: "page", cached: true },
  { name: "post", path: () => `/blog/${slugs.post}`, kind: "page", cached: true },
  { name: "mixtapes", path: () => "/mixtapes", kind: "page", cached: true },
  { name: "mixtape", path: () => `/mixtapes/${slugs.mixtape}`, kind: "page", cached: true },
  { name: "releases", path: () => "/releases", kind: "page", cached: true },
  { name: "release", path: () => `/releases/${slugs.release}`, kind: "page", cached: true },
  { name: "events", path: () => "/events", kind: "page", cached: true },
  { name: "event", path: () => `/events/${slugs.event}`, kind: "page", cached: true },
  { name: "api search", path: () => "/api/search?q=techno", kind: "api", cached: true },
  { name: "api suggest", path: () => "/api/suggest?q=techno", kind: "api", cached: true },
  // After the suggestions on purpose: Sentry's Dedupe drops an event identical to the one just
  // before it, and this page and /api/search fail with the very same stack.
  { name: "search page", path: () => "/search?q=techno", kind: "page", cached: true },
  { name: "rss", path: () => "/rss.xml", kind: "feed", cached: true },
  { name: "sitemap", path: () => "/sitemap.xml", kind: "feed", cached: true },
  { name: "event ics", path: () => `/events/${slugs.event}.ics`, kind: "feed", cached: true },
  { name: "mixtape podcast", path: () => "/mixtapes/feed.xml", kind: "feed", cached: true },
  { name: "events calendar", path: () => "/events.ics", kind: "feed", cached: true },
];

interface FaultCase {
  name: string;
  bindings: () => Record<string, unknown>;
  /** Fill the cache and let it go stale before the faulty visit. */
  staleCache?: boolean;
  /** Which routes the fault touches at all; the others must be unaffected. */
  affects: (route: RouteCase) => boolean;
  /** What the visitor gets on an affected route. */
  outcome: (route: RouteCase) => Outcome;
  /** Whether error reporting must receive the error on an affected route. */
  reported: (route: RouteCase) => boolean;
}

const meili = (host: () => string) => () => ({
  MEILISEARCH_HOST: host(),
  MEILISEARCH_SEARCH_KEY: "search-key",
});
const usesSearchService = (r: RouteCase) =>
  r.name === "api search" || r.name === "api suggest" || r.name === "search page";

const FAULTS: FaultCase[] = [
  {
    name: "D1 throwing, nothing cached",
    bindings: () => ({ DB: throwingD1() }),
    affects: () => true,
    // The results page keeps its search form and says search is having trouble (docs/product.md section 8).
    outcome: (r) =>
      r.name === "search page" ? "search-degraded" : r.kind === "page" ? "page-error" : "unavailable",
    reported: () => true,
  },
  {
    name: "D1 throwing, stale entries in the edge cache",
    bindings: () => ({ DB: throwingD1() }),
    staleCache: true,
    affects: () => true,
    outcome: (r) => (r.cached ? "content" : r.kind === "page" ? "page-error" : "unavailable"),
    // A cached route answers at once; the background refresh fails and is reported.
    reported: () => true,
  },
  {
    name: "KV throwing",
    bindings: () => ({ CACHE: throwingKv() }),
    affects: () => true,
    outcome: () => "content",
    reported: (r) => r.cached || r.kind === "api",
  },
  {
    name: "Meilisearch down (connection refused)",
    bindings: meili(() => upstream.refused),
    affects: usesSearchService,
    outcome: () => "content",
    reported: () => true,
  },
  {
    name: "Meilisearch answering 500",
    bindings: meili(upstream.status500),
    affects: usesSearchService,
    outcome: () => "content",
    reported: () => true,
  },
  {
    name: "Meilisearch answering garbage",
    bindings: meili(upstream.garbage),
    affects: usesSearchService,
    outcome: () => "content",
    reported: () => true,
  },
  {
    name: "Meilisearch slower than its 3 s budget",
    bindings: meili(upstream.slow),
    affects: usesSearchService,
    outcome: () => "content",
    reported: () => true,
  },
];

// The CMS faults (down, slow, 500, garbage JSON) have their own matrix: tests/worker/cms-faults.test.ts.

/** Every visit in this file must end within this time: budgets, not hangs. */
const MAX_MS = 6000;

const healthy = new Map<string, Visit>();
const release = () => `fault-${crypto.randomUUID().slice(0, 8)}`;

/** The visitor-visible gist of an answer, to compare a faulty visit with the healthy one. */
function gist(route: RouteCase, visit: Visit): string {
  if (route.kind === "page") return visit.body.match(/<h1[^>]*>([\s\S]*?)<\/h1>/)?.[1] ?? "(no h1)";
  if (route.kind === "api") {
    const body = JSON.parse(visit.body);
    return JSON.stringify(body.suggestions ?? [body.posts?.total, body.mixtapes?.total]);
  }
  return visit.body.replace(/(DTSTAMP|lastBuildDate)[^\n]*/g, "").slice(0, 2000);
}

async function kvSnapshot(prefix: string): Promise<Map<string, string>> {
  const listed = await env.CACHE.list({ prefix });
  const out = new Map<string, string>();
  for (const key of listed.keys) out.set(key.name, (await env.CACHE.get(key.name)) ?? "");
  return out;
}

/** Ages every entry of a release past the fresh window, as if five minutes had gone by. */
async function makeStale(prefix: string) {
  for (const [key, text] of await kvSnapshot(prefix)) {
    const entry = JSON.parse(text) as { t: number; v: unknown };
    await env.CACHE.put(key, JSON.stringify({ t: entry.t - FRESH_MS - 1000, v: entry.v }));
  }
  // The isolate answers its own copy of what the warm-up read for STAMP_REUSE_MS
  // (docs/decisions/039): like a write from another isolate, the stale entries show after that.
  await new Promise((r) => setTimeout(r, STAMP_REUSE_MS));
}

function expectOutcome(route: RouteCase, visit: Visit, outcome: Outcome) {
  expect(visit.body.trim().length, "never a blank answer").toBeGreaterThan(0);
  if (outcome === "content") {
    expect(visit.status).toBe(200);
    expect(gist(route, visit)).toBe(gist(route, healthy.get(route.name) as Visit));
  } else if (outcome === "search-degraded") {
    expect(visit.status).toBe(200);
    expect(visit.headers.get("Cache-Control")).toBe("no-store");
    expect(visit.body).toContain(htmlText(TEXTS.searchDegraded));
  } else if (outcome === "page-error") {
    // The store is down, the page is not broken: 503 and when to come back.
    expect(visit.status).toBe(503);
    expect(visit.headers.get("Retry-After")).toBe("30");
    expect(visit.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(visit.headers.get("Cache-Control")).toBe("no-store");
    for (const text of [TEXTS.pageErrorTitle, TEXTS.refreshPage]) expect(visit.body).toContain(text);
    expect(visit.body).toContain(htmlText(TEXTS.pageErrorBody));
  } else if (route.kind === "feed") {
    expect(visit.status).toBe(503);
    expect(visit.headers.get("Cache-Control")).toBe("no-store");
    expect(visit.headers.get("Retry-After")).toBe("60");
    expect(visit.body).toMatch(/unavailable/i);
  } else {
    expect(visit.status).toBe(503);
    expect(visit.headers.get("Cache-Control")).toBe("no-store");
    const body = JSON.parse(visit.body);
    expect(body.error).toMatch(/unavailable/);
    if ("suggestions" in body) expect(body.suggestions).toEqual([]);
    else expect([body.posts?.total ?? 0, body.mixtapes?.total ?? 0]).toEqual([0, 0]);
  }
}

beforeAll(async () => {
  const first = (table: string) =>
    env.DB.prepare(`SELECT slug FROM ${table} WHERE pub_status = 'published' ORDER BY id LIMIT 1`).first<{
      slug: string;
    }>();
  slugs.post = (await first("posts"))?.slug ?? "";
  slugs.mixtape = (await first("mixtapes"))?.slug ?? "";
  slugs.release = (await first("releases"))?.slug ?? "";
  slugs.event = (await first("events"))?.slug ?? "";
  for (const route of ROUTES) {
    const visit = await visitWorker(route.path(), { APP_VERSION: release() });
    expect(visit.status, `${route.name} is healthy before the faults`).toBe(200);
    healthy.set(route.name, visit);
  }
  // Faulty visits log what they report; the log is not under test here, the stand-in is.
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

describe.each(FAULTS)("$name", (fault) => {
  it.each(ROUTES)(
    "$name: the visitor gets what docs/product.md section 8 promises, nothing failed is cached, the error is reported",
    async (route) => {
      const prefix = release();
      if (fault.staleCache) {
        const warm = await visitWorker(route.path(), { APP_VERSION: prefix });
        expect(warm.status).toBe(200);
        await makeStale(prefix);
      }
      const before = await kvSnapshot(prefix);
      resetSearchAvailability();
      const visit = await visitWorker(route.path(), { ...fault.bindings(), APP_VERSION: prefix });
      expect(visit.ms).toBeLessThan(MAX_MS);

      const affected = fault.affects(route);
      expectOutcome(route, visit, affected ? fault.outcome(route) : "content");

      // Nothing from a failure is stored: the entries under this release are what they were
      // (a refresh lock may appear: it is how a failing source is retried once a minute).
      const after = await kvSnapshot(prefix);
      for (const key of after.keys())
        if (key.includes(":lock:") || key.startsWith("lock:")) after.delete(key);
      if (fault.name.startsWith("D1")) expect(Object.fromEntries(after)).toEqual(Object.fromEntries(before));

      const reports = await errorsReportedFor(visit);
      if (affected && fault.reported(route)) {
        expect(reports.length, "error reporting received the failure").toBeGreaterThan(0);
        expect(reports.map(exceptionText).join("\n")).toMatch(
          /injected fault|Meilisearch|Network|JSON|timed out|abort/i,
        );
      } else if (!affected) {
        expect(reports).toEqual([]);
      }
    },
  );
});
