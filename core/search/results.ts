import type { Highlights, Mixtape, Post, SearchQuery, SearchResult } from "../content/types";

/** A post as search results show it: everything but the body. */
export type PostSummary = Omit<Post, "content">;
export type MixtapeSummary = Omit<Mixtape, "tracklist" | "description">;

export interface SearchResults {
  query: SearchQuery;
  posts: SearchResult<{ post: PostSummary; highlights: Highlights }> | null;
  mixtapes: SearchResult<{ mixtape: MixtapeSummary; highlights: Highlights }> | null;
  /** True when a backend failed and the results are empty because of it (never cached). */
  degraded: boolean;
}

/** The genre and location slugs a search may filter by. */
export interface KnownTaxa {
  genres: Set<string>;
  locations: Set<string>;
}
