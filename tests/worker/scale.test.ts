import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { growSql } from "../../bench/scale-grow.mjs";
import { callApp } from "./helpers";

/**
 * What a request costs the embedded store at an archive's size (docs/decisions/070 and 071):
 * the demo catalogue grown to 3,000 posts with plain SQL (bench/scale-grow.mjs, what
 * `npm run bench -- scale` grows to 100,000), read cold: no KV content cache, no page cache. Rows
 * read do not vary from run to run, so they are asserted, from the Server-Timing header the
 * Worker sends.
 */
const POSTS = 3000;
/** docs/decisions/071: any list page, detail page, search or suggestion. */
const MAX_ROWS = 500;

const cold = { CACHE: undefined, PAGE_CACHE: "off" } as const;

async function rowsRead(path: string): Promise<{ status: number; rows: number; body: string }> {
  const res = await callApp(path, undefined, cold);
  const timing = res.headers.get("Server-Timing") ?? "";
  const rows = Number(/db;[^,]*desc="rows=(\d+)"/.exec(timing)?.[1] ?? Number.NaN);
  return { status: res.status, rows, body: await res.text() };
}

beforeAll(async () => {
  for (const sql of growSql(0, POSTS)) await env.DB.prepare(sql).run();
}, 120_000);

describe(`a store of ${POSTS} posts, cold`, () => {
  it("holds the grown archive, its lists counted", async () => {
    const total = await env.DB.prepare("SELECT n FROM list_counts WHERE level = 0 AND list = 'posts'").first<{
      n: number;
    }>();
    const posts = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM posts WHERE pub_status = 'published'",
    ).first<{ n: number }>();
    expect(total?.n).toBe(posts?.n);
    expect(posts?.n).toBeGreaterThan(POSTS);
  });

  const pages: [string, string][] = [
    ["the blog's first page", "/blog"],
    ["a deep page of the blog", "/blog?page=180"],
    ["its last page", "/blog?page=206"],
    ["a genre's page", "/blog/genre/techno"],
    ["a tag's page", "/blog/tag/vinyl?page=20"],
    ["the genres", "/genres"],
    ["a post", "/blog/{copy 1234}"],
    ["a deep page of a genre", "/blog/genre/techno?page=12"],
    ["a suggestion", "/api/suggest?q=tech"],
    ["a search", "/api/search?q=techno"],
    ["a search sorted newest first, filtered", "/api/search?q=house&sort=newest&genre=techno"],
    ["the search page", "/search?q=house"],
  ];
  for (const [name, path] of pages) {
    it(`reads at most ${MAX_ROWS} rows for ${name} (${path})`, async () => {
      const copy = await env.DB.prepare("SELECT slug FROM posts WHERE id = 1001234").first<{
        slug: string;
      }>();
      const { status, rows } = await rowsRead(path.replace("{copy 1234}", copy?.slug ?? ""));
      expect(status).toBe(200);
      console.log(`${path}: ${rows} rows`);
      expect(rows).toBeLessThanOrEqual(MAX_ROWS);
    });
  }

  // Lists of 100 a page: a few rows an item.
  const heavier: [string, string, number][] = [
    ["the mixtapes, 100 a page", "/mixtapes?page=6", 1000],
    ["the releases, 100 a page, with their tracks", "/releases?page=5", 1500],
  ];
  for (const [name, path, limit] of heavier) {
    it(`reads at most ${limit} rows for ${name} (${path})`, async () => {
      const { status, rows } = await rowsRead(path);
      console.log(`${path}: ${rows} rows`);
      expect(status).toBe(200);
      expect(rows).toBeLessThanOrEqual(limit);
    });
  }

  it("shows a search's capped count as at least that many", async () => {
    const { status, body } = await rowsRead("/search?q=house");
    expect(status).toBe(200);
    const text = body.replace(/<!-- -->/g, "");
    expect(text).toContain("Posts (100+)");
    expect(text).toMatch(/\d+\+ results in \d+ ms/);
  });

  it("reads about as many rows for a sitemap child as it lists URLs", async () => {
    const { status, rows, body } = await rowsRead("/sitemaps/posts-1.xml");
    expect(status).toBe(200);
    const urls = body.match(/<url>/g)?.length ?? 0;
    expect(urls).toBeGreaterThan(POSTS);
    console.log(`/sitemaps/posts-1.xml: ${rows} rows for ${urls} URLs`);
    // A URL reads its list entry and its row, and the join's order: about three rows a URL
    // (before the list index: 17 a URL, 53,634 rows for this file).
    expect(rows).toBeLessThanOrEqual(urls * 3.5);
  });
});
