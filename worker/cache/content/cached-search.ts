import type { SearchIndex } from "@core/search/search-index";
import type { ContentCache } from "./content-cache";
import { cacheKey } from "./keys";
import { passThrough } from "./pass-through";

/**
 * A search index behind the KV content cache, in the "search" group (purged with it). Searches and
 * suggestions are keyed by the normalised query (docs/decisions/008: the same question is answered once
 * for everybody for a short while); docs/product.md section 9's "no memory cache when searching" was the
 * browser's cache, which we do not have. A healthy answer is cached; an unhealthy one is not, so
 * recovery shows at once. Failures follow worker/failure/source-failure.ts: throw, or report before returning
 * the docs/product.md section 8 fallback.
 */
export function cachedSearch(index: SearchIndex, cache: ContentCache): SearchIndex {
  const reads: Partial<SearchIndex> = {
    searchPosts: (query) =>
      cache.cached("search", cacheKey(`${index.kind}:posts`, normalise(query)), () =>
        index.searchPosts(query),
      ),
    searchMixtapes: (query) =>
      cache.cached("search", cacheKey(`${index.kind}:mixtapes`, normalise(query)), () =>
        index.searchMixtapes(query),
      ),
    searchPostsAndMixtapes: (query) =>
      cache.cached("search", cacheKey(`${index.kind}:both`, normalise(query)), () =>
        index.searchPostsAndMixtapes(query),
      ),
    suggest: (text, limit) =>
      cache.cached("search", cacheKey(`${index.kind}:suggest`, [text.trim().toLowerCase(), limit]), () =>
        index.suggest(text, limit),
      ),
    searchArtists: (text, limit) =>
      cache.cached("search", cacheKey(`${index.kind}:artists`, [text.trim().toLowerCase(), limit]), () =>
        index.searchArtists(text, limit),
      ),
    health: async () =>
      (await cache.cached("search", `${index.kind}:health`, async () => (await index.health()) || null)) ===
      true,
  };
  return passThrough(index, reads);
}

/** Letter case, spacing and list order do not change a search's answer. */
function normalise<Q extends { query: string; genres?: string[]; locations?: string[] }>(query: Q): Q {
  return {
    ...query,
    query: query.query.trim().replace(/\s+/g, " ").toLowerCase(),
    genres: query.genres && [...query.genres].sort(),
    locations: query.locations && [...query.locations].sort(),
  };
}
