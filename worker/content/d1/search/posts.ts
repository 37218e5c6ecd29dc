import type { SearchQuery } from "@core/search/query";
import type { FacetValue, PostHit, SearchFacets, SearchResult } from "@core/search/results";
import { DEFAULT_POST_PAGE_SIZE, paging, toPage } from "@worker/content/paging";
import { POST_COLUMNS, POST_EXTRAS, type PostRow, toPost } from "../rows";
import { rowsOf, totalOf } from "../sql";
import { type MatchSearch, SEARCH_CAP, searchMatch } from "./candidates";
import { ftsSource, highlightsOf, hitStatements, MARK, type MarkedRow, searchWithFallback } from "./common";
import { type Clause, filterClauses } from "./filters";

// Title and artist weigh most, then genre and city names, then the excerpt, then the body.
const WEIGHTS = "10.0, 8.0, 3.0, 1.0, 5.0, 5.0, 6.0";
const RANK = `bm25(posts_fts, ${WEIGHTS})`;

interface HitRow extends PostRow, MarkedRow {
  h_excerpt: string | null;
  h_body: string | null;
}

const source = (match: string | null, clauses: Clause[]) =>
  ftsSource("posts_fts", "posts", "p", match, clauses);

function facetStatements(db: D1Database, match: string | null, query: SearchQuery) {
  const ids = (except: "genres" | "locations" | "featured") => {
    const from = source(match, filterClauses("post", query, except));
    return { sql: `SELECT p.id ${from.sql}`, params: from.params };
  };
  const g = ids("genres");
  const l = ids("locations");
  const f = ids("featured");
  return [
    db
      .prepare(
        `SELECT g.slug, g.name, COUNT(*) AS count FROM post_genres pg JOIN genres g ON g.id = pg.genre_id
         WHERE pg.post_id IN (${g.sql}) GROUP BY g.id ORDER BY count DESC, g.name`,
      )
      .bind(...g.params),
    db
      .prepare(
        `SELECT l.slug, l.name, COUNT(*) AS count FROM post_locations pl
         JOIN locations l ON l.id = pl.location_id
         WHERE pl.post_id IN (${l.sql}) GROUP BY l.id ORDER BY count DESC, l.name`,
      )
      .bind(...l.params),
    db
      .prepare(
        `SELECT SUM(is_featured = 1) AS yes, SUM(is_featured = 0) AS no FROM posts
         WHERE id IN (${f.sql})`,
      )
      .bind(...f.params),
  ];
}

export function toFacets(
  genres: D1Result | undefined,
  locations: D1Result | undefined,
  featured: D1Result | undefined,
): SearchFacets {
  const counts = rowsOf<{ yes: number | null; no: number | null }>(featured)[0];
  return {
    genres: rowsOf<FacetValue>(genres),
    locations: rowsOf<FacetValue>(locations),
    featured: { yes: counts?.yes ?? 0, no: counts?.no ?? 0 },
  };
}

function toHit(row: HitRow): PostHit {
  const post = toPost(row);
  return { post, highlights: highlightsOf(post, row, [row.h_excerpt, row.h_body], post.excerpt) };
}

const MARKS = `highlight(posts_fts, 0, ${MARK}) AS h_title, highlight(posts_fts, 1, ${MARK}) AS h_artist,
  highlight(posts_fts, 2, ${MARK}) AS h_excerpt, snippet(posts_fts, 3, ${MARK}, '…', 24) AS h_body`;

const MATCH_SEARCH: MatchSearch<HitRow, PostHit> = {
  fts: "posts_fts",
  cap: SEARCH_CAP.posts,
  weights: WEIGHTS,
  extras: {
    columns: "x.post_date AS d, x.is_featured AS f, x.genres_json AS g, x.locations_json AS l",
    join: "JOIN post_extras x ON x.post_id = c.id",
  },
  withLocations: true,
  select: `SELECT ${POST_COLUMNS}, ${MARKS} FROM posts_fts JOIN posts p ON p.id = posts_fts.rowid ${POST_EXTRAS}`,
  toHit,
};

async function run(db: D1Database, query: SearchQuery, match: string | null) {
  if (match) return searchMatch(db, MATCH_SEARCH, query, match);
  const { page, pageSize, offset } = paging(query.page, query.pageSize, DEFAULT_POST_PAGE_SIZE);
  const from = source(match, filterClauses("post", query));
  const order =
    match && query.sortBy === "relevance"
      ? `${RANK}, p.post_date DESC, p.id DESC`
      : "p.post_date DESC, p.id DESC";
  const marks = match
    ? `highlight(posts_fts, 0, ${MARK}) AS h_title, highlight(posts_fts, 1, ${MARK}) AS h_artist,
       highlight(posts_fts, 2, ${MARK}) AS h_excerpt,
       snippet(posts_fts, 3, ${MARK}, '…', 24) AS h_body`
    : "NULL AS h_title, NULL AS h_artist, NULL AS h_excerpt, NULL AS h_body";
  const [rows, count, ...facets] = await db.batch([
    ...hitStatements(db, `${POST_COLUMNS}, ${marks}`, from, order, pageSize, offset, POST_EXTRAS),
    ...facetStatements(db, match, query),
  ]);
  const total = totalOf(count);
  return {
    page: toPage(rowsOf<HitRow>(rows).map(toHit), page, pageSize, total),
    facets: toFacets(facets[0], facets[1], facets[2]),
  };
}

/**
 * Full-text search of published posts (FTS5: diacritics folded, prefix terms, bm25 with the title
 * weighted most). Every word must match; when that finds nothing, any word may.
 */
export function searchPosts(db: D1Database, query: SearchQuery): Promise<SearchResult<PostHit>> {
  return searchWithFallback(query, (match) => run(db, query, match));
}
