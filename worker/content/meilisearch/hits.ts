import type {
  FacetValue,
  Highlights,
  MixtapeHit,
  PostHit,
  SearchFacets,
  SearchResult,
} from "@core/search/results";
import type * as v from "valibot";
import { documentToMixtape, documentToPost, type MixtapeDocument, type PostDocument } from "./documents";
import type { mixtapeHitShape, postHitShape, SearchAnswer } from "./shapes";

// Meilisearch's search answers, already checked against ./shapes.ts, as the SearchIndex port
// returns them: hits, highlights, facets with display names, and paging.

function facetValues(
  distribution: Record<string, Record<string, number>> | undefined,
  field: string,
  names: Map<string, string>,
): FacetValue[] {
  return Object.entries(distribution?.[field] ?? {})
    .map(([slug, count]) => ({ slug, name: names.get(slug) ?? slug, count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}

function toFacets(response: SearchAnswer<unknown>, names: Map<string, string>): SearchFacets {
  const distribution = response.facetDistribution;
  const featured = distribution?.is_featured ?? {};
  return {
    genres: facetValues(distribution, "genres.slug", names),
    locations: facetValues(distribution, "locations.slug", names),
    featured: { yes: featured.true ?? 0, no: featured.false ?? 0 },
  };
}

function paged<T>(response: SearchAnswer<unknown>, items: T[], facets: SearchFacets): SearchResult<T> {
  const pageSize = response.hitsPerPage ?? items.length;
  const total = response.totalHits ?? items.length;
  return {
    items,
    page: response.page ?? 1,
    pageSize,
    total,
    pageCount: Math.max(1, Math.ceil(total / Math.max(1, pageSize))),
    processingTimeMs: response.processingTimeMs,
    facets,
  };
}

const text = (value: unknown, fallback: string) => (typeof value === "string" ? value : fallback);

/** Meilisearch's `_formatted` copy of a hit: its text with the matches marked up. */
type Formatted = Record<string, unknown> | undefined;

/** A hit's highlights: Meilisearch's marked-up `_formatted` text where it has one, else the item's own. */
function highlightsOf(
  f: Formatted,
  item: { title: string; artist: string | null },
  excerpt: [formatted: unknown, own: string],
): Highlights {
  return {
    title: text(f?.title, item.title),
    artist: typeof f?.artist_name === "string" ? f.artist_name : item.artist,
    excerpt: text(...excerpt),
  };
}

// Checked against postHitShape and mixtapeHitShape: the fields asked for, typed as the index stores them.
export const postHit = (hit: v.InferOutput<typeof postHitShape>): PostHit => {
  const post = documentToPost(hit as unknown as PostDocument);
  const f = hit._formatted;
  return { post, highlights: highlightsOf(f, post, [f?.excerpt, post.excerpt]) };
};

export const mixtapeHit = (hit: v.InferOutput<typeof mixtapeHitShape>): MixtapeHit => {
  const mixtape = documentToMixtape(hit as unknown as MixtapeDocument);
  const f = hit._formatted;
  return { mixtape, highlights: highlightsOf(f, mixtape, [f?.description, hit.description ?? ""]) };
};

/** One page of hits, each mapped by `hit`, with its facets. */
export function hitsPage<T, H>(response: SearchAnswer<T>, names: Map<string, string>, hit: (found: T) => H) {
  return paged(response, response.hits.map(hit), toFacets(response, names));
}
