import type { Taxon } from "@core/content/taxon";
import type { SearchQuery } from "@core/search/query";
import type { FacetValue, SearchFacets } from "@core/search/results";
import { DEFAULT_POST_PAGE_SIZE, paging, toPage } from "@worker/content/paging";
import type { ListKey } from "../lists";
import { parseJson } from "../rows";

/**
 * How many of the best matches of a text a search ranks, filters, counts and pages
 * (docs/decisions/072-capped-search.md). Counting every match of a common word reads every
 * match: at most this many are read, and a search that has more says so ("100+"). Mixtapes: the
 * search page shows six at most.
 */
export const SEARCH_CAP = { posts: 100, mixtapes: 50 } as const;

/** One of the best matches, with what its filters and facets need (from the extras rows). */
export interface Candidate {
  id: number;
  date: string;
  featured: boolean;
  genres: Taxon[];
  locations: Taxon[];
}

export interface CandidateRow {
  id: number;
  d: string;
  f: number;
  g: string | null;
  l: string | null;
}

export const toCandidate = (row: CandidateRow): Candidate => ({
  id: row.id,
  date: row.d,
  featured: row.f === 1,
  genres: parseJson<Taxon[]>(row.g, []),
  locations: parseJson<Taxon[]>(row.l, []),
});

/**
 * The best SEARCH_CAP + 1 matches of `fts` ranked by `weights` (bm25's per column), FTS5 ranking
 * and limiting before anything is joined; `extras` gives their date, featured flag and taxa.
 */
export function candidateStatement(
  db: D1Database,
  fts: string,
  weights: string,
  extras: { columns: string; join: string },
  match: string,
  cap: number,
): D1PreparedStatement {
  return db
    .prepare(
      `SELECT c.id, ${extras.columns} FROM (SELECT rowid AS id, rank FROM ${fts}
         WHERE ${fts} MATCH ?1 AND rank MATCH ?2 ORDER BY rank LIMIT ?3) c ${extras.join}
       ORDER BY c.rank`,
    )
    .bind(match, `bm25(${weights})`, cap + 1);
}

/**
 * Without text: the newest candidates of a list of the list index (docs/decisions/071, 095),
 * `extras` their extras rows (alias x) and `columns` the candidate columns read from them.
 * Parameters: ?1 the list's key, ?2 the limit.
 */
export function fromList(key: ListKey, extras: string, columns: string) {
  return {
    sql: `SELECT i.id, ${columns} FROM list_items i JOIN ${extras}
      WHERE i.list = ${key.name} ORDER BY i.sort DESC, i.kind DESC, i.id DESC LIMIT ?2`,
    params: [key.param],
  };
}

/**
 * The page of `hits` a query asks for, as a page of SearchResult, with `capped` when the text
 * matched more than the candidates read.
 */
export function candidatePage(hits: Candidate[], query: SearchQuery, fetched: number, cap: number) {
  const { page, pageSize, offset } = paging(query.page, query.pageSize, DEFAULT_POST_PAGE_SIZE);
  return {
    ids: hits.slice(offset, offset + pageSize).map((h) => h.id),
    page,
    pageSize,
    total: hits.length,
    capped: fetched > cap,
  };
}

type FacetKind = "genres" | "locations" | "featured";

/** Whether a candidate passes the query's filters, `except` one (disjunctive facets). */
function passes(c: Candidate, query: SearchQuery, except?: FacetKind): boolean {
  const genres = query.genres ?? [];
  const locations = query.locations ?? [];
  if (genres.length && except !== "genres" && !c.genres.some((g) => genres.includes(g.slug))) return false;
  if (locations.length && except !== "locations" && !c.locations.some((l) => locations.includes(l.slug)))
    return false;
  if (query.isFeatured !== undefined && except !== "featured" && c.featured !== query.isFeatured)
    return false;
  return true;
}

function facetValues(candidates: Candidate[], of: (c: Candidate) => Taxon[]): FacetValue[] {
  const counts = new Map<string, FacetValue>();
  for (const c of candidates)
    for (const t of of(c)) {
      const value = counts.get(t.slug) ?? { slug: t.slug, name: t.name, count: 0 };
      value.count++;
      counts.set(t.slug, value);
    }
  return [...counts.values()].sort(
    (a, b) => b.count - a.count || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
  );
}

/**
 * The candidates a query keeps, in its order (relevance: as ranked; newest: by date), and the
 * facets over them: each facet counts the candidates that pass every other filter.
 */
export function narrow(
  candidates: Candidate[],
  query: SearchQuery,
  withLocations: boolean,
): { hits: Candidate[]; facets: SearchFacets } {
  const hits = candidates.filter((c) => passes(c, query));
  if (query.sortBy !== "relevance")
    hits.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : b.id - a.id));
  const featured = candidates.filter((c) => passes(c, query, "featured"));
  return {
    hits,
    facets: {
      genres: facetValues(
        candidates.filter((c) => passes(c, query, "genres")),
        (c) => c.genres,
      ),
      locations: withLocations
        ? facetValues(
            candidates.filter((c) => passes(c, query, "locations")),
            (c) => c.locations,
          )
        : [],
      featured: {
        yes: featured.filter((c) => c.featured).length,
        no: featured.filter((c) => !c.featured).length,
      },
    },
  };
}

/**
 * The rows of the page's ids, in the page's order: `sql` reads them (its "?ids" the list of
 * their placeholders), `params` its parameters before the ids.
 */
export async function hitsInOrder<R extends { id: number }, T>(
  db: D1Database,
  sql: string,
  params: unknown[],
  ids: number[],
  toHit: (row: R) => T,
): Promise<T[]> {
  if (!ids.length) return [];
  const { results } = await db
    .prepare(sql.replace("?ids", ids.map(() => "?").join(",")))
    .bind(...params, ...ids)
    .all<R>();
  const byId = new Map(results.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toHit(row)] : [];
  });
}

/** What a search of posts or mixtapes needs (search/posts.ts, search/mixtapes.ts). */
export interface CandidateSearch<R, T> {
  fts: string;
  /** How many of the best matches are read (SEARCH_CAP). */
  cap: number;
  /** bm25's weight per column. */
  weights: string;
  /** Columns d, f, g, l of each candidate from its extras row, and the join that reads it. */
  extras: { columns: string; join: string };
  withLocations: boolean;
  /** SELECT … FROM the FTS table joined with the item's row (highlights included). */
  select: string;
  /** The same without text: the item's row, no highlights; ends with `WHERE <id column>`. */
  plain: string;
  /**
   * Without text: the newest `cap` + 1 items the query's filters keep, as candidate rows (its
   * last parameter the limit).
   */
  browse: (query: SearchQuery) => { sql: string; params: unknown[] };
  toHit: (row: R) => T;
}

/**
 * A search: the best `cap` matches ranked by FTS5 before anything is joined (without text, the
 * newest `cap` items its filters keep), filtered, faceted and paged from their extras rows, then
 * the page's items read with their highlights (docs/decisions/072-capped-search.md).
 */
export async function searchCandidates<R extends { id: number }, T>(
  db: D1Database,
  s: CandidateSearch<R, T>,
  query: SearchQuery,
  match: string | null,
) {
  const browse = match ? null : s.browse(query);
  const found = await (match
    ? candidateStatement(db, s.fts, s.weights, s.extras, match, s.cap)
    : db.prepare(browse?.sql ?? "").bind(...(browse?.params ?? []), s.cap + 1)
  ).all<CandidateRow>();
  const candidates = found.results.slice(0, s.cap).map(toCandidate);
  const { hits, facets } = narrow(candidates, query, s.withLocations);
  const { ids, page, pageSize, total, capped } = candidatePage(hits, query, found.results.length, s.cap);
  const items = match
    ? await hitsInOrder(
        db,
        `${s.select} WHERE ${s.fts} MATCH ? AND ${s.fts}.rowid IN (?ids)`,
        [match],
        ids,
        s.toHit,
      )
    : await hitsInOrder(db, `${s.plain} IN (?ids)`, [], ids, s.toHit);
  return { page: { ...toPage(items, page, pageSize, total), capped }, facets };
}
