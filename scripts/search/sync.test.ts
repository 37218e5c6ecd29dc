import type { CatalogueReader, Genre, Mixtape, Page, Post } from "@core/content/types";
import { startMeilisearchStandIn } from "@tests/stand-ins/meilisearch";
import { Meilisearch } from "meilisearch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BATCH_SIZE, syncSearch } from "./sync";

function pageOf<T>(all: T[], page = 1, pageSize = 100): Page<T> {
  return {
    items: all.slice((page - 1) * pageSize, page * pageSize),
    page,
    pageSize,
    total: all.length,
    pageCount: Math.max(1, Math.ceil(all.length / pageSize)),
  };
}

const posts = Array.from(
  { length: 2500 },
  (_, i): Post => ({
    id: `post-${i}`,
    numericId: i + 1,
    slug: `post-${i}`,
    title: `Post ${i}`,
    artist: null,
    excerpt: "",
    content: [],
    date: "2026-01-01T00:00:00.000Z",
    category: "news",
    tags: [],
    genres: [],
    locations: [],
    coverImage: null,
    isFeatured: false,
    audio: null,
  }),
);
const genres: Genre[] = [{ id: 1, name: "Techno", slug: "techno", postCount: 3 }];

const store = {
  listPosts: async (f: { page?: number; pageSize?: number } = {}) => pageOf(posts, f.page, f.pageSize),
  listMixtapes: async (f: { page?: number; pageSize?: number } = {}) =>
    pageOf<Mixtape>([], f.page, f.pageSize),
  listGenres: async () => genres,
  listLocations: async () => [],
} as unknown as CatalogueReader;

let standIn: Awaited<ReturnType<typeof startMeilisearchStandIn>>;
beforeAll(async () => {
  standIn = await startMeilisearchStandIn({});
});
afterAll(() => standIn.close());

describe("npm run search:sync", () => {
  it("creates the indexes with their settings and pushes every document in batches of 1000", async () => {
    const client = new Meilisearch({ host: standIn.url, apiKey: "admin-key" });
    const report = await syncSearch(store, client);
    expect(report).toEqual([
      { index: "blog-post", documents: 2500, batches: 3 },
      { index: "mixtape", documents: 0, batches: 0 },
      { index: "genre", documents: 1, batches: 1 },
      { index: "location", documents: 0, batches: 0 },
    ]);
    // The client sends the batches together, so they may arrive in any order.
    expect(standIn.received["blog-post"]?.map((b) => b.length).sort((a, b) => b - a)).toEqual([
      BATCH_SIZE,
      BATCH_SIZE,
      500,
    ]);
    expect(new Set(standIn.received["blog-post"]?.flat().map((d) => d.id)).size).toBe(2500);
    expect(standIn.received.genre?.[0]).toEqual([{ id: "techno", name: "Techno", slug: "techno" }]);
    const calls = standIn.requests.filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`);
    expect(calls.slice(0, 3)).toEqual([
      "POST /indexes",
      "PATCH /indexes/blog-post/settings",
      "POST /indexes/blog-post/documents",
    ]);
    const settings = standIn.requests.find((r) => r.path === "/indexes/blog-post/settings")?.body;
    expect(settings).toMatchObject({
      filterableAttributes: expect.arrayContaining(["genres.slug", "locations.slug", "is_featured"]),
      sortableAttributes: expect.arrayContaining(["postDate"]),
    });
    expect(standIn.requests.every((r) => r.headers.authorization === "Bearer admin-key")).toBe(true);
    // Every task was waited on.
    expect(standIn.requests.some((r) => r.method === "GET" && r.path.startsWith("/tasks/"))).toBe(true);
  });
});
