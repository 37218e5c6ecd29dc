import type { SearchIndex, SearchQuery } from "../types";
import type { EdgeCache } from "./edge-cache";
import { cacheKey } from "./keys";
import { passThrough } from "./pass-through";

/**
 * A search index behind the edge cache. Browsing (an empty query: everything, filtered and
 * sorted) is cached in the "search" group; visitors' own text and suggestions are not (SPEC.md
 * section 9). A healthy answer is cached; an unhealthy one is not, so recovery shows at once.
 * Failures follow source-failure.ts: throw, or report before returning the SPEC 8 fallback.
 */
export function cachedSearchIndex(index: SearchIndex, cache: EdgeCache): SearchIndex {
  const browsing = (query: SearchQuery) => !query.query.trim();
  const reads: Partial<SearchIndex> = {
    searchPosts: (query) =>
      browsing(query)
        ? cache.cached("search", cacheKey(`${index.kind}:posts`, query), () => index.searchPosts(query))
        : index.searchPosts(query),
    searchMixtapes: (query) =>
      browsing(query)
        ? cache.cached("search", cacheKey(`${index.kind}:mixtapes`, query), () => index.searchMixtapes(query))
        : index.searchMixtapes(query),
    health: async () =>
      (await cache.cached("search", `${index.kind}:health`, async () => (await index.health()) || null)) ===
      true,
  };
  return passThrough(index, reads);
}
