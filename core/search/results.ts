import type { Mixtape } from "../content/mixtape";
import type { Page } from "../content/page";
import type { Post } from "../content/post";
import type { SearchQuery } from "./query";

export interface FacetValue {
  slug: string;
  name: string;
  count: number;
}

export interface SearchFacets {
  genres: FacetValue[];
  locations: FacetValue[];
  featured: { yes: number; no: number };
}

/**
 * Highlighted text: the source text with matches wrapped in <mark>…</mark> and nothing else
 * marked up. Renderers escape everything except those two tags.
 */
export interface Highlights {
  title: string;
  artist: string | null;
  excerpt: string;
}

export interface PostHit {
  post: Post;
  highlights: Highlights;
}

export interface MixtapeHit {
  mixtape: Mixtape;
  highlights: Highlights;
}

export interface SearchResult<T> extends Page<T> {
  processingTimeMs: number;
  facets: SearchFacets;
  /**
   * The text matched more than the search counted: `total` and the facets cover only the best
   * matches (the embedded store's cap, docs/decisions/072-capped-search.md), shown as "100+".
   */
  capped?: boolean;
}

/** The answer of SearchIndex.searchPostsAndMixtapes. */
export interface PostsAndMixtapes {
  posts: SearchResult<PostHit>;
  mixtapes: SearchResult<MixtapeHit>;
}

/** An artist as search shows it: listed first, with the image (docs/product.md section 2). */
export interface ArtistHit {
  slug: string;
  name: string;
  kind: "person" | "group";
  image: string | null;
  /** The name with the matched words in <mark>…</mark>. */
  highlightedName: string;
}

/** How many artists the results page lists above the posts and mixtapes. */
export const SEARCH_ARTISTS = 6;
/** How many artists the suggestions add above the posts and mixtapes. */
export const SUGGESTED_ARTISTS = 3;

export interface Suggestion {
  kind: "post" | "mixtape" | "artist";
  title: string;
  artist: string | null;
  /** Site-relative URL of the post or mixtape page. */
  href: string;
}

/** A post as search results show it: everything but the body. */
export type PostSummary = Omit<Post, "content">;
export type MixtapeSummary = Omit<Mixtape, "tracklist" | "description">;

/** What the search page and /api/search show. */
export interface SearchResults {
  query: SearchQuery;
  posts: SearchResult<{ post: PostSummary; highlights: Highlights }> | null;
  mixtapes: SearchResult<{ mixtape: MixtapeSummary; highlights: Highlights }> | null;
  /** Matching artists, on the first page of an "all" or "artists" search; null when not asked. */
  artists: ArtistHit[] | null;
  /** True when a backend failed and the results are empty because of it (never cached). */
  degraded: boolean;
}
