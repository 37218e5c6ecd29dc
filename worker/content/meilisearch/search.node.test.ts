import type { Post, SearchIndex } from "@core/content/types";
import { startMeilisearchStandIn } from "@tests/stand-ins/meilisearch";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createFailoverSearch, newAvailability } from "../search-failover";
import { postToDocument } from "./documents";
import { createMeiliSearch } from "./search";

const post = (slug: string, title: string, artist: string, genres: string[], featured = false): Post => ({
  id: slug,
  numericId: slug.length,
  slug,
  title,
  artist,
  excerpt: `${title} excerpt`,
  content: ["body"],
  date: "2026-01-02T10:00:00.000Z",
  category: "news",
  tags: [],
  genres: genres.map((g) => ({ slug: g, name: g[0]?.toUpperCase() + g.slice(1) })),
  locations: [{ slug: "berlin", name: "Berlin" }],
  coverImage: null,
  isFeatured: featured,
  audio: null,
});

const POSTS = [
  post("bjork-live", "Björk live in Berlin", "Björk", ["ambient"], true),
  post("techno-night", "A techno night", "Ferro Lux", ["techno"]),
];

let standIn: Awaited<ReturnType<typeof startMeilisearchStandIn>>;
let meili: SearchIndex;

beforeAll(async () => {
  standIn = await startMeilisearchStandIn({
    "blog-post": POSTS.map(postToDocument) as unknown as Record<string, unknown>[],
    mixtape: [],
    genre: [
      { id: "ambient", name: "Ambient", slug: "ambient" },
      { id: "techno", name: "Techno", slug: "techno" },
    ],
    location: [{ id: "berlin", name: "Berlin", slug: "berlin", type: "city" }],
  });
  meili = createMeiliSearch({
    host: standIn.url,
    searchKey: "public-search-key",
    names: async () =>
      new Map([
        ["ambient", "Ambient"],
        ["techno", "Techno"],
        ["berlin", "Berlin"],
      ]),
  });
});
afterAll(() => standIn.close());
beforeEach(() => {
  standIn.requests.length = 0;
  standIn.setMode("ok");
});

describe("the Meilisearch source", () => {
  it("sends exactly docs/product.md section 7's blog search", async () => {
    await meili.searchPosts({
      query: "björk",
      page: 2,
      pageSize: 15,
      genres: ["ambient", "techno"],
      locations: ["berlin"],
      isFeatured: true,
    });
    expect(standIn.requests).toHaveLength(1);
    const [request] = standIn.requests;
    expect(request?.method).toBe("POST");
    expect(request?.path).toBe("/indexes/blog-post/search");
    expect(request?.headers.authorization).toBe("Bearer public-search-key");
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(request?.headers["x-meilisearch-client"]).toMatch(/Crossfade/);
    expect(request?.body).toEqual({
      q: "björk",
      page: 2,
      hitsPerPage: 15,
      sort: ["postDate:desc"],
      attributesToHighlight: ["title", "artist_name", "excerpt"],
      highlightPreTag: "<mark>",
      highlightPostTag: "</mark>",
      facets: ["genres.name", "genres.slug", "locations.name", "locations.slug", "is_featured"],
      filter: ['genres.slug IN ["ambient", "techno"]', 'locations.slug IN ["berlin"]', "is_featured = true"],
      attributesToRetrieve: expect.arrayContaining(["title", "artist_name", "slug", "genres"]),
    });
  });

  it("leaves sort out for relevance and filter out when nothing is chosen", async () => {
    await meili.searchPosts({ query: "x", sortBy: "relevance", genres: [] });
    const body = standIn.requests[0]?.body as Record<string, unknown>;
    expect(body).not.toHaveProperty("sort");
    expect(body).not.toHaveProperty("filter");
  });

  it("reads hits, highlights, totals, facets and timing into domain results", async () => {
    const result = await meili.searchPosts({ query: "björk" });
    expect(result.total).toBe(1);
    expect(result.processingTimeMs).toBe(3);
    expect(result.items[0]?.post.slug).toBe("bjork-live");
    expect(result.items[0]?.highlights.title).toBe("<mark>Björk</mark> live in Berlin");
    expect(result.facets.genres).toEqual([{ slug: "ambient", name: "Ambient", count: 1 }]);
    expect(result.facets.featured).toEqual({ yes: 1, no: 0 });
  });

  it("names facets from the genre and location indexes when no names are given", async () => {
    const own = createMeiliSearch({ host: standIn.url, searchKey: "public-search-key" });
    const result = await own.searchPosts({ query: "berlin" });
    // Both demo posts are set in Berlin.
    expect(result.facets.locations).toEqual([{ slug: "berlin", name: "Berlin", count: 2 }]);
    expect(result.facets.genres.map((g) => g.name)).toEqual(["Ambient", "Techno"]);
    const taxa = standIn.requests.filter((r) => /\/indexes\/(genre|location)\//.test(r.path));
    expect(taxa.map((r) => [r.path, r.body])).toEqual(
      expect.arrayContaining(
        ["genre", "location"].map((index) => [
          `/indexes/${index}/search`,
          { q: "", page: 1, hitsPerPage: 1000, sort: ["name:asc"], attributesToRetrieve: ["name", "slug"] },
        ]),
      ),
    );
  });

  it("searches the mixtape index sorted by release date, with its own facets", async () => {
    await meili.searchMixtapes({ query: "mix", genres: ["techno"] });
    expect(standIn.requests[0]?.path).toBe("/indexes/mixtape/search");
    expect(standIn.requests[0]?.body).toMatchObject({
      sort: ["release_date:desc"],
      facets: ["genres.name", "genres.slug", "is_featured"],
      filter: ['genres.slug IN ["techno"]'],
    });
  });

  it("asks for suggestions with title and artist_name from both indexes", async () => {
    const list = await meili.suggest("bj", 5);
    const bodies = standIn.requests.map((r) => [r.path, r.body]);
    expect(bodies).toContainEqual([
      "/indexes/blog-post/search",
      { q: "bj", hitsPerPage: 5, attributesToRetrieve: ["title", "artist_name", "slug"] },
    ]);
    expect(list).toEqual([
      { kind: "post", title: "Björk live in Berlin", artist: "Björk", href: "/blog/bjork-live" },
    ]);
  });

  it("checks health with GET /health and a test search that must find posts", async () => {
    expect(await meili.health()).toBe(true);
    expect(standIn.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "GET /health",
      "POST /indexes/blog-post/search",
    ]);
    standIn.setMode("empty");
    expect(await meili.health()).toBe(false);
  });

  it("throws on a 500 and on garbage, so the failover can step in", async () => {
    standIn.setMode("error");
    await expect(meili.searchPosts({ query: "x" })).rejects.toThrow();
    standIn.setMode("garbage");
    await expect(meili.searchPosts({ query: "x" })).rejects.toThrow();
  });

  it("throws on an answer of the wrong shape, naming what did not match, instead of mapping it", async () => {
    standIn.setMode("wrong");
    await expect(meili.searchPosts({ query: "x" })).rejects.toThrow(
      /Unexpected answer from the blog-post index: hits\.0\.numericId: .*hits\.0\.title: .*/,
    );
    await expect(meili.searchMixtapes({ query: "x" })).rejects.toThrow(/mixtape index/);
    await expect(meili.suggest("bj", 5)).rejects.toThrow(/hits\.0\.title/);
  });

  it("behind the failover, a failing stand-in gives the content source's results", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const own = await meili.searchPosts({ query: "techno" });
    const fallback = {
      kind: "d1-fts5",
      searchPosts: vi.fn(async () => ({ ...own, processingTimeMs: 99 })),
      searchMixtapes: vi.fn(),
      suggest: vi.fn(),
      health: vi.fn(async () => true),
    } as unknown as SearchIndex;
    const state = newAvailability();
    const search = createFailoverSearch(meili, fallback, state);
    expect((await search.searchPosts({ query: "techno" })).processingTimeMs).toBe(3);
    standIn.setMode("error");
    standIn.requests.length = 0;
    const result = await search.searchPosts({ query: "techno" });
    expect(result.processingTimeMs).toBe(99);
    expect(result.items.map((h) => h.post.slug)).toEqual(["techno-night"]);
    expect(standIn.requests.map((r) => r.path)).toEqual(["/indexes/blog-post/search"]);
    expect(state.available).toBe(false);
  });
});
