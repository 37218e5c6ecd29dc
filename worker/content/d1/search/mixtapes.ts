import type { SearchQuery } from "@core/search/query";
import type { MixtapeHit, SearchResult } from "@core/search/results";
import { DEFAULT_POST_PAGE_SIZE, paging, toPage } from "@worker/content/paging";
import { MIXTAPE_COLUMNS, type MixtapeRow, toMixtape } from "../mixtapes";
import { rowsOf, totalOf } from "../sql";
import { type MatchSearch, SEARCH_CAP, searchMatch } from "./candidates";
import { ftsSource, highlightsOf, hitStatements, MARK, type MarkedRow, searchWithFallback } from "./common";
import { type Clause, filterClauses } from "./filters";
import { toFacets } from "./posts";

const WEIGHTS = "10.0, 8.0, 2.0, 3.0, 5.0, 6.0";
const RANK = `bm25(mixtapes_fts, ${WEIGHTS})`;

interface HitRow extends MixtapeRow, MarkedRow {
  h_description: string | null;
  h_tracklist: string | null;
}

const source = (match: string | null, clauses: Clause[]) =>
  ftsSource("mixtapes_fts", "mixtapes", "m", match, clauses);

function toHit(row: HitRow): MixtapeHit {
  const mixtape = toMixtape(row);
  return {
    mixtape,
    highlights: highlightsOf(mixtape, row, [row.h_description, row.h_tracklist], mixtape.description),
  };
}

const MARKS = `highlight(mixtapes_fts, 0, ${MARK}) AS h_title, highlight(mixtapes_fts, 1, ${MARK}) AS h_artist,
  snippet(mixtapes_fts, 2, ${MARK}, '…', 24) AS h_description,
  snippet(mixtapes_fts, 3, ${MARK}, '…', 16) AS h_tracklist`;

const MATCH_SEARCH: MatchSearch<HitRow, MixtapeHit> = {
  fts: "mixtapes_fts",
  cap: SEARCH_CAP.mixtapes,
  weights: WEIGHTS,
  extras: {
    columns: "x.release_date AS d, x.is_featured AS f, x.genres_json AS g, NULL AS l",
    join: "JOIN mixtape_extras x ON x.mixtape_id = c.id",
  },
  withLocations: false,
  select: `SELECT ${MIXTAPE_COLUMNS}, ${MARKS} FROM mixtapes_fts JOIN mixtapes m ON m.id = mixtapes_fts.rowid`,
  toHit,
};

async function run(db: D1Database, query: SearchQuery, match: string | null) {
  if (match) return searchMatch(db, MATCH_SEARCH, query, match);
  const { page, pageSize, offset } = paging(query.page, query.pageSize, DEFAULT_POST_PAGE_SIZE);
  const from = source(match, filterClauses("mixtape", query));
  const order =
    match && query.sortBy === "relevance"
      ? `${RANK}, m.release_date DESC, m.id DESC`
      : "m.release_date DESC, m.id DESC";
  const marks = match
    ? `highlight(mixtapes_fts, 0, ${MARK}) AS h_title, highlight(mixtapes_fts, 1, ${MARK}) AS h_artist,
       snippet(mixtapes_fts, 2, ${MARK}, '…', 24) AS h_description,
       snippet(mixtapes_fts, 3, ${MARK}, '…', 16) AS h_tracklist`
    : "NULL AS h_title, NULL AS h_artist, NULL AS h_description, NULL AS h_tracklist";
  const ids = (except: "genres" | "featured") => {
    const f = source(match, filterClauses("mixtape", query, except));
    return { sql: `SELECT m.id ${f.sql}`, params: f.params };
  };
  const g = ids("genres");
  const f = ids("featured");
  const [rows, count, genres, featured] = await db.batch([
    ...hitStatements(db, `${MIXTAPE_COLUMNS}, ${marks}`, from, order, pageSize, offset),
    db
      .prepare(
        `SELECT g.slug, g.name, COUNT(*) AS count FROM mixtape_genres mg JOIN genres g ON g.id = mg.genre_id
         WHERE mg.mixtape_id IN (${g.sql}) GROUP BY g.id ORDER BY count DESC, g.name`,
      )
      .bind(...g.params),
    db
      .prepare(
        `SELECT SUM(is_featured = 1) AS yes, SUM(is_featured = 0) AS no FROM mixtapes
         WHERE id IN (${f.sql})`,
      )
      .bind(...f.params),
  ]);
  const total = totalOf(count);
  return {
    page: toPage(rowsOf<HitRow>(rows).map(toHit), page, pageSize, total),
    facets: toFacets(genres, undefined, featured),
  };
}

/** Full-text search of published mixtapes: title, artist, description, tracklist and genres. */
export function searchMixtapes(db: D1Database, query: SearchQuery): Promise<SearchResult<MixtapeHit>> {
  return searchWithFallback(query, (match) => run(db, query, match));
}
