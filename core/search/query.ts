export type SearchSort = "relevance" | "newest";

/** A search of posts or mixtapes, as the SearchIndex port takes it (docs/product.md section 4). */
export interface SearchQuery {
  /** Trimmed visitor text, at most 200 characters; may be empty (then: everything, newest). */
  query: string;
  page?: number;
  /** Default 15 for posts. */
  pageSize?: number;
  /** Slugs; OR within a list, AND across lists, an empty list means no filter. */
  genres?: string[];
  locations?: string[];
  isFeatured?: boolean;
  sortBy?: SearchSort;
}
