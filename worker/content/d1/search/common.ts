import type { Page } from "@core/content/page";
import type { SearchQuery } from "@core/search/query";
import type { Highlights, SearchFacets, SearchResult } from "@core/search/results";
import { DEFAULT_POST_PAGE_SIZE, paging, toPage } from "@worker/content/paging";
import { ftsMatch, ftsTerms } from "./fts-query";

/** highlight()/snippet() markers: the only markup a highlighted text carries. */
export const MARK = "'<mark>', '</mark>'";

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

/** A hit row with the two snippets (`h_first`, `h_second`) its excerpt is chosen from. */
export interface SnippetRow extends MarkedRow {
  h_first: string | null;
  h_second: string | null;
}

/**
 * The highlights of one hit: the matched title and artist, and as excerpt the first snippet
 * with a match in it, else the item's own `plain` text.
 */
export function snippetHighlights(
  item: { title: string; artist: string | null },
  row: SnippetRow,
  plain: string,
): Highlights {
  const excerpt = [row.h_first, row.h_second].find((e) => e?.includes("<mark>")) ?? plain;
  return { title: row.h_title ?? item.title, artist: row.h_artist || item.artist, excerpt };
}

/**
 * A kind's `toHit`: its item from the row (`toItem`) under `key`, with the highlights of its
 * snippets, else of its own `plain` text.
 */
export function snippetHit<K extends string, R, T extends { title: string; artist: string | null }>(
  key: K,
  toItem: (row: R) => T,
  plain: (item: T) => string,
): (row: R & SnippetRow) => { [k in K]: T } & { highlights: Highlights } {
  return (row) => {
    const item = toItem(row);
    return { [key]: item, highlights: snippetHighlights(item, row, plain(item)) } as never;
  };
}
