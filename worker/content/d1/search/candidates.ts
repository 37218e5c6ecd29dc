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

/**
 * A common word's matches are ranked among the items with the newest RANK_WINDOW ids first
 * (docs/decisions/104-bounded-ranking.md): FTS5 ranks every match it is given before it limits,
 * so ranking all matches of a word found in half of a 100,000-post archive took 20 to 100 ms.
 * When the window holds fewer matches than a search reads, the best older ones fill up.
 */
export const RANK_WINDOW = 5000;

/** Which ids a ranked statement ranks: the newest RANK_WINDOW or the older ones. */
export type RankPart = "newest" | "older";

/**
 * The window's SQL for a ranked statement: `where`, the rowid range FTS5 applies before it
 * ranks (in the FTS table's WHERE), and `whole`, a column that is 1 when the newest ids are every
 * id of `table` (nothing older to rank). The window's size is written into the SQL: bound as a
 * parameter, the range did not reach FTS5 in D1 and every match was read (40,900 rows for three).
 */
export function rankWindow(table: string, part: RankPart) {
  const floor = `(SELECT max(id) FROM ${table}) - ${RANK_WINDOW}`;
  if (part === "older") return { where: `AND rowid <= ${floor}`, whole: "" };
  return { where: `AND rowid > ${floor}`, whole: `, (SELECT min(id) FROM ${table}) > ${floor} AS whole` };
}

/** A row of a ranked statement: its bm25 rank (lower is better), and `whole` (rankWindow). */
export interface Windowed {
  rank?: number;
  whole?: number;
}

/**
 * The rows of the newest ids, and when they are fewer than `wanted` and older ids exist, the
 * best of the older ones after them (`older(n)` ranks n of them), all in rank order. bm25 ranks
 * both parts alike (its statistics are the whole table's), so the two merge by rank; the newest
 * matches are all kept, the older ones fill the places left.
 */
export async function newestFirst<R extends Windowed>(
  newest: R[],
  wanted: number,
  older: (n: number) => Promise<R[]>,
): Promise<R[]> {
  if (newest.length >= wanted || newest[0]?.whole === 1) return newest;
  const rows = [...newest, ...(await older(wanted - newest.length))];
  return rows.sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0));
}

/** One of the best matches, with what its filters and facets need (from the extras rows). */
export interface Candidate {
  id: number;
  date: string;
  featured: boolean;
  genres: Taxon[];
  locations: Taxon[];
  /** The highlight columns (h_…) FTS5 gave the match as it ranked it; none without text. */
  marks: Record<string, unknown>;
}

export interface CandidateRow {
  id: number;
  d: string;
  f: number;
  g: string | null;
  l: string | null;
  [mark: `h_${string}`]: unknown;
}

export function toCandidate(row: CandidateRow): Candidate {
  const marks: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row)) if (column.startsWith("h_")) marks[column] = value;
  return {
    id: row.id,
    date: row.d,
    featured: row.f === 1,
    genres: parseJson<Taxon[]>(row.g, []),
    locations: parseJson<Taxon[]>(row.l, []),
    marks,
  };
}

/** What the ranked statement of a text search needs from its search (CandidateSearch). */
interface Ranked {
  fts: string;
  /** The content table whose ids are the FTS rowids (the window counts back from its newest). */
  table: string;
  weights: string;
  extras: { columns: string; join: string };
  /** The highlight columns (h_…), computed by FTS5 for the matches it hands over. */
  marks: string;
}

/**
 * The best `limit` matches of `match` among `part` of the ids, ranked by bm25 with the search's
 * column weights, FTS5 ranking and limiting before anything is joined, with their highlights;
 * `extras` gives their date, featured flag and taxa.
 */
export function candidateStatement(
  db: D1Database,
  s: Ranked,
  match: string,
  limit: number,
  part: RankPart,
): D1PreparedStatement {
  const window = rankWindow(s.table, part);
  return db
    .prepare(
      `SELECT c.*, ${s.extras.columns}${window.whole}
       FROM (SELECT rowid AS id, rank, ${s.marks} FROM ${s.fts}
         WHERE ${s.fts} MATCH ?1 ${window.where} AND rank MATCH ?2 ORDER BY rank LIMIT ?3) c
       ${s.extras.join} ORDER BY c.rank`,
    )
    .bind(match, `bm25(${s.weights})`, limit);
}

/**
 * The best `cap` + 1 matches: those among the newest ids, filled up with the best older ones
 * when the newest hold fewer (a word rare among the newest items).
 */
export async function rankedCandidates(
  db: D1Database,
  s: Ranked,
  match: string,
  cap: number,
): Promise<CandidateRow[]> {
  const ranked = (part: RankPart, n: number) =>
    candidateStatement(db, s, match, n, part)
      .all<CandidateRow & Windowed>()
      .then((r) => r.results);
  return newestFirst(await ranked("newest", cap + 1), cap + 1, (n) => ranked("older", n));
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
    onPage: hits.slice(offset, offset + pageSize),
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
 * The rows of the page's hits, in the page's order, with their highlights: `sql` reads them
 * by id (its "?ids" the list of their placeholders).
 */
export async function hitsInOrder<R extends { id: number }, T>(
  db: D1Database,
  sql: string,
  hits: Candidate[],
  toHit: (row: R) => T,
): Promise<T[]> {
  if (!hits.length) return [];
  const { results } = await db
    .prepare(sql.replace("?ids", hits.map(() => "?").join(",")))
    .bind(...hits.map((h) => h.id))
    .all<R>();
  const byId = new Map(results.map((r) => [r.id, r]));
  return hits.flatMap((hit) => {
    const row = byId.get(hit.id);
    // The highlights FTS5 gave the match as it ranked it, over the plain row's NULL ones.
    return row ? [toHit({ ...row, ...hit.marks })] : [];
  });
}

/** What a search of posts or mixtapes needs (search/posts.ts, search/mixtapes.ts). */
export interface CandidateSearch<R, T> extends Ranked {
  /** How many of the best matches are read (SEARCH_CAP). */
  cap: number;
  withLocations: boolean;
  /**
   * The item's row with NULL highlight columns (the candidates bring theirs), ending with
   * `WHERE <id column>`.
   */
  plain: string;
  /**
   * Without text: the newest `cap` + 1 items the query's filters keep, as candidate rows (its
   * last parameter the limit).
   */
  browse: (query: SearchQuery) => { sql: string; params: unknown[] };
  toHit: (row: R) => T;
}

/**
 * A search: the best `cap` matches ranked by FTS5 before anything is joined, with their
 * highlights (without text, the newest `cap` items its filters keep), filtered, faceted and paged
 * from their extras rows, then the page's items read by id (docs/decisions/072-capped-search.md,
 * 104-bounded-ranking.md).
 */
export async function searchCandidates<R extends { id: number }, T>(
  db: D1Database,
  s: CandidateSearch<R, T>,
  query: SearchQuery,
  match: string | null,
) {
  const browse = match ? null : s.browse(query);
  const found = match
    ? await rankedCandidates(db, s, match, s.cap)
    : (
        await db
          .prepare(browse?.sql ?? "")
          .bind(...(browse?.params ?? []), s.cap + 1)
          .all<CandidateRow>()
      ).results;
  const candidates = found.slice(0, s.cap).map(toCandidate);
  const { hits, facets } = narrow(candidates, query, s.withLocations);
  const { onPage, page, pageSize, total, capped } = candidatePage(hits, query, found.length, s.cap);
  const items = await hitsInOrder(db, `${s.plain} IN (?ids)`, onPage, s.toHit);
  return { page: { ...toPage(items, page, pageSize, total), capped }, facets };
}
