import type { Parsed } from "../page-params";
import type { SearchQuery, SearchSort } from "./query";

export const MAX_QUERY_LENGTH = 200;
export const MAX_SEARCH_PAGE = 100;
export const MAX_SEARCH_PAGE_SIZE = 50;
export const DEFAULT_SEARCH_PAGE_SIZE = 15;
export const MAX_SUGGESTIONS = 8;
export const DEFAULT_SUGGESTIONS = 5;
const SLUG = /^[a-z0-9][a-z0-9-]{0,63}$/;
const SORTS: SearchSort[] = ["relevance", "newest"];

export type SearchScope = "all" | "posts" | "mixtapes" | "artists";

export interface ParsedSearch {
  query: Required<Pick<SearchQuery, "query" | "page" | "pageSize" | "genres" | "locations" | "sortBy">> &
    Pick<SearchQuery, "isFeatured">;
  scope: SearchScope;
}

export interface KnownTaxa {
  genres: ReadonlySet<string>;
  locations: ReadonlySet<string>;
}

/**
 * The known genres and locations when `params` filters by any, else none without asking: a
 * search without filters does not read the taxonomies (docs/decisions/072-capped-search.md).
 */
export async function taxaFor(params: URLSearchParams, known: () => Promise<KnownTaxa>): Promise<KnownTaxa> {
  if (params.has("genre") || params.has("location")) return known();
  return { genres: new Set(), locations: new Set() };
}

export type { Parsed };

function integer(
  raw: string | null,
  name: string,
  min: number,
  max: number,
  fallback: number,
): Parsed<number> {
  if (raw === null || raw === "") return { ok: true, value: fallback };
  if (!/^\d{1,6}$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    return { ok: false, error: `${name} must be a whole number from ${min} to ${max}` };
  }
  return { ok: true, value: Number(raw) };
}

function list(given: string[]): string[] {
  const values = given.flatMap((v) => v.split(","));
  return [...new Set(values.map((v) => v.trim()).filter(Boolean))];
}

/**
 * Reads /search and /api/search parameters: q (at most 200 characters), page (1-100), size
 * (1-50), genre and location (repeatable or comma-separated slugs that exist), featured
 * (true/false), sort (relevance/newest) and type (all/posts/mixtapes). In `lenient` mode (the
 * HTML page) unusable values are dropped instead of refused, so a shared link still opens.
 */
export function parseSearchParams(
  params: URLSearchParams,
  known: KnownTaxa,
  mode: "strict" | "lenient",
): Parsed<ParsedSearch> {
  const fail = (error: string): Parsed<ParsedSearch> => ({ ok: false, error });
  const rawQuery = (params.get("q") ?? "").trim();
  if (rawQuery.length > MAX_QUERY_LENGTH && mode === "strict") {
    return fail(`q must be at most ${MAX_QUERY_LENGTH} characters`);
  }
  const query = rawQuery.slice(0, MAX_QUERY_LENGTH);

  const page = integer(params.get("page"), "page", 1, MAX_SEARCH_PAGE, 1);
  const size = integer(params.get("size"), "size", 1, MAX_SEARCH_PAGE_SIZE, DEFAULT_SEARCH_PAGE_SIZE);
  if (mode === "strict") {
    if (!page.ok) return fail(page.error);
    if (!size.ok) return fail(size.error);
  }

  const taxa = (name: "genre" | "location", given: string[], set: ReadonlySet<string>): Parsed<string[]> => {
    const values = list(given);
    if (values.length > 20 && mode === "strict")
      return { ok: false, error: `${name} must be at most 20 values` };
    const unknown = values.find((v) => !SLUG.test(v) || !set.has(v));
    if (unknown !== undefined && mode === "strict") {
      return {
        ok: false,
        error: `unknown ${name}: ${unknown.slice(0, 64)} (${name} must be the slug of a known ${name})`,
      };
    }
    return { ok: true, value: values.filter((v) => SLUG.test(v) && set.has(v)).slice(0, 20) };
  };
  const genres = taxa("genre", params.getAll("genre"), known.genres);
  if (!genres.ok) return fail(genres.error);
  const locations = taxa("location", params.getAll("location"), known.locations);
  if (!locations.ok) return fail(locations.error);

  const featuredRaw = params.get("featured");
  let isFeatured: boolean | undefined;
  if (featuredRaw === "true" || featuredRaw === "false") isFeatured = featuredRaw === "true";
  else if (featuredRaw && mode === "strict") return fail("featured must be true or false");

  const sortRaw = params.get("sort");
  const sortDefault: SearchSort = query ? "relevance" : "newest";
  const sortBy = SORTS.includes(sortRaw as SearchSort) ? (sortRaw as SearchSort) : sortDefault;
  if (sortRaw && sortBy !== sortRaw && mode === "strict") return fail("sort must be relevance or newest");

  const typeRaw = params.get("type");
  const scopes: SearchScope[] = ["all", "posts", "mixtapes", "artists"];
  const scope = scopes.includes(typeRaw as SearchScope) ? (typeRaw as SearchScope) : "all";
  if (typeRaw && scope !== typeRaw && mode === "strict")
    return fail("type must be all, posts, mixtapes or artists");

  return {
    ok: true,
    value: {
      query: {
        query,
        page: page.ok ? page.value : 1,
        pageSize: size.ok ? size.value : DEFAULT_SEARCH_PAGE_SIZE,
        genres: genres.value,
        locations: locations.value,
        isFeatured,
        sortBy,
      },
      scope,
    },
  };
}

/** /api/suggest: q (suggestions need 2 trimmed characters; at most 200) and limit (1-8). */
export function parseSuggestParams(params: URLSearchParams): Parsed<{ query: string; limit: number }> {
  const query = (params.get("q") ?? "").trim();
  if (query.length > MAX_QUERY_LENGTH) {
    return { ok: false, error: `q must be at most ${MAX_QUERY_LENGTH} characters` };
  }
  const limit = integer(params.get("limit"), "limit", 1, MAX_SUGGESTIONS, DEFAULT_SUGGESTIONS);
  if (!limit.ok) return limit;
  return { ok: true, value: { query, limit: limit.value } };
}
