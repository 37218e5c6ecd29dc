import type { SearchResult } from "@core/search/results";
import type { SearchIndex } from "@core/search/search-index";
import { describe, expect, it, vi } from "vitest";
import { createFailoverSearch, newAvailability, RETRY_AFTER_MS } from "./search-failover";

const result = (total: number): SearchResult<never> => ({
  items: [],
  page: 1,
  pageSize: 15,
  pageCount: 1,
  total,
  processingTimeMs: 0,
  facets: { genres: [], locations: [], featured: { yes: 0, no: 0 } },
});

function fake(kind: SearchIndex["kind"], total: number, healthy = true) {
  return {
    kind,
    searchPosts: vi.fn(async () => result(total)),
    searchMixtapes: vi.fn(async () => result(total)),
    searchPostsAndMixtapes: vi.fn(async () => ({ posts: result(total), mixtapes: result(total) })),
    suggest: vi.fn(async () => []),
    searchArtists: vi.fn(async () => []),
    health: vi.fn(async () => healthy),
  } satisfies SearchIndex;
}

describe("search failover", () => {
  it("checks the service once at start and then uses it", async () => {
    const primary = fake("meilisearch", 7);
    const search = createFailoverSearch(primary, fake("d1-fts5", 3), newAvailability());
    expect((await search.searchPosts({ query: "x" })).total).toBe(7);
    expect((await search.searchPosts({ query: "y" })).total).toBe(7);
    expect(primary.health).toHaveBeenCalledTimes(1);
  });

  it("uses the content source when the test search finds no posts", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const primary = fake("meilisearch", 0, false);
    const search = createFailoverSearch(primary, fake("d1-fts5", 3), newAvailability());
    expect((await search.searchPosts({ query: "x" })).total).toBe(3);
    expect(primary.searchPosts).not.toHaveBeenCalled();
  });

  it("falls back on a failure and retries the service after the pause", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    let clock = 1_000;
    const state = newAvailability();
    const primary = fake("meilisearch", 7);
    primary.searchPosts.mockRejectedValueOnce(new Error("Request to http://meili/ has failed"));
    const search = createFailoverSearch(primary, fake("d1-fts5", 3), state, () => clock);
    expect((await search.searchPosts({ query: "x" })).total).toBe(3);
    expect(state.available).toBe(false);
    expect((await search.searchPosts({ query: "x" })).total).toBe(3);
    expect(primary.searchPosts).toHaveBeenCalledTimes(1);
    clock += RETRY_AFTER_MS;
    expect((await search.searchPosts({ query: "x" })).total).toBe(7);
    expect(state.available).toBe(true);
  });

  it("falls back for a search of posts and mixtapes together, both from the content source", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const primary = fake("meilisearch", 7);
    primary.searchPostsAndMixtapes.mockRejectedValueOnce(new Error("Request to http://meili/ has failed"));
    const fallback = fake("d1-fts5", 2);
    const search = createFailoverSearch(primary, fallback, newAvailability());
    const both = await search.searchPostsAndMixtapes({ query: "x" });
    expect([both.posts.total, both.mixtapes.total]).toEqual([2, 2]);
    expect(fallback.searchPostsAndMixtapes).toHaveBeenCalledWith({ query: "x" });
  });

  it("falls back for mixtapes and suggestions too", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const primary = fake("meilisearch", 7);
    primary.searchMixtapes.mockRejectedValueOnce(new Error("down"));
    const fallback = fake("d1-fts5", 2);
    const search = createFailoverSearch(primary, fallback, newAvailability());
    expect((await search.searchMixtapes({ query: "x" })).total).toBe(2);
    await search.suggest("ab", 5);
    expect(fallback.suggest).toHaveBeenCalledWith("ab", 5);
  });

  it("lets a failure of the content source itself propagate", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const primary = fake("meilisearch", 7, false);
    const fallback = fake("d1-fts5", 0);
    fallback.searchPosts.mockRejectedValueOnce(new Error("D1 down"));
    const search = createFailoverSearch(primary, fallback, newAvailability());
    await expect(search.searchPosts({ query: "x" })).rejects.toThrow("D1 down");
  });
});
