import type { SearchQuery } from "@core/search/query";
import type { PostsAndMixtapes } from "@core/search/results";
import type { SearchIndex } from "@core/search/search-index";

/**
 * SearchIndex.searchPostsAndMixtapes for a backend without a multi-search: the two searches side
 * by side, each with its own failure behaviour.
 */
export function searchSideBySide(
  index: Pick<SearchIndex, "searchPosts" | "searchMixtapes">,
): (query: SearchQuery) => Promise<PostsAndMixtapes> {
  return async (query) => {
    const [posts, mixtapes] = await Promise.all([index.searchPosts(query), index.searchMixtapes(query)]);
    return { posts, mixtapes };
  };
}
