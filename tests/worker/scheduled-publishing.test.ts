import { env } from "cloudflare:workers";
import { catalogueToSql } from "@scripts/content/sql/to-sql";
import type { Catalogue } from "@scripts/content/types";
import { PAGE_CACHE_STATUS_HEADER } from "@worker/cache/page-cache";
import { meteredD1, newMeter } from "@worker/content/d1/meter";
import { publishDue } from "@worker/content/d1/schedule";
import type { WorkerEnv } from "@worker/env";
import { runScheduled } from "@worker/mail/scheduled";
import { describe, expect, it } from "vitest";
import { visit } from "./helpers";

// Scheduled publishing in the embedded store (docs/decisions/153-scheduled-publishing.md): a
// published post with a publish_at ahead is a draft to visitors until that time, then goes live
// with nobody acting: no import, no purge, no Cron Trigger.

const TOKEN = (env as WorkerEnv).PURGE_TOKEN ?? "";
const BROWSER = {
  "User-Agent":
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36",
};
const demo = JSON.parse(env.TEST_CATALOGUE) as Catalogue;

/** `at` as local time in Berlin's summer offset: what an operator writes in a content file. */
function withOffset(at: number): string {
  return `${new Date(at + 2 * 3600_000).toISOString().slice(0, 19)}+02:00`;
}

/** A post like the demo's first, published from `publishAt`, dated now so it heads every list. */
function scheduledPost(id: number, word: string, publishAt: string) {
  const first = demo.posts[0] as Catalogue["posts"][number];
  return {
    ...first,
    id,
    slug: `${word}-goes-live`,
    title: `The ${word} record goes live`,
    excerpt: `An interview about ${word}, embargoed until its time.`,
    post_date: new Date().toISOString(),
    is_featured: false,
    pub_status: "published" as const,
    publish_at: publishAt,
    artist_ids: [],
  };
}

/** Writes the post the way `npm start`'s seed and the content import write rows, then purges as the import does. */
async function load(post: ReturnType<typeof scheduledPost>) {
  const statements = catalogueToSql({ posts: [post] } as unknown as Catalogue).map((sql) =>
    env.DB.prepare(sql),
  );
  await env.DB.batch(statements);
  const purged = await visit("/api/cache/purge", {
    method: "POST",
    headers: { Authorization: `Bearer ${TOKEN}` },
  });
  expect(purged.status).toBe(200);
}

async function text(path: string) {
  const res = await visit(path, { headers: BROWSER });
  return { status: res.status, body: await res.text(), cache: res.headers.get(PAGE_CACHE_STATUS_HEADER) };
}

/** Every posts sitemap file, joined. */
async function postsSitemap(): Promise<string> {
  let xml = "";
  for (let n = 1; ; n++) {
    const res = await visit(`/sitemaps/posts-${n}.xml`);
    if (res.status === 404) return xml;
    xml += await res.text();
  }
}

/** What a visitor finds of the post everywhere it would be listed. */
async function seen(post: ReturnType<typeof scheduledPost>, word: string) {
  const [page, blog, rss, sitemap, search] = await Promise.all([
    text(`/blog/${post.slug}`),
    text("/blog"),
    text("/rss.xml"),
    postsSitemap(),
    text(`/api/search?q=${word}`),
  ]);
  return {
    page: page.status,
    blog: blog.body.includes(post.title),
    rss: rss.body.includes(`/blog/${post.slug}`),
    sitemap: sitemap.includes(`/blog/${post.slug}<`),
    search: search.body.includes(post.slug),
  };
}

const allVersion = () => env.CACHE.get("version:all");

describe("scheduled publishing", () => {
  it("keeps a post with a publish_at ahead off every page, feed, sitemap and search, then shows it from its time, the cached /blog included", async () => {
    const word = "zephyrine";
    const post = scheduledPost(9001, word, withOffset(Date.now() + 3_000));
    await load(post);
    const stored = await env.DB.prepare("SELECT pub_status, publish_at, publish_due FROM posts WHERE id = ?")
      .bind(post.id)
      .first<{ pub_status: string; publish_at: string; publish_due: string }>();
    expect(stored?.pub_status).toBe("draft");
    expect(stored?.publish_at).toBe(post.publish_at);

    // Before its time: a missing page, and in no list; /blog served from the page cache.
    expect(await seen(post, word)).toEqual({
      page: 404,
      blog: false,
      rss: false,
      sitemap: false,
      search: false,
    });
    expect((await text("/blog")).cache).toBe("hit");
    const before = await allVersion();

    // The time passes; visitors keep asking for /blog, nobody runs anything.
    const due = Date.parse(stored?.publish_due ?? "");
    let live = false;
    let polls = 0;
    while (!live && Date.now() < due + 20_000) {
      await new Promise((r) => setTimeout(r, 250));
      const blog = await text("/blog");
      if (Date.now() < due - 200) expect(blog.body.includes(post.title)).toBe(false);
      live = blog.body.includes(post.title);
      polls++;
    }
    expect(live).toBe(true);
    expect(polls).toBeGreaterThan(1);
    expect(await allVersion()).not.toBe(before);
    expect(await seen(post, word)).toEqual({ page: 200, blog: true, rss: true, sitemap: true, search: true });
    expect((await text(`/blog/${post.slug}`)).body).toContain(post.title);
  });

  it("publishes due items on the Cron Trigger too, and never an item whose time is still ahead", async () => {
    const soon = scheduledPost(9002, "quillwort", withOffset(Date.now() + 1_500));
    const later = scheduledPost(9003, "marramgrass", withOffset(Date.now() + 3_600_000));
    await load(soon);
    await load(later);
    await new Promise((r) => setTimeout(r, 1_600));
    const before = await allVersion();
    await runScheduled(env as WorkerEnv, Date.now());
    const { results } = await env.DB.prepare(
      "SELECT id, pub_status, publish_due FROM posts WHERE id IN (9002, 9003) ORDER BY id",
    ).all<{ id: number; pub_status: string; publish_due: string | null }>();
    expect(results).toEqual([
      { id: 9002, pub_status: "published", publish_due: null },
      { id: 9003, pub_status: "draft", publish_due: new Date(Date.parse(later.publish_at)).toISOString() },
    ]);
    expect(await allVersion()).not.toBe(before);
    expect((await text(`/blog/${soon.slug}`)).status).toBe(200);
    expect((await text(`/blog/${later.slug}`)).status).toBe(404);
  });

  it("finds what is due reading as many rows with 200 more posts in the catalogue", async () => {
    const cost = async () => {
      const meter = newMeter();
      const { published } = await publishDue(meteredD1(env.DB, meter), Date.now());
      expect(published).toBe(0);
      return meter;
    };
    const before = await cost();
    const copies = Array.from({ length: 200 }, (_, i) => ({
      ...(demo.posts[i % demo.posts.length] as Catalogue["posts"][number]),
      id: 20_000 + i,
      slug: `bulk-copy-${i}`,
      artist_ids: [],
    }));
    const statements = catalogueToSql({ posts: copies } as unknown as Catalogue).map((sql) =>
      env.DB.prepare(sql),
    );
    for (let i = 0; i < statements.length; i += 200) await env.DB.batch(statements.slice(i, i + 200));
    const after = await cost();
    expect(after.statements).toBe(7);
    expect(after.rowsRead).toBe(before.rowsRead);
    expect(after.rowsRead).toBeLessThanOrEqual(3 * 7);
  });
});
