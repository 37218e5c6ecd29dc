import { env } from "cloudflare:workers";
import { ftsRebuildSql } from "@scripts/content/sql/to-sql";
import { createD1Search } from "@worker/content/d1/search/search-index";
import type { WorkerEnv } from "@worker/env";
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { callApp, visit } from "./helpers";

const search = createD1Search(env.DB);

interface ApiBody {
  error?: string;
  posts: {
    total: number;
    items: {
      post: {
        slug: string;
        title: string;
        artist: string | null;
        genres: { slug: string }[];
        locations: { slug: string }[];
        isFeatured: boolean;
      };
      highlights: { title: string; artist: string | null; excerpt: string };
    }[];
    facets: {
      genres: { slug: string; count: number }[];
      locations: { slug: string; count: number }[];
      featured: { yes: number; no: number };
    };
  } | null;
  mixtapes: { total: number; items: { mixtape: { slug: string; title: string } }[] } | null;
}

async function api(params: string): Promise<{ status: number; body: ApiBody }> {
  const res = await callApp(`/api/search?${params}`);
  return { status: res.status, body: (await res.json()) as ApiBody };
}

describe("D1 full-text search finds what a visitor means first", () => {
  it("an artist name without its accents ('bjorn astrom' finds Björn Åström)", async () => {
    const result = await search.searchPosts({ query: "bjorn astrom", sortBy: "relevance" });
    expect(result.items[0]?.post.artist).toBe("Björn Åström");
    expect(result.items[0]?.highlights.artist).toBe("<mark>Björn</mark> <mark>Åström</mark>");
  });

  it("a letter Unicode does not decompose ('moller' finds Jürgen Møller)", async () => {
    const result = await search.searchPosts({ query: "jurgen moller", sortBy: "relevance" });
    expect(result.total).toBeGreaterThan(0);
    expect(result.items.every((h) => h.post.artist === "Jürgen Møller")).toBe(true);
  });

  it("a partial word as the visitor types ('techn' finds techno)", async () => {
    const result = await search.searchPosts({ query: "techn", sortBy: "relevance" });
    expect(result.total).toBeGreaterThan(5);
    expect(result.items[0]?.post.genres.some((g) => g.slug.includes("techno"))).toBe(true);
  });

  it("a city puts posts from that city first ('tbilisi')", async () => {
    const result = await search.searchPosts({ query: "tbilisi", sortBy: "relevance" });
    expect(result.items.slice(0, 3).every((h) => h.post.locations.some((l) => l.slug === "tbilisi"))).toBe(
      true,
    );
  });

  it("a genre name ranks that genre's posts first ('footwork')", async () => {
    const result = await search.searchPosts({ query: "footwork", sortBy: "relevance" });
    expect(result.items[0]?.post.genres.map((g) => g.slug)).toContain("footwork");
  });

  it("weights the title above the body", async () => {
    const result = await search.searchPosts({ query: "fishing hut", sortBy: "relevance" });
    expect(result.items[0]?.post.title).toMatch(/fishing hut/i);
    expect(result.items[0]?.highlights.title).toContain("<mark>fishing</mark> <mark>hut</mark>");
  });

  it("sorts newest first unless relevance is asked for", async () => {
    const result = await search.searchPosts({ query: "techno" });
    const dates = result.items.map((h) => h.post.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it("filters OR within a list and AND across lists, with facet counts", async () => {
    const both = await search.searchPosts({ query: "", genres: ["techno", "house"], pageSize: 100 });
    const techno = await search.searchPosts({ query: "", genres: ["techno"], pageSize: 100 });
    expect(both.total).toBeGreaterThan(techno.total);
    expect(
      both.items.every((h) => h.post.genres.some((g) => g.slug === "techno" || g.slug === "house")),
    ).toBe(true);
    const berlinTechno = await search.searchPosts({
      query: "",
      genres: ["techno"],
      locations: ["berlin"],
      pageSize: 100,
    });
    expect(berlinTechno.total).toBeGreaterThan(0);
    expect(berlinTechno.total).toBeLessThan(techno.total);
    for (const h of berlinTechno.items) {
      expect(h.post.genres.map((g) => g.slug)).toContain("techno");
      expect(h.post.locations.map((l) => l.slug)).toContain("berlin");
    }
    // The location facet counts what each city would show with the genre filter kept.
    expect(berlinTechno.facets.locations.find((l) => l.slug === "berlin")?.count).toBe(berlinTechno.total);
    const none = await search.searchPosts({ query: "", genres: [], locations: [] });
    expect(none.total).toBe((await search.searchPosts({ query: "" })).total);
  });

  it("pages 15 at a time by default", async () => {
    const first = await search.searchPosts({ query: "" });
    const second = await search.searchPosts({ query: "", page: 2 });
    expect(first.items).toHaveLength(15);
    expect(first.pageCount).toBe(Math.ceil(first.total / 15));
    expect(second.items[0]?.post.slug).not.toBe(first.items[0]?.post.slug);
  });

  it("never raises on hostile text inside MATCH", async () => {
    for (const q of [
      '"',
      "*",
      "NEAR(a b)",
      "AND",
      "OR NOT",
      "(",
      ")",
      'a" OR "b',
      "title:x",
      "^x",
      "x".repeat(10_240),
      "' OR 1=1 --",
    ]) {
      await expect(search.searchPosts({ query: q })).resolves.toHaveProperty("total");
      await expect(search.searchMixtapes({ query: q })).resolves.toHaveProperty("total");
      await expect(search.suggest(q, 8)).resolves.toBeInstanceOf(Array);
    }
  });

  it("finds mixtapes by a track in their tracklist", async () => {
    const result = await search.searchMixtapes({ query: "" });
    expect(result.total).toBeGreaterThan(0);
    const first = result.items[0]?.mixtape;
    const track = first?.tracklist[0];
    expect(track).toBeDefined();
    const found = await search.searchMixtapes({ query: `${track?.title}`, sortBy: "relevance" });
    expect(found.items.map((h) => h.mixtape.slug)).toContain(first?.slug);
  });

  it("suggests half posts and half mixtapes", async () => {
    const suggestions = await search.suggest("de", 8);
    expect(suggestions.length).toBeLessThanOrEqual(8);
    const posts = suggestions.filter((s) => s.kind === "post").length;
    const mixtapes = suggestions.filter((s) => s.kind === "mixtape").length;
    if (posts >= 4 && mixtapes >= 4) expect([posts, mixtapes]).toEqual([4, 4]);
    expect(suggestions.every((s) => s.href.startsWith(s.kind === "post" ? "/blog/" : "/mixtapes/"))).toBe(
      true,
    );
  });
});

describe("/api/search and /api/suggest", () => {
  it("answers results with highlights, facets and timing", async () => {
    const { status, body } = await api("q=bjorn&sort=relevance");
    expect(status).toBe(200);
    expect(body.posts?.total).toBeGreaterThan(0);
    expect(body.posts?.items[0]?.highlights.title).toContain("<mark>");
    expect(body.posts?.facets.genres.length).toBeGreaterThan(0);
    expect(body).toHaveProperty("posts.processingTimeMs");
  });

  it("refuses bad parameters with 400 and a message", async () => {
    const cases: [string, RegExp][] = [
      [`q=${"a".repeat(201)}`, /at most 200/],
      ["q=a&page=0", /page must be/],
      ["q=a&page=101", /page must be/],
      ["q=a&size=51", /size must be/],
      ["q=a&genre=not-a-genre", /unknown genre/],
      ["q=a&location=..%2Fetc", /unknown location/],
      ["q=a&featured=maybe", /featured must be/],
      ["q=a&sort=random", /sort must be/],
      ["q=a&type=events", /type must be/],
    ];
    for (const [params, message] of cases) {
      const { status, body } = await api(params);
      expect(status, params).toBe(400);
      expect(body.error, params).toMatch(message);
    }
    const suggest = await visit(`/api/suggest?q=ab&limit=9`);
    expect(suggest.status).toBe(400);
    expect(((await suggest.json()) as ApiBody).error).toMatch(/limit must be/);
  });

  it("suggests only from two trimmed characters", async () => {
    const one = (await (await visit("/api/suggest?q=%20d%20")).json()) as { suggestions: unknown[] };
    expect(one.suggestions).toEqual([]);
    const two = (await (await visit("/api/suggest?q=de&limit=8")).json()) as { suggestions: unknown[] };
    expect(two.suggestions.length).toBeGreaterThan(0);
  });

  it("answers the same normalised question from the edge cache until a purge", async () => {
    const first = await api("q=Lagos&genre=afro-house&genre=house");
    expect(first.body.posts?.total).toBeGreaterThan(0);
    // The index loses every Lagos post; the cached answer is still what visitors get...
    await env.DB.prepare("DELETE FROM posts_fts WHERE posts_fts MATCH 'lagos'").run();
    const again = await api("genre=house&genre=afro-house&q=%20lAgOs%20");
    expect(again.body.posts?.total).toBe(first.body.posts?.total);
    // ...until the search group is purged.
    const purge = await visit("/api/cache/purge", {
      method: "POST",
      headers: {
        Authorization: `Bearer ${(env as WorkerEnv).PURGE_TOKEN}`,
        "Content-Type": "application/json",
      },
      body: JSON.stringify({ groups: ["search"] }),
    });
    expect(purge.status).toBe(200);
    const after = await api("q=lagos&genre=afro-house&genre=house");
    expect(after.body.posts?.total).toBe(0);
    for (const sql of ftsRebuildSql()) await env.DB.prepare(sql).run();
  });

  it("falls back to D1 FTS5 when Meilisearch is down, without the visitor noticing", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    // Port 9 (discard) on loopback refuses connections: the search service is down.
    const down = { MEILISEARCH_HOST: "http://127.0.0.1:9", MEILISEARCH_SEARCH_KEY: "public" };
    const res = await callApp("/api/search?q=tbilisi&type=posts", undefined, down);
    expect(res.status).toBe(200);
    const body = (await res.json()) as ApiBody;
    expect(body.posts?.total).toBeGreaterThan(0);
    expect(body.posts?.items[0]?.highlights.title).toContain("<mark>");
    const page = await callApp("/search?q=tbilisi", undefined, down);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<mark>Tbilisi</mark>");
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining("Search service unavailable"),
      expect.anything(),
    );
    warn.mockRestore();
  });

  it("never answers 5xx for generated queries (fast-check, 1000 runs each)", async () => {
    const text = fc.oneof(
      fc.string({ maxLength: 260 }),
      fc.string({ unit: "binary", maxLength: 60 }),
      fc.constantFrom('"', "*", "NEAR", "AND (", "<script>alert(1)</script>", "%", "\\"),
    );
    await fc.assert(
      fc.asyncProperty(
        text,
        fc.integer({ min: -5, max: 200 }),
        fc.constantFrom("", "techno", "x,y", "berlin"),
        async (q, page, taxon) => {
          const params = new URLSearchParams({ q, page: String(page), genre: taxon });
          const res = await callApp(`/api/search?${params}`);
          await res.arrayBuffer();
          expect(res.status).toBeLessThan(500);
        },
      ),
      { numRuns: 1000 },
    );
    await fc.assert(
      fc.asyncProperty(text, fc.string({ maxLength: 4 }), async (q, limit) => {
        const res = await callApp(`/api/suggest?${new URLSearchParams({ q, limit })}`);
        await res.arrayBuffer();
        expect(res.status).toBeLessThan(500);
      }),
      { numRuns: 1000 },
    );
  }, 120_000);
});

describe("the search page's data carries what its result cards show (docs/decisions/048)", () => {
  it("every hit is listed, without the fields no card shows; mixtapes only on the first page, six at most", async () => {
    // "mix" finds every mixtape (their titles) and some posts.
    const { body } = await api("q=mix&sort=relevance");
    expect(body.mixtapes?.total).toBeGreaterThan(6);
    const page = await visit("/search?q=mix&sort=relevance");
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const { post } of body.posts?.items ?? []) expect(html).toContain(`href="/blog/${post.slug}"`);
    const mixtapeLinks = new Set(html.match(/href="\/mixtapes\/[a-z0-9-]+"/g));
    expect(mixtapeLinks.size).toBe(6);
    for (const { mixtape } of body.mixtapes?.items.slice(0, 6) ?? [])
      expect(mixtapeLinks).toContain(`href="/mixtapes/${mixtape.slug}"`);

    const data = await (await visit("/search.data?q=mix&sort=relevance")).text();
    // Fields of posts and mixtapes that no card shows are not in the page's data.
    for (const key of ["downloadUrl", "releaseDate", "tags"]) expect(data).not.toContain(`"${key}"`);
    const mixtapeSlugs = body.mixtapes?.items.map((i) => i.mixtape.slug) ?? [];
    expect(mixtapeSlugs.filter((slug) => data.includes(`"${slug}"`))).toHaveLength(6);

    const second = await (await visit("/search.data?q=mix&sort=relevance&page=2")).text();
    expect(mixtapeSlugs.filter((slug) => second.includes(`"${slug}"`))).toHaveLength(0);
  });
});
