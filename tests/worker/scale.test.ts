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

/**
 * Artists beside the demo's, so the artists' sitemap file lists over 500 URLs; their slugs start
 * with many different letters, as names do (a page starts within its first three letters).
 */
const ARTISTS = 1000;

beforeAll(async () => {
  for (const sql of growSql(0, POSTS)) await env.DB.prepare(sql).run();
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${ARTISTS})
     INSERT INTO artists (id, slug, name) SELECT 800000 + i, char(97 + i % 26, 97 + i / 26 % 26, 97 + i * 7 % 26) || '-grown-artist-' || i, 'Grown Artist ' || i FROM n`,
  ).run();
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
    ["the home page", "/"],
    ["the blog's first page", "/blog"],
    ["a deep page of the blog", "/blog?page=180"],
    ["its last page", "/blog?page=206"],
    ["a genre's page", "/blog/genre/techno"],
    ["a tag's page", "/blog/tag/vinyl?page=20"],
    ["the genres", "/genres"],
    ["a post", "/blog/{copy 1234}"],
    ["a deep page of a genre", "/blog/genre/techno?page=12"],
    ["the mixtapes, 100 a page", "/mixtapes"],
    ["a later page of the mixtapes", "/mixtapes?page=5"],
    ["the releases, 100 a page", "/releases"],
    ["a later page of the releases", "/releases?page=5"],
    ["a release", "/releases/{release}"],
    ["a mixtape", "/mixtapes/{mixtape}"],
    ["an event", "/events/{event}"],
    ["an artist", "/artists/jurgen-moller"],
    ["the events", "/events"],
    ["the artists", "/artists"],
    ["a suggestion", "/api/suggest?q=tech"],
    ["a search", "/api/search?q=techno"],
    ["the search page", "/search?q=house"],
    ["a search sorted newest first, filtered", "/api/search?q=house&sort=newest&genre=techno"],
    ["a search by genre without text", "/search?genre=techno"],
    ["a search of featured items without text", "/api/search?featured=true"],
    ["the sitemap index", "/sitemap.xml"],
  ];
  for (const [name, path] of pages) {
    it(`reads at most ${MAX_ROWS} rows for ${name} (${path})`, async () => {
      const copy = await env.DB.prepare("SELECT slug FROM posts WHERE id = 1001234").first<{
        slug: string;
      }>();
      const slugOf = async (table: string) =>
        (await env.DB.prepare(`SELECT slug FROM ${table} WHERE id = 1000345`).first<{ slug: string }>())
          ?.slug ?? "";
      const { status, rows } = await rowsRead(
        path
          .replace("{copy 1234}", copy?.slug ?? "")
          .replace("{release}", await slugOf("releases"))
          .replace("{mixtape}", await slugOf("mixtapes"))
          .replace("{event}", await slugOf("events")),
      );
      expect(status).toBe(200);
      console.log(`${path}: ${rows} rows`);
      expect(rows).toBeLessThanOrEqual(MAX_ROWS);
    });
  }

  it("pages the mixtapes and the releases with links that work without JavaScript", async () => {
    for (const list of ["mixtapes", "releases"]) {
      const total = await env.DB.prepare(
        `SELECT COUNT(*) AS n FROM ${list} WHERE pub_status = 'published'`,
      ).first<{
        n: number;
      }>();
      const last = Math.ceil((total?.n ?? 0) / 100);
      expect(last).toBeGreaterThan(5);
      const second = await rowsRead(`/${list}?page=2`);
      expect(second.status).toBe(200);
      // Every page is a plain link, the last one included: how many pages there are shows.
      expect(second.body).toContain(`href="/${list}?page=${last}"`);
      expect(second.body).toMatch(
        new RegExp(`<a[^>]*href="/${list}"[^>]*rel="prev"|rel="prev"[^>]*href="/${list}"`),
      );
      expect(second.body).toContain(`aria-label="Page ${last}"`);
      const cards = (second.body.match(new RegExp(`href="/${list}/[^"?]+"`, "g")) ?? []).filter(
        (h) => !h.includes("feed.xml"),
      );
      expect(new Set(cards).size).toBe(100);
      const past = await rowsRead(`/${list}?page=${last + 1}`);
      expect(past.status).toBe(404);
    }
    const mixtapes = await rowsRead("/mixtapes?page=2");
    const total = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM mixtapes WHERE pub_status = 'published'",
    ).first<{
      n: number;
    }>();
    expect(mixtapes.body.replace(/<!-- -->/g, "")).toContain(`${total?.n} mixes, newest first.`);
  });

  it("shows a search's capped count as at least that many", async () => {
    const { status, body } = await rowsRead("/search?q=house");
    expect(status).toBe(200);
    const text = body.replace(/<!-- -->/g, "");
    expect(text).toContain("Posts (100+)");
    expect(text).toMatch(/\d+\+ results in \d+ ms/);
  });

  it("lists the most recent past events, and every event in the sitemap", async () => {
    const events = await rowsRead("/events");
    expect(events.body.match(/href="\/events\/[^"]+"/g)?.length ?? 0).toBeLessThanOrEqual(120);
    const sitemap = await rowsRead("/sitemaps/events-1.xml");
    const all = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM events WHERE pub_status = 'published'",
    ).first<{
      n: number;
    }>();
    expect(sitemap.body.match(/<url>/g)?.length).toBe(all?.n);
    expect(all?.n).toBeGreaterThan(500);
  });

  for (const file of ["posts-1", "events-1", "artists-1"]) {
    it(`reads about as many rows for a sitemap child as it lists URLs (/sitemaps/${file}.xml)`, async () => {
      const { status, rows, body } = await rowsRead(`/sitemaps/${file}.xml`);
      expect(status).toBe(200);
      const urls = body.match(/<url>/g)?.length ?? 0;
      expect(urls).toBeGreaterThan(500);
      console.log(`/sitemaps/${file}.xml: ${rows} rows for ${urls} URLs`);
      // A URL reads its row through the date index, and each source page of 1,000 its seek
      // (docs/decisions/105): about a row a URL (three with the list's entries joined, 17 before
      // the list index). An artist's URL is its entry in the list index (bench/decisions/109-framework-floor-loads-modules-like-the-site.md).
      expect(rows).toBeLessThanOrEqual(urls * 1.2);
    });
  }

  it("lists every published artist once in the artists' sitemap file", async () => {
    const { body } = await rowsRead("/sitemaps/artists-1.xml");
    const listed = [...body.matchAll(/<loc>[^<]*\/artists\/([^<]+)<\/loc>/g)].map((m) => m[1]);
    const { results } = await env.DB.prepare(
      "SELECT slug FROM artists WHERE pub_status = 'published' ORDER BY slug",
    ).all<{ slug: string }>();
    expect(listed).toEqual(results.map((r) => r.slug));
  });

  it("links the first and the last page and those around the current one, not every page", async () => {
    const blog = await env.DB.prepare("SELECT n FROM list_counts WHERE level = 0 AND list = 'blog'").first<{
      n: number;
    }>();
    // 3,000 posts and their aggregated posts, 15 a page: a link to each of the 231 pages before.
    const last = Math.ceil((blog?.n ?? 0) / 15);
    expect(last).toBeGreaterThan(200);
    const { status, body } = await rowsRead("/blog?page=180");
    expect(status).toBe(200);
    const linked = [...body.matchAll(/aria-label="Page (\d+)"/g)].map((m) => Number(m[1]));
    expect(linked).toEqual([1, 178, 179, 180, 181, 182, last]);
    expect(body).toContain(`href="/blog?page=${last}"`);
    expect(body).toMatch(
      /<a[^>]*href="\/blog\?page=181"[^>]*rel="next"|rel="next"[^>]*href="\/blog\?page=181"/,
    );
  });

  it("finds, highlights and suggests what only old posts hold, past the newest ids it ranks first", async () => {
    // Ids far below the newest 5,000 (docs/decisions/104): the best older matches fill the
    // places the newest leave, in rank order with them.
    const newest = await env.DB.prepare("SELECT max(id) + 1 AS id FROM posts").first<{ id: number }>();
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO posts (id, slug, title, artist_name, excerpt, content, post_date, pub_status)
         VALUES (900, 'quillwort-house-tapes', 'Quillwort House Tapes', 'Ørjan Vikse', 'From the archive.',
                 '["Recorded in 2012."]', '2012-01-02T10:00:00Z', 'published')`,
      ),
      env.DB.prepare(
        `INSERT INTO posts (id, slug, title, artist_name, excerpt, content, post_date, pub_status)
         VALUES (?1, 'a-new-house-record', 'A New House Record', 'Sølvi Dahl', 'Fresh.',
                 '["It samples the Quillwort tapes."]', '2026-01-02T10:00:00Z', 'published')`,
      ).bind(newest?.id),
    ]);
    try {
      const search = await rowsRead("/api/search?type=posts&q=quillwort%20house");
      expect(search.status).toBe(200);
      expect(search.rows).toBeLessThanOrEqual(MAX_ROWS);
      const body = JSON.parse(search.body) as {
        posts: { total: number; items: { post: { slug: string }; highlights: { title: string } }[] };
      };
      // The old post has both words in its title and ranks first.
      expect(body.posts.items.map((i) => i.post.slug)).toEqual([
        "quillwort-house-tapes",
        "a-new-house-record",
      ]);
      expect(body.posts.items[0]?.highlights.title).toBe("<mark>Quillwort</mark> <mark>House</mark> Tapes");
      const suggest = await rowsRead("/api/suggest?q=quillw");
      expect(suggest.rows).toBeLessThanOrEqual(MAX_ROWS);
      expect(suggest.body).toContain("/blog/quillwort-house-tapes");
    } finally {
      await env.DB.prepare("DELETE FROM posts WHERE id IN (900, ?1)").bind(newest?.id).run();
    }
  });
});
