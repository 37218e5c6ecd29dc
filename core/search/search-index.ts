import type { SearchQuery } from "./query";
import type { ArtistHit, MixtapeHit, PostHit, PostsAndMixtapes, SearchResult, Suggestion } from "./results";

/** The search port (docs/architecture.md): Meilisearch, D1 FTS5 or the CMS's own filters. */
export interface SearchIndex {
  readonly kind: "meilisearch" | "d1-fts5" | "strapi";
  searchPosts(query: SearchQuery): Promise<SearchResult<PostHit>>;
  searchMixtapes(query: SearchQuery): Promise<SearchResult<MixtapeHit>>;
  /**
   * Both at once: one round trip where the backend allows (Meilisearch's multi-search,
   * docs/decisions/036), so the two succeed or fail together.
   */
  searchPostsAndMixtapes(query: SearchQuery): Promise<PostsAndMixtapes>;
  /** Half posts, half mixtapes, at most `limit` in all. */
  suggest(query: string, limit: number): Promise<Suggestion[]>;
  /** Artists whose name (accents folded), genres or home match every word, best first. */
  searchArtists(query: string, limit: number): Promise<ArtistHit[]>;
  /** true when the backend answers and has posts (docs/product.md section 4 availability flag). */
  health(): Promise<boolean>;
}
