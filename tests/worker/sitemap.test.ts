import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { STATIC_PAGES } from "@core/routes";
import { createContentService } from "@worker/content/service";
import type { WorkerEnv } from "@worker/env";
import { parseSitemapFile, sitemapChildXml, sitemapFiles, sitemapIndexXml } from "@worker/feeds/sitemap";
import { describe, expect, it, vi } from "vitest";
import { callApp, visit } from "./helpers";

const SITE = "http://localhost:8787";
const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? "");

/** Every URL a search engine finds by following the index, in order, repeats kept. */
async function crawl(perFile?: number): Promise<{ files: string[]; urls: string[]; xml: string }> {
  const catalogue = createContentService(env as WorkerEnv, createExecutionContext()).catalogue;
  const index = await sitemapIndexXml(catalogue, SITE, perFile);
  const files = locsOf(index);
  let xml = "";
  for (const loc of files) {
    const file = parseSitemapFile(loc.replace(`${SITE}/sitemaps/`, ""));
    if (!file) throw new Error(`not a sitemap file: ${loc}`);
    const child = await sitemapChildXml(catalogue, SITE, file, perFile);
    if (child === null) throw new Error(`empty sitemap file: ${loc}`);
    expect(locsOf(child).length).toBeLessThanOrEqual(perFile ?? 50_000);
    xml += child;
  }
  return { files, urls: locsOf(xml), xml };
}

async function published(table: string, base: string): Promise<string[]> {
  const { results } = await env.DB.prepare(`SELECT slug FROM ${table} WHERE pub_status = 'published'`).all<{
    slug: string;
  }>();
  return results.map((r) => `${SITE}${base}${r.slug}`);
}

describe("the sitemap index", () => {
  it("is /sitemap.xml, and robots.txt points at it", async () => {
    const res = await visit("/sitemap.xml");
    expect(res.status).toBe(200);
    const xml = await res.text();
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locsOf(xml)).toEqual(
      ["pages-1", "posts-1", "mixtapes-1", "releases-1", "events-1", "artists-1"].map(
        (f) => `${SITE}/sitemaps/${f}.xml`,
      ),
    );
    expect(await (await visit("/robots.txt")).text()).toContain(`Sitemap: ${SITE}/sitemap.xml`);
  });

  it("serves each child with lastmod on dated items, and 404 past the last file", async () => {
    const res = await visit("/sitemaps/posts-1.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/application\/xml/);
    expect(await res.text()).toMatch(
      /<url><loc>[^<]+\/blog\/[^<]+<\/loc><lastmod>\d{4}-\d\d-\d\d<\/lastmod><\/url>/,
    );
    for (const path of [
      "/sitemaps/posts-2.xml",
      "/sitemaps/drafts-1.xml",
      "/sitemaps/posts-0.xml",
      "/sitemaps/posts.xml",
    ]) {
      expect((await visit(path)).status, path).toBe(404);
    }
  });

  it("with 10 URLs a file, splits every kind and lists every published URL exactly once", async () => {
    const small = await crawl(10);
    const posts = await published("posts", "/blog/");
    expect(small.files.filter((f) => f.includes("/posts-"))).toHaveLength(Math.ceil(posts.length / 10));
    expect(small.files.length).toBeGreaterThan(10);
    const counts = new Map<string, number>();
    for (const url of small.urls) counts.set(url, (counts.get(url) ?? 0) + 1);
    expect([...counts].filter(([, n]) => n > 1)).toEqual([]);

    const expected = [
      ...STATIC_PAGES.map((p) => `${SITE}${p}`),
      ...posts,
      ...(await published("mixtapes", "/mixtapes/")),
      ...(await published("releases", "/releases/")),
      ...(await published("events", "/events/")),
      ...(await published("artists", "/artists/")),
    ];
    for (const url of expected) expect(counts.get(url), url).toBe(1);
    const drafts = await env.DB.prepare("SELECT slug FROM posts WHERE pub_status <> 'published'").all<{
      slug: string;
    }>();
    for (const { slug } of drafts.results) expect(counts.has(`${SITE}/blog/${slug}`)).toBe(false);

    // The same URLs as one file per kind.
    const whole = await crawl();
    expect([...whole.urls].sort()).toEqual([...small.urls].sort());
  });

  it("names one file per kind when each kind fits in one", async () => {
    const catalogue = createContentService(env as WorkerEnv, createExecutionContext()).catalogue;
    const files = await sitemapFiles(catalogue, 1000);
    expect(files).toEqual(["pages-1", "posts-1", "mixtapes-1", "releases-1", "events-1", "artists-1"]);
  });

  it("answers 503 with Retry-After, index and files alike, when the source fails", async () => {
    const quiet = [vi.spyOn(console, "warn"), vi.spyOn(console, "error")].map((s) =>
      s.mockImplementation(() => {}),
    );
    // Port 9 (discard) on loopback refuses connections: the CMS is down, nothing is cached.
    const down = { CMS_URL: "http://127.0.0.1:9/api", CMS_TIMEOUT_MS: "150", APP_VERSION: "sitemap-down" };
    for (const path of ["/sitemap.xml", "/sitemaps/posts-1.xml", "/sitemaps/pages-1.xml"]) {
      const res = await callApp(path, undefined, down);
      expect(res.status, path).toBe(503);
      expect(res.headers.get("Retry-After"), path).toBe("30");
      expect(res.headers.get("Cache-Control"), path).toBe("no-store");
    }
    for (const spy of quiet) spy.mockRestore();
  });
});
