import type { Mixtape } from "@core/content/mixtape";
import type { Post } from "@core/content/post";
import type { SearchIndex } from "@core/search/search-index";
import { startMeilisearchStandIn } from "@tests/stand-ins/meilisearch/server";
import { artistToDocument, mixtapeToDocument, postToDocument } from "@worker/content/meilisearch/documents";
import { createMeiliSearch } from "@worker/content/meilisearch/search";
import { createFailoverSearch, newAvailability } from "@worker/content/search-failover";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

const post = (slug: string, title: string, artist: string, genres: string[], featured = false): Post => ({
  id: slug,
  numericId: slug.length,
  slug,
  title,
  artist,
  excerpt: `${title} excerpt`,
  content: [{ type: "paragraph", children: [{ type: "text", text: "body" }] }],
  date: "2026-01-02T10:00:00.000Z",
  category: "news",
  tags: [],
  genres: genres.map((g) => ({ slug: g, name: g[0]?.toUpperCase() + g.slice(1) })),
  locations: [{ slug: "berlin", name: "Berlin" }],
  coverImage: null,
  isFeatured: featured,
  audio: null,
});

const TAPE: Mixtape = {
  id: 7,
  slug: "techno-tape",
  title: "Techno tape",
  artist: "Ferro Lux",
  releaseDate: "2026-01-03T10:00:00.000Z",
  coverImage: null,
  description: "An hour of techno",
  tracklist: [],
  duration: "60:00",
  trackCount: 0,
  downloadUrl: null,
  audio: null,
  genres: [{ slug: "techno", name: "Techno" }],
  isFeatured: false,
  category: "Mixtape",
};

const POSTS = [
  post("bjork-live", "Björk live in Berlin", "Björk", ["ambient"], true),
  post("techno-night", "A techno night", "Ferro Lux", ["techno"]),
];

const MOLLER = {
  slug: "jurgen-moller",
  name: "Jürgen Møller",
  kind: "person" as const,
  image: "/media/covers/artist-jurgen-moller.svg",
  itemCount: 7,
};

let standIn: Awaited<ReturnType<typeof startMeilisearchStandIn>>;
let meili: SearchIndex;

beforeAll(async () => {
  standIn = await startMeilisearchStandIn({
    "blog-post": POSTS.map(postToDocument) as unknown as Record<string, unknown>[],
    mixtape: [mixtapeToDocument(TAPE) as unknown as Record<string, unknown>],
    genre: [
      { id: "ambient", name: "Ambient", slug: "ambient" },
      { id: "techno", name: "Techno", slug: "techno" },
    ],
    location: [{ id: "berlin", name: "Berlin", slug: "berlin", type: "city" }],
    artist: [
      MOLLER,
      { slug: "ferro-lux", name: "Ferro Lux", kind: "group" as const, image: null, itemCount: 3 },
    ].map((a) => artistToDocument(a) as unknown as Record<string, unknown>),
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

/** The paging part each query of the multi-search carries: which index, what, which page, in what order. */
const paged = (indexUid: string, q: string, page: number, hitsPerPage: number, sort: string) => ({
  indexUid,
  q,
  page,
  hitsPerPage,
  sort: [sort],
});
const POST_FIELDS =
  "id numericId slug title artist_name excerpt postDateIso category tags genres locations coverImage is_featured audio_platform primary_audio_url track_title";
const POST_QUERY = {
  ...paged("blog-post", "björk", 2, 15, "postDate:desc"),
  attributesToHighlight: ["title", "artist_name", "excerpt"],
  highlightPreTag: "<mark>",
  highlightPostTag: "</mark>",
  facets: ["genres.name", "genres.slug", "locations.name", "locations.slug", "is_featured"],
  filter: ['genres.slug IN ["ambient", "techno"]', 'locations.slug IN ["berlin"]', "is_featured = true"],
  attributesToRetrieve: POST_FIELDS.split(" "),
};
const TAXON_QUERY = (index: string) => ({
  ...paged(index, "", 1, 1000, "name:asc"),
  attributesToRetrieve: ["name", "slug"],
});
const QUERY = {
  query: "björk",
  page: 2,
  pageSize: 15,
  genres: ["ambient", "techno"],
  locations: ["berlin"],
  isFeatured: true,
};

describe("the Meilisearch source", () => {
  it("sends docs/product.md section 7's blog search as one multi-search", async () => {
    await meili.searchPosts(QUERY);
    expect(standIn.requests).toHaveLength(1);
    const [request] = standIn.requests;
    expect(request?.method).toBe("POST");
    expect(request?.path).toBe("/multi-search");
    expect(request?.headers.authorization).toBe("Bearer public-search-key");
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(request?.headers["x-meilisearch-client"]).toMatch(/Crossfade/);
    expect(request?.body).toEqual({ queries: [POST_QUERY] });
  });

  it("leaves sort out for relevance and filter out when nothing is chosen", async () => {
    await meili.searchPosts({ query: "x", sortBy: "relevance", genres: [] });
    const body = standIn.requests[0]?.body as { queries: Record<string, unknown>[] };
    expect(body.queries[0]).not.toHaveProperty("sort");
    expect(body.queries[0]).not.toHaveProperty("filter");
  });

  it("sends filter values with quotes escaped so that Meilisearch's grammar reads them as values", async () => {
    const result = await meili.searchPosts({ query: "", genres: ['say "hi"', "back\\slash"] });
    const body = standIn.requests[0]?.body as { queries: Record<string, unknown>[] };
    expect(body.queries[0]?.filter).toEqual(['genres.slug IN ["say \\"hi\\"", "back\\\\slash"]']);
    // The stand-in parses it as Meilisearch does (a 400 invalid_search_filter would throw here).
    expect(result.total).toBe(0);
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

  it("asks the genre and location names in the same multi-search when no names are given", async () => {
    const own = createMeiliSearch({ host: standIn.url, searchKey: "public-search-key" });
    const result = await own.searchPosts(QUERY);
    expect(standIn.requests.map((r) => [r.method, r.path, r.body])).toEqual([
      ["POST", "/multi-search", { queries: [POST_QUERY, TAXON_QUERY("genre"), TAXON_QUERY("location")] }],
    ]);
    expect(result.facets.locations).toEqual([{ slug: "berlin", name: "Berlin", count: 1 }]);
    expect(result.facets.genres.map((g) => g.name)).toEqual(["Ambient"]);
  });

  it("searches posts and mixtapes together in one request of four queries", async () => {
    const own = createMeiliSearch({ host: standIn.url, searchKey: "public-search-key" });
    const both = await own.searchPostsAndMixtapes({ query: "techno" });
    expect(standIn.requests).toHaveLength(1);
    const body = standIn.requests[0]?.body as { queries: Record<string, unknown>[] };
    expect(body.queries.map((q) => q.indexUid)).toEqual(["blog-post", "mixtape", "genre", "location"]);
    expect(body.queries[1]).toMatchObject({
      q: "techno",
      sort: ["release_date:desc"],
      facets: ["genres.name", "genres.slug", "is_featured"],
    });
    expect(both.posts.items.map((h) => h.post.slug)).toEqual(["techno-night"]);
    expect(both.posts.facets.genres).toEqual([{ slug: "techno", name: "Techno", count: 1 }]);
    expect(both.mixtapes.items.map((h) => h.mixtape.slug)).toEqual(["techno-tape"]);
  });

  it("searches the mixtape index sorted by release date, with its own facets and genre names", async () => {
    const own = createMeiliSearch({ host: standIn.url, searchKey: "public-search-key" });
    await own.searchMixtapes({ query: "mix", genres: ["techno"] });
    expect(standIn.requests).toHaveLength(1);
    expect(standIn.requests[0]?.path).toBe("/multi-search");
    const body = standIn.requests[0]?.body as { queries: Record<string, unknown>[] };
    expect(body.queries[0]).toMatchObject({
      indexUid: "mixtape",
      sort: ["release_date:desc"],
      facets: ["genres.name", "genres.slug", "is_featured"],
      filter: ['genres.slug IN ["techno"]'],
    });
    expect(body.queries.slice(1)).toEqual([TAXON_QUERY("genre")]);
  });

  it("asks for suggestions from both indexes in one multi-search", async () => {
    const list = await meili.suggest("bj", 5);
    const params = { q: "bj", hitsPerPage: 5, attributesToRetrieve: ["title", "artist_name", "slug"] };
    expect(standIn.requests.map((r) => [r.path, r.body])).toEqual([
      [
        "/multi-search",
        {
          queries: [
            { indexUid: "blog-post", ...params },
            { indexUid: "mixtape", ...params },
          ],
        },
      ],
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

  it("searches the artist index on the folded name, in one multi-search", async () => {
    const hits = await meili.searchArtists("moller", 3);
    expect(standIn.requests.map((r) => [r.method, r.path])).toEqual([["POST", "/multi-search"]]);
    expect(standIn.requests[0]?.body).toEqual({
      queries: [
        {
          indexUid: "artist",
          q: "moller",
          hitsPerPage: 3,
          attributesToRetrieve: ["slug", "name", "kind", "image"],
          attributesToHighlight: ["name"],
          highlightPreTag: "<mark>",
          highlightPostTag: "</mark>",
        },
      ],
    });
    expect(hits).toEqual([
      {
        slug: "jurgen-moller",
        name: "Jürgen Møller",
        kind: "person",
        image: "/media/covers/artist-jurgen-moller.svg",
        highlightedName: "Jürgen Møller",
      },
    ]);
    const marked = await meili.searchArtists("ferro", 3);
    expect(marked.map((h) => h.highlightedName)).toEqual(["<mark>Ferro</mark> Lux"]);
  });

  it("behind the failover, an index synced before artists gives the content source's artists, and stays up", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const old = await startMeilisearchStandIn({
      "blog-post": POSTS.map(postToDocument) as unknown as Record<string, unknown>[],
    });
    try {
      const fallback = {
        kind: "d1-fts5",
        searchArtists: vi.fn(async () => [{ ...MOLLER, highlightedName: MOLLER.name }]),
        health: vi.fn(async () => true),
      } as unknown as SearchIndex;
      const state = newAvailability();
      state.available = true;
      const search = createFailoverSearch(createMeiliSearch({ host: old.url }), fallback, state);
      expect((await search.searchArtists("moller", 3)).map((a) => a.slug)).toEqual(["jurgen-moller"]);
      expect(old.requests.map((r) => r.path)).toEqual(["/multi-search"]);
      expect(state.available).toBe(true);
    } finally {
      await old.close();
    }
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
    expect(standIn.requests.map((r) => r.path)).toEqual(["/multi-search"]);
    expect(state.available).toBe(false);
  });
});
