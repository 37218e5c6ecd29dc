import type { ContentService } from "@core/content/service";
import type { KnownTaxa, ParsedSearch } from "@core/search/params";
import type { SearchQuery } from "@core/search/query";
import {
  type MixtapeHit,
  type PostHit,
  SEARCH_ARTISTS,
  type SearchFacets,
  type SearchResult,
  type SearchResults,
} from "@core/search/results";
import { reportSourceFailure } from "@worker/failure/source-failure";
import { captureError } from "../monitoring/report";

const EMPTY_FACETS: SearchFacets = { genres: [], locations: [], featured: { yes: 0, no: 0 } };

function empty<T>(query: SearchQuery): SearchResult<T> {
  return {
    items: [],
    page: 1,
    pageSize: query.pageSize ?? 15,
    pageCount: 1,
    total: 0,
    processingTimeMs: 0,
    facets: EMPTY_FACETS,
  };
}

/** The genre and location slugs a search may filter by. */
export async function knownTaxa(content: Pick<ContentService, "catalogue">): Promise<KnownTaxa> {
  const [genres, locations] = await Promise.all([
    content.catalogue.listGenres().catch(() => []),
    content.catalogue.listLocations().catch(() => []),
  ]);
  return {
    genres: new Set(genres.map((g) => g.slug)),
    locations: new Set(locations.map((l) => l.slug)),
  };
}

/**
 * Runs a parsed search against the service's index. A failure of every backend gives empty
 * results marked degraded (docs/product.md section 8: lists fail to empty, never to an error page).
 */
export async function runSearch(
  content: Pick<ContentService, "search">,
  parsed: ParsedSearch,
): Promise<SearchResults> {
  const { query, scope } = parsed;
  let degraded = false;
  const guard = <T>(promise: Promise<SearchResult<T>>) =>
    promise.catch((error: unknown) => {
      console.error("Search failed:", error);
      // Empty because of a failure: the answer must not be kept by any cache (decision 013).
      reportSourceFailure(error);
      captureError(error, "search");
      degraded = true;
      return empty<T>(query);
    });
  const wantPosts = scope === "all" || scope === "posts";
  // Mixtapes come back only with the text search: facets of locations do not apply to them.
  const wantMixtapes = (scope === "all" || scope === "mixtapes") && !query.locations.length;
  // Artists are listed first, on the first page of a text search without filters.
  const wantArtists =
    (scope === "all" || scope === "artists") &&
    query.page === 1 &&
    query.query.trim() !== "" &&
    !query.genres.length &&
    !query.locations.length;
  const artistsPromise = wantArtists
    ? content.search.searchArtists(query.query, SEARCH_ARTISTS).catch((error: unknown) => {
        console.error("Artist search failed:", error);
        reportSourceFailure(error);
        captureError(error, "search");
        degraded = true;
        return [];
      })
    : null;
  const [posts, mixtapes]: [SearchResult<PostHit> | null, SearchResult<MixtapeHit> | null] =
    wantPosts && wantMixtapes
      ? // One request to the search service for both (docs/decisions/036); they fail together.
        await content.search.searchPostsAndMixtapes(query).then(
          (both) => [both.posts, both.mixtapes],
          async (error: unknown) => [await guard<PostHit>(Promise.reject(error)), empty<MixtapeHit>(query)],
        )
      : await Promise.all([
          wantPosts ? guard(content.search.searchPosts(query)) : null,
          wantMixtapes ? guard(content.search.searchMixtapes(query)) : null,
        ]);
  const artists = await artistsPromise;
  return {
    query,
    artists,
    posts: posts && {
      ...posts,
      items: posts.items.map(({ post: { content: _body, ...post }, highlights }) => ({ post, highlights })),
    },
    mixtapes: mixtapes && {
      ...mixtapes,
      items: mixtapes.items.map(
        ({ mixtape: { tracklist: _t, description: _d, ...mixtape }, highlights }) => ({
          mixtape,
          highlights,
        }),
      ),
    },
    degraded,
  };
}
