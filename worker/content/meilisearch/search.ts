import type {
  FacetValue,
  MixtapeHit,
  PostHit,
  SearchFacets,
  SearchIndex,
  SearchQuery,
  SearchResult,
  Suggestion,
} from "@core/content/types";
import { Meilisearch, type SearchParams } from "meilisearch";
import { readAnswer, type Shape } from "../answer-shape";
import { balance } from "../balance";
import { SourceError } from "../source-error";
import { documentToMixtape, documentToPost, type MixtapeDocument, type PostDocument } from "./documents";
import {
  answerOf,
  anyHitShape,
  mixtapeHitShape,
  postHitShape,
  type SearchAnswer,
  suggestionHitShape,
} from "./shapes";
import { taxonNames } from "./taxonomy";

export interface MeiliConfig {
  host: string;
  /** The public search-only key (docs/product.md section 6); sent as a bearer token. */
  searchKey?: string;
  /** Per-request time budget, so a slow search service cannot hold a page. */
  timeoutMs?: number;
  /**
   * Display names for facet slugs (Meilisearch counts slugs and names separately). Default: the
   * genre and location indexes.
   */
  names?: () => Promise<Map<string, string>>;
}

const POST_FACETS = ["genres.name", "genres.slug", "locations.name", "locations.slug", "is_featured"];
const MIXTAPE_FACETS = ["genres.name", "genres.slug", "is_featured"];
const HIGHLIGHT = { highlightPreTag: "<mark>", highlightPostTag: "</mark>" } as const;
const POST_FIELDS = [
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
];
const MIXTAPE_FIELDS = [
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
];

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

/**
 * Search through Meilisearch (docs/product.md section 7). Methods throw on any failure; the failover
 * wrapper decides what the visitor gets (section 8).
 */
export function createMeiliSearch(config: MeiliConfig): SearchIndex {
  const client = new Meilisearch({
    host: config.host,
    apiKey: config.searchKey || undefined,
    clientAgents: ["Crossfade"],
    timeout: config.timeoutMs ?? 3000,
  });
  const names = async () =>
    (config.names ?? (() => taxonNames(client)))().catch(() => new Map<string, string>());

  /** One search, its answer checked against what is read of it (a mismatch throws: failover). */
  async function searchIndex<T>(index: string, params: SearchParams & { q: string }, hit: Shape<T>) {
    const { q, ...rest } = params;
    const answer = await client.index(index).search(q, rest);
    const read = readAnswer(answerOf(hit), answer);
    if (!read.ok) {
      throw new SourceError(`Unexpected answer from the ${index} index: ${read.problem}`, "parse");
    }
    return read.value;
  }

  return {
    kind: "meilisearch",

    async searchPosts(query): Promise<SearchResult<PostHit>> {
      const filter = meiliFilter(query, true);
      const [response, labels] = await Promise.all([
        searchIndex(
          "blog-post",
          {
            q: query.query,
            page: query.page ?? 1,
            hitsPerPage: query.pageSize ?? 15,
            ...(query.sortBy === "relevance" ? {} : { sort: ["postDate:desc"] }),
            attributesToHighlight: ["title", "artist_name", "excerpt"],
            ...HIGHLIGHT,
            facets: POST_FACETS,
            ...(filter.length ? { filter } : {}),
            attributesToRetrieve: POST_FIELDS,
          },
          postHitShape,
        ),
        names(),
      ]);
      const items = response.hits.map((hit) => {
        // Checked against postHitShape: the fields asked for, typed as the index stores them.
        const post = documentToPost(hit as PostDocument);
        const f = hit._formatted ?? {};
        return {
          post,
          highlights: {
            title: text(f.title, post.title),
            artist: typeof f.artist_name === "string" ? f.artist_name : post.artist,
            excerpt: text(f.excerpt, post.excerpt),
          },
        };
      });
      return paged(response, items, toFacets(response, labels));
    },

    async searchMixtapes(query): Promise<SearchResult<MixtapeHit>> {
      const filter = meiliFilter(query, false);
      const [response, labels] = await Promise.all([
        searchIndex(
          "mixtape",
          {
            q: query.query,
            page: query.page ?? 1,
            hitsPerPage: query.pageSize ?? 15,
            ...(query.sortBy === "relevance" ? {} : { sort: ["release_date:desc"] }),
            attributesToHighlight: ["title", "artist_name", "description"],
            ...HIGHLIGHT,
            facets: MIXTAPE_FACETS,
            ...(filter.length ? { filter } : {}),
            attributesToRetrieve: MIXTAPE_FIELDS,
          },
          mixtapeHitShape,
        ),
        names(),
      ]);
      const items = response.hits.map((hit) => {
        const mixtape = documentToMixtape(hit as MixtapeDocument);
        const f = hit._formatted ?? {};
        return {
          mixtape,
          highlights: {
            title: text(f.title, mixtape.title),
            artist: typeof f.artist_name === "string" ? f.artist_name : mixtape.artist,
            excerpt: text(f.description, mixtape.description),
          },
        };
      });
      return paged(response, items, toFacets(response, labels));
    },

    async suggest(q, limit): Promise<Suggestion[]> {
      const params = { q, hitsPerPage: limit, attributesToRetrieve: ["title", "artist_name", "slug"] };
      const [posts, mixtapes] = await Promise.all([
        searchIndex("blog-post", params, suggestionHitShape),
        searchIndex("mixtape", params, suggestionHitShape),
      ]);
      const toSuggestion =
        (kind: "post" | "mixtape", base: string) =>
        (hit: { title: string; artist_name?: string | null; slug: string }) => ({
          kind,
          title: hit.title,
          artist: hit.artist_name ?? null,
          href: `${base}/${hit.slug}`,
        });
      return balance(
        posts.hits.map(toSuggestion("post", "/blog")),
        mixtapes.hits.map(toSuggestion("mixtape", "/mixtapes")),
        limit,
      );
    },

    async health() {
      await client.health();
      // docs/product.md section 4: unavailable when the service returns no posts in a test search.
      const probe = await searchIndex(
        "blog-post",
        { q: "", hitsPerPage: 1, attributesToRetrieve: ["id"] },
        anyHitShape,
      );
      return probe.hits.length > 0;
    },
  };
}
