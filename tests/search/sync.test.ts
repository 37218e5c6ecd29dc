import type { CatalogueReader } from "@core/content/catalogue";
import type { Mixtape } from "@core/content/mixtape";
import type { Page } from "@core/content/page";
import type { Post } from "@core/content/post";
import type { Genre } from "@core/content/taxon";
import { BATCH_SIZE, syncSearch } from "@scripts/search/sync";
import { startMeilisearchStandIn } from "@tests/stand-ins/meilisearch/server";
import { INDEX_SETTINGS } from "@worker/content/meilisearch/documents";
import { Meilisearch } from "meilisearch";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

function pageOf<T>(all: T[], page = 1, pageSize = 100): Page<T> {
  return {
    items: all.slice((page - 1) * pageSize, page * pageSize),
    page,
    pageSize,
    total: all.length,
    pageCount: Math.max(1, Math.ceil(all.length / pageSize)),
  };
}

const post = (i: number): Post => ({
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
});

function storeOf(posts: Post[], genres: Genre[] = []): CatalogueReader {
  return {
    listPosts: async (f: { page?: number; pageSize?: number } = {}) => pageOf(posts, f.page, f.pageSize),
    listMixtapes: async (f: { page?: number; pageSize?: number } = {}) =>
      pageOf<Mixtape>([], f.page, f.pageSize),
    listGenres: async () => genres,
    listLocations: async () => [],
    listArtists: async (f: { page?: number; pageSize?: number } = {}) => ({
      ...pageOf(
        [{ slug: "jurgen-moller", name: "Jürgen Møller", kind: "person", image: null, itemCount: 7 }],
        f.page,
        f.pageSize,
      ),
      letters: [{ letter: "j", page: 1 }],
    }),
  } as unknown as CatalogueReader;
}

let standIn: Awaited<ReturnType<typeof startMeilisearchStandIn>>;
afterEach(() => standIn.close());

/** The requests other than the task polls, as `METHOD /path`. */
const calls = () =>
  standIn.requests.filter((r) => !r.path.startsWith("/tasks/")).map((r) => `${r.method} ${r.path}`);

const fill = (uid: string, batches = 1) => [
  "POST /indexes",
  `PATCH /indexes/${uid}/settings`,
  ...Array.from({ length: batches }, () => `POST /indexes/${uid}/documents`),
];

/** The indexes a sync leaves live, by name. */
const LIVE_INDEXES = ["artist", "blog-post", "genre", "location", "mixtape"];

describe("npm run search:sync, first run", () => {
  beforeEach(async () => {
    standIn = await startMeilisearchStandIn({});
  });

  it("fills fresh indexes in batches of 1000, then renames them into place in one swap", async () => {
    const posts = Array.from({ length: 2500 }, (_, i) => post(i));
    const client = new Meilisearch({ host: standIn.url, apiKey: "admin-key" });
    const genres: Genre[] = [{ id: 1, name: "Techno", slug: "techno", postCount: 3 }];
    const report = await syncSearch(storeOf(posts, genres), client, { stamp: "1700" });
    expect(report).toEqual([
      { index: "blog-post", filledAs: "blog-post_1700", documents: 2500, batches: 3, replaced: false },
      { index: "mixtape", filledAs: "mixtape_1700", documents: 0, batches: 0, replaced: false },
      { index: "artist", filledAs: "artist_1700", documents: 1, batches: 1, replaced: false },
      { index: "genre", filledAs: "genre_1700", documents: 1, batches: 1, replaced: false },
      { index: "location", filledAs: "location_1700", documents: 0, batches: 0, replaced: false },
    ]);
    expect(calls()).toEqual([
      "GET /indexes?limit=1000",
      ...fill("blog-post_1700", 3),
      ...fill("mixtape_1700", 0),
      ...fill("artist_1700"),
      ...fill("genre_1700"),
      ...fill("location_1700", 0),
      "POST /swap-indexes",
    ]);
    expect(
      standIn.requests.filter((r) => r.method === "POST" && r.path === "/indexes").map((r) => r.body),
    ).toEqual(
      ["blog-post", "mixtape", "artist", "genre", "location"].map((uid) => ({
        uid: `${uid}_1700`,
        primaryKey: "id",
      })),
    );
    expect(standIn.requests.find((r) => r.path === "/swap-indexes")?.body).toEqual(
      ["blog-post", "mixtape", "artist", "genre", "location"].map((uid) => ({
        indexes: [`${uid}_1700`, uid],
        rename: true,
      })),
    );
    // The client sends the batches together, so they may arrive in any order.
    expect(standIn.received["blog-post_1700"]?.map((b) => b.length).sort((a, b) => b - a)).toEqual([
      BATCH_SIZE,
      BATCH_SIZE,
      500,
    ]);
    expect(standIn.requests.find((r) => r.path === "/indexes/blog-post_1700/settings")?.body).toEqual(
      INDEX_SETTINGS["blog-post"],
    );
    expect(standIn.requests.every((r) => r.headers.authorization === "Bearer admin-key")).toBe(true);
    // Every task was waited for: 5 creations, 5 settings, 5 batches and the swap.
    const polled = new Set(standIn.requests.filter((r) => r.path.startsWith("/tasks/")).map((r) => r.path));
    expect(polled.size).toBe(16);
    expect([...standIn.indexes.keys()].sort()).toEqual(LIVE_INDEXES);
    expect(standIn.indexes.get("blog-post")?.documents.size).toBe(2500);
    expect(standIn.indexes.get("genre")?.documents.get("techno")).toEqual({
      id: "techno",
      name: "Techno",
      slug: "techno",
    });
  });
});

describe("npm run search:sync over live indexes", () => {
  beforeEach(async () => {
    standIn = await startMeilisearchStandIn({
      // Live content with a post that has since been unpublished, and a leftover of a stopped run.
      "blog-post": [post(0), post(1), post(99)].map((p) => ({ id: p.slug, title: p.title })),
      mixtape: [],
      artist: [],
      genre: [],
      location: [],
      "blog-post_1600": [{ id: "half" }],
    });
  });

  it("swaps the fresh indexes in and deletes the old ones: the unpublished post is gone", async () => {
    const client = new Meilisearch({ host: standIn.url, apiKey: "admin-key" });
    await syncSearch(storeOf([post(0), post(1)]), client, { stamp: "1800" });
    expect(calls()).toEqual([
      "GET /indexes?limit=1000",
      "DELETE /indexes/blog-post_1600",
      ...fill("blog-post_1800"),
      ...fill("mixtape_1800", 0),
      ...fill("artist_1800"),
      ...fill("genre_1800", 0),
      ...fill("location_1800", 0),
      "POST /swap-indexes",
      "DELETE /indexes/blog-post_1800",
      "DELETE /indexes/mixtape_1800",
      "DELETE /indexes/artist_1800",
      "DELETE /indexes/genre_1800",
      "DELETE /indexes/location_1800",
    ]);
    expect(standIn.requests.find((r) => r.path === "/swap-indexes")?.body).toEqual(
      ["blog-post", "mixtape", "artist", "genre", "location"].map((uid) => ({
        indexes: [uid, `${uid}_1800`],
        rename: false,
      })),
    );
    expect([...standIn.indexes.keys()].sort()).toEqual(LIVE_INDEXES);
    expect([...(standIn.indexes.get("blog-post")?.documents.keys() ?? [])].sort()).toEqual([
      "post-0",
      "post-1",
    ]);
    expect(standIn.indexes.get("blog-post")?.settings).toEqual(INDEX_SETTINGS["blog-post"]);
  });

  it("leaves the live indexes alone and removes its own fresh ones when the swap fails", async () => {
    const client = new Meilisearch({ host: standIn.url, apiKey: "admin-key" });
    // Someone deletes the live mixtape index while the sync fills: the swap finds it missing.
    const swap = client.swapIndexes.bind(client);
    vi.spyOn(client, "swapIndexes").mockImplementation((pairs) => {
      standIn.indexes.delete("mixtape");
      return swap(pairs);
    });
    const store = storeOf([post(0)]);
    await expect(syncSearch(store, client, { stamp: "1900" })).rejects.toThrow(
      /task \d+ \(swap\) ended failed: Index `mixtape` not found/,
    );
    expect(calls().slice(-5)).toEqual([
      "DELETE /indexes/blog-post_1900",
      "DELETE /indexes/mixtape_1900",
      "DELETE /indexes/artist_1900",
      "DELETE /indexes/genre_1900",
      "DELETE /indexes/location_1900",
    ]);
    expect([...(standIn.indexes.get("blog-post")?.documents.keys() ?? [])].sort()).toEqual([
      "post-0",
      "post-1",
      "post-99",
    ]);
    expect([...standIn.indexes.keys()].sort()).toEqual(["artist", "blog-post", "genre", "location"]);
  });

  it("sends nothing to Meilisearch when the content source fails", async () => {
    const client = new Meilisearch({ host: standIn.url, apiKey: "admin-key" });
    const store = storeOf([]);
    store.listPosts = async () => {
      throw new Error("Failed to fetch blog posts");
    };
    await expect(syncSearch(store, client)).rejects.toThrow("Failed to fetch blog posts");
    expect(standIn.requests).toEqual([]);
  });
});
