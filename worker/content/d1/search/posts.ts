import type { SearchQuery } from "@core/search/query";
import type { PostHit, SearchResult } from "@core/search/results";
import { genreList, locationList, namedList } from "../lists";
import { POST_COLUMNS, POST_EXTRAS, type PostRow, toPost } from "../rows";
import { type CandidateSearch, fromList, SEARCH_CAP, searchCandidates } from "./candidates";
import { MARK, type SnippetRow, searchWithFallback, snippetHit } from "./common";
import { filterClauses, joinClauses } from "./filters";

// Title and artist weigh most, then genre and city names, then the excerpt, then the body.
const WEIGHTS = "10.0, 8.0, 3.0, 1.0, 5.0, 5.0, 6.0";

const MARKS = `highlight(posts_fts, 0, ${MARK}) AS h_title, highlight(posts_fts, 1, ${MARK}) AS h_artist,
  highlight(posts_fts, 2, ${MARK}) AS h_first, snippet(posts_fts, 3, ${MARK}, '…', 24) AS h_second`;
const NO_MARKS = "NULL AS h_title, NULL AS h_artist, NULL AS h_first, NULL AS h_second";
const CANDIDATE = "x.post_date AS d, x.is_featured AS f, x.genres_json AS g, x.locations_json AS l";

/**
 * Without text: the newest posts of one genre, one location or the featured ones come from
 * their list (docs/decisions/071, 095), the other filters then apply to them; several genres or
 * locations read the posts newest first.
 */
function browse(query: SearchQuery) {
  const genres = query.genres ?? [];
  const locations = query.locations ?? [];
  const key =
    genres.length === 1
      ? genreList(genres[0] as string)
      : locations.length === 1
        ? locationList(locations[0] as string)
        : !genres.length && !locations.length && query.isFeatured === true
          ? namedList("featured")
          : null;
  if (key) return fromList(key, "post_extras x ON x.post_id = i.id", CANDIDATE);
  const where = joinClauses(filterClauses("post", query));
  return {
    sql: `SELECT p.id, ${CANDIDATE} FROM posts p JOIN post_extras x ON x.post_id = p.id WHERE ${where.sql}
      ORDER BY p.post_date DESC, p.id DESC LIMIT ?`,
    params: where.params,
  };
}

const SEARCH: CandidateSearch<PostRow & SnippetRow, PostHit> = {
  fts: "posts_fts",
  table: "posts",
  marks: MARKS,
  cap: SEARCH_CAP.posts,
  weights: WEIGHTS,
  extras: { columns: CANDIDATE, join: "JOIN post_extras x ON x.post_id = c.id" },
  withLocations: true,
  plain: `SELECT ${POST_COLUMNS}, ${NO_MARKS} FROM posts p ${POST_EXTRAS} WHERE p.id`,
  browse,
  toHit: snippetHit("post", toPost, (item) => item.excerpt),
};

/**
 * Full-text search of published posts (FTS5: diacritics folded, prefix terms, bm25 with the title
 * weighted most). Every word must match; when that finds nothing, any word may.
 */
export function searchPosts(db: D1Database, query: SearchQuery): Promise<SearchResult<PostHit>> {
  return searchWithFallback(query, (match) => searchCandidates(db, SEARCH, query, match));
}
