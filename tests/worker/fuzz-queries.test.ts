import { STATIC_PAGES } from "@core/routes";
import fc from "fast-check";
import { describe, it } from "vitest";
import { allowLongProperties, queryString, RUNS, safe } from "./fuzz";

// Bad input everywhere: see tests/worker/fuzz.ts.
allowLongProperties();

/** The loaders that read a query string, with the keys they read (unknown keys are generated too). */
const QUERY_ROUTES: [string, string[]][] = [
  ["/blog", ["category", "page"]],
  ["/blog/tag/techno", ["category", "page"]],
  ["/search", ["q", "page", "genre", "location", "featured", "sort", "type", "size"]],
];
/** Every other page and feed ignores its query string: one property covers them all. */
const OTHER_PAGES = [
  ...STATIC_PAGES.filter((path) => !QUERY_ROUTES.some(([route]) => route === path)),
  "/blog/genre/techno",
  "/rss.xml",
  "/sitemap.xml",
  "/robots.txt",
];

describe("every page takes any query string without a 5xx", () => {
  it.each(QUERY_ROUTES)(`%s (${RUNS} cases)`, async (path, keys) => {
    await fc.assert(
      fc.asyncProperty(queryString(keys), async (qs) => {
        await safe(`${path}?${qs}`);
      }),
      { numRuns: RUNS },
    );
  });

  it(`every other page and feed (${RUNS} cases)`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...OTHER_PAGES), queryString(["page", "q"]), async (path, qs) => {
        await safe(`${path}?${qs}`);
      }),
      { numRuns: RUNS },
    );
  });
});
