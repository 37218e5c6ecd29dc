/** The Meilisearch queries of docs/product.md section 7: what each search asks, and how it filters. */
import type { SearchQuery } from "@core/search/query";
import type { MultiSearchQuery } from "meilisearch";
import { mixtapeHitShape, postHitShape } from "./shapes";

const POST_FACETS = ["genres.name", "genres.slug", "locations.name", "locations.slug", "is_featured"];
const MIXTAPE_FACETS = ["genres.name", "genres.slug", "is_featured"];
const HIGHLIGHT = { highlightPreTag: "<mark>", highlightPostTag: "</mark>" } as const;
/**
 * The fields a hit is read with (./shapes.ts): the order the queries have always listed them in,
 * then any field the kind's definition (core/content/kind.ts) has gained since.
 */
const retrieved = (order: string[], shape: { entries: object }) =>
  [...new Set([...order, ...Object.keys(shape.entries)])].filter((name) => name !== "_formatted");

const POST_FIELDS = retrieved(
  [
    "id",
    "numericId",
    "slug",
    "title",
    "artist_name",
    "excerpt",
    "postDateIso",
    "category",
    "tags",
    "genres",
    "locations",
    "coverImage",
    "is_featured",
    "audio_platform",
    "primary_audio_url",
    "track_title",
  ],
  postHitShape,
);
const MIXTAPE_FIELDS = retrieved(
  [
    "id",
    "numericId",
    "slug",
    "title",
    "artist_name",
    "releaseDateIso",
    "coverImage",
    "description",
    "tracklist",
    "duration",
    "track_count",
    "download_url",
    "audio_platform",
    "audio_url",
    "genres",
    "is_featured",
  ],
  mixtapeHitShape,
);

/** A Meilisearch filter value: slugs are validated upstream, quotes are escaped regardless. */
const quoted = (value: string) => `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;

/** docs/product.md section 7: genres.slug IN [..] (OR), locations.slug likewise, is_featured = value. */
export function meiliFilter(query: SearchQuery, withLocations: boolean): string[] {
  const out: string[] = [];
  if (query.genres?.length) out.push(`genres.slug IN [${query.genres.map(quoted).join(", ")}]`);
  if (withLocations && query.locations?.length) {
    out.push(`locations.slug IN [${query.locations.map(quoted).join(", ")}]`);
  }
  if (query.isFeatured !== undefined) out.push(`is_featured = ${query.isFeatured}`);
  return out;
}

/** The blog search of docs/product.md section 7, as one query of a multi-search. */
export function postQuery(query: SearchQuery): MultiSearchQuery {
  const filter = meiliFilter(query, true);
  return {
    indexUid: "blog-post",
    q: query.query,
    page: query.page ?? 1,
    hitsPerPage: query.pageSize ?? 15,
    ...(query.sortBy === "relevance" ? {} : { sort: ["postDate:desc"] }),
    attributesToHighlight: ["title", "artist_name", "excerpt"],
    ...HIGHLIGHT,
    facets: POST_FACETS,
    ...(filter.length ? { filter } : {}),
    attributesToRetrieve: POST_FIELDS,
  };
}

/** The mixtape search of docs/product.md section 7. */
export function mixtapeQuery(query: SearchQuery): MultiSearchQuery {
  const filter = meiliFilter(query, false);
  return {
    indexUid: "mixtape",
    q: query.query,
    page: query.page ?? 1,
    hitsPerPage: query.pageSize ?? 15,
    ...(query.sortBy === "relevance" ? {} : { sort: ["release_date:desc"] }),
    attributesToHighlight: ["title", "artist_name", "description"],
    ...HIGHLIGHT,
    facets: MIXTAPE_FACETS,
    ...(filter.length ? { filter } : {}),
    attributesToRetrieve: MIXTAPE_FIELDS,
  };
}
