import type { Page } from "@core/content/page";
import type { SearchQuery } from "@core/search/query";
import type { Highlights, SearchFacets, SearchResult } from "@core/search/results";
import { DEFAULT_POST_PAGE_SIZE, paging, toPage } from "@worker/content/paging";
import { type Clause, joinClauses } from "./filters";
import { ftsMatch, ftsTerms } from "./fts-query";

/** highlight()/snippet() markers: the only markup a highlighted text carries. */
export const MARK = "'<mark>', '</mark>'";

/**
 * FROM/WHERE for the matching rows of `table` (aliased `alias`): through its FTS table when there
 * is text to match, straight from the table when the query is empty (browsing with filters).
 */
export function ftsSource(
  fts: string,
  table: string,
  alias: string,
  match: string | null,
  clauses: Clause[],
): Clause {
  const where = joinClauses(clauses);
  return match
    ? {
        sql: `FROM ${fts} JOIN ${table} ${alias} ON ${alias}.id = ${fts}.rowid
              WHERE ${fts} MATCH ? AND ${where.sql}`,
        params: [match, ...where.params],
      }
    : { sql: `FROM ${table} ${alias} WHERE ${where.sql}`, params: where.params };
}

/** No hits: the text had nothing searchable in it (only punctuation, say). */
function emptyResult<T>(query: SearchQuery, started: number): SearchResult<T> {
  const { page, pageSize } = paging(query.page, query.pageSize, DEFAULT_POST_PAGE_SIZE);
  return {
    ...toPage<T>([], page, pageSize, 0),
    facets: { genres: [], locations: [], featured: { yes: 0, no: 0 } },
    processingTimeMs: Date.now() - started,
  };
}

/**
 * Runs a search with every word required; when that finds nothing and there are several words,
 * again with any word. Text without a searchable word finds nothing; an empty text browses.
 */
export async function searchWithFallback<T>(
  query: SearchQuery,
  run: (match: string | null) => Promise<{ page: Page<T> & { capped?: boolean }; facets: SearchFacets }>,
): Promise<SearchResult<T>> {
  const started = Date.now();
  const terms = ftsTerms(query.query);
  if (terms.length === 0 && query.query.trim()) return emptyResult(query, started);
  let result = await run(ftsMatch(terms, "all"));
  if (result.page.total === 0 && terms.length > 1) result = await run(ftsMatch(terms, "any"));
  return { ...result.page, facets: result.facets, processingTimeMs: Date.now() - started };
}

/** The highlighted title and artist every hit row carries (NULL when the query is empty). */
export interface MarkedRow {
  h_title: string | null;
  h_artist: string | null;
}

/**
 * The highlights of one hit: the matched title and artist, and as excerpt the first of
 * `excerpts` with a match in it, else the item's own `plain` text.
 */
export function highlightsOf(
  item: { title: string; artist: string | null },
  row: MarkedRow,
  excerpts: (string | null)[],
  plain: string,
): Highlights {
  const excerpt = excerpts.find((e) => e?.includes("<mark>")) ?? plain;
  return { title: row.h_title ?? item.title, artist: row.h_artist || item.artist, excerpt };
}

/** The two statements every search starts its batch with: one page of hits, and their count. */
export function hitStatements(
  db: D1Database,
  select: string,
  from: Clause,
  order: string,
  pageSize: number,
  offset: number,
  join = "",
): D1PreparedStatement[] {
  // `join` adds what `select` reads besides the rows `from` counts (the extras row).
  const rows = join ? from.sql.replace(/ WHERE /, ` ${join} WHERE `) : from.sql;
  return [
    db
      .prepare(`SELECT ${select} ${rows} ORDER BY ${order} LIMIT ? OFFSET ?`)
      .bind(...from.params, pageSize, offset),
    db.prepare(`SELECT COUNT(*) AS total ${from.sql}`).bind(...from.params),
  ];
}
