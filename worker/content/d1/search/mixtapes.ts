import { documentText } from "@core/content/document";
import type { SearchQuery } from "@core/search/query";
import type { MixtapeHit, SearchResult } from "@core/search/results";
import { type ListKey, mixtapeGenreList, namedList } from "../lists";
import { MIXTAPE_COLUMNS, MIXTAPE_EXTRAS, type MixtapeRow, toMixtape } from "../mixtapes";
import { type CandidateSearch, fromList, SEARCH_CAP, searchCandidates } from "./candidates";
import { MARK, type SnippetRow, searchWithFallback, snippetHit } from "./common";
import { filterClauses, joinClauses } from "./filters";

const WEIGHTS = "10.0, 8.0, 2.0, 3.0, 5.0, 6.0";

const MARKS = `highlight(mixtapes_fts, 0, ${MARK}) AS h_title, highlight(mixtapes_fts, 1, ${MARK}) AS h_artist,
  snippet(mixtapes_fts, 2, ${MARK}, '…', 24) AS h_first,
  snippet(mixtapes_fts, 3, ${MARK}, '…', 16) AS h_second`;
const NO_MARKS = "NULL AS h_title, NULL AS h_artist, NULL AS h_first, NULL AS h_second";
const CANDIDATE = "x.release_date AS d, x.is_featured AS f, x.genres_json AS g, NULL AS l";

/**
 * Without text: the newest mixtapes of one genre, the featured ones or all of them come from
 * their list (docs/decisions/095), the other filters then apply to them; several genres, or
 * those not featured, read the mixtapes newest first.
 */
function browseList(query: SearchQuery): ListKey | null {
  const genres = query.genres ?? [];
  if (genres.length === 1) return mixtapeGenreList(genres[0] as string);
  if (genres.length) return null;
  if (query.isFeatured === true) return namedList("mixtapes:featured");
  return query.isFeatured === undefined ? namedList("mixtapes") : null;
}

const SEARCH: CandidateSearch<MixtapeRow & SnippetRow, MixtapeHit> = {
  fts: "mixtapes_fts",
  table: "mixtapes",
  marks: MARKS,
  cap: SEARCH_CAP.mixtapes,
  weights: WEIGHTS,
  extras: { columns: CANDIDATE, join: "JOIN mixtape_extras x ON x.mixtape_id = c.id" },
  withLocations: false,
  plain: `SELECT ${MIXTAPE_COLUMNS}, ${NO_MARKS} FROM mixtapes m ${MIXTAPE_EXTRAS} WHERE m.id`,
  browse: (query) => {
    const key = browseList(query);
    if (key) return fromList(key, "mixtape_extras x ON x.mixtape_id = i.id", CANDIDATE);
    const where = joinClauses(filterClauses("mixtape", query));
    return {
      sql: `SELECT m.id, ${CANDIDATE} FROM mixtapes m JOIN mixtape_extras x ON x.mixtape_id = m.id
        WHERE ${where.sql} ORDER BY m.release_date DESC, m.id DESC LIMIT ?`,
      params: where.params,
    };
  },
  toHit: snippetHit("mixtape", toMixtape, (item) => documentText(item.description)),
};

/** Full-text search of published mixtapes: title, artist, description, tracklist and genres. */
export function searchMixtapes(db: D1Database, query: SearchQuery): Promise<SearchResult<MixtapeHit>> {
  return searchWithFallback(query, (match) => searchCandidates(db, SEARCH, query, match));
}
