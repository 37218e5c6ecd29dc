import { documentText } from "@core/content/document";
import type { Mixtape } from "@core/content/mixtape";
import type { Post } from "@core/content/post";
import type { Taxon } from "@core/content/taxon";
import type { SearchQuery } from "@core/search/query";
import type {
  ArtistHit,
  FacetValue,
  MixtapeHit,
  PostHit,
  SearchFacets,
  SearchResult,
  Suggestion,
} from "@core/search/results";
import type { SearchIndex } from "@core/search/search-index";
import { reportDegraded } from "@worker/failure/source-failure";
import * as v from "valibot";
import { foldLetters } from "../d1/search/fold";
import { DEFAULT_POST_PAGE_SIZE, filteredFetchSize, paging, slicePage } from "../paging";
import { searchSideBySide } from "../search-both";
import {
  anyOf,
  type CmsClient,
  containsAny,
  createCmsClient,
  type FetchLike,
  type Param,
  paginate,
  populate,
  type StrapiOptions,
} from "./client";
import { highlight } from "./highlight";
import { toListedArtist, toMixtape, toPost } from "./mappers";
import { POST_POPULATE, POST_SEARCH_FIELDS } from "./posts";
import { listedArtistShape, listOf, mixtapeShape, postShape, suggestionShape } from "./shapes";

/** A word as the slugs spell it: 'Møller' → 'moller' (slugs fold every letter to ASCII). */
const slugWord = (word: string) =>
  foldLetters(word)
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-");

/**
 * Artists whose name or slug contains every word (the slug is the name in ASCII, so 'moller'
 * finds 'Jürgen Møller'), A–Z: Strapi has no ranking.
 */
async function artistHits(cms: CmsClient, text: string, limit: number): Promise<ArtistHit[]> {
  const words = text.trim().split(/\s+/).filter(Boolean).slice(0, 8);
  if (!words.length || limit < 1) return [];
  const res = await cms.get(
    "/artists",
    [
      ["fields[0]", "slug"],
      ["fields[1]", "name"],
      ["fields[2]", "kind"],
      ...populate(["image"]),
      ...words.flatMap((word, i): Param[] => [
        [`filters[$and][${i}][$or][0][name][$containsi]`, word],
        [`filters[$and][${i}][$or][1][slug][$containsi]`, slugWord(word) || word],
      ]),
      ["sort", "name:asc"],
      ...paginate(1, limit),
    ],
    listOf(listedArtistShape),
  );
  return res.data.map((a) => {
    const { slug, name, kind, image } = toListedArtist(a, cms.media, 0);
    return { slug, name, kind, image, highlightedName: highlight(name, text) };
  });
}

function facetValues(lists: Taxon[][]): FacetValue[] {
  const counts = new Map<string, FacetValue>();
  for (const list of lists) {
    for (const t of list) {
      const f = counts.get(t.slug) ?? { slug: t.slug, name: t.name, count: 0 };
      f.count++;
      counts.set(t.slug, f);
    }
  }
  return [...counts.values()].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}

function facetsOf(items: Array<{ genres: Taxon[]; locations?: Taxon[]; isFeatured: boolean }>): SearchFacets {
  const yes = items.filter((i) => i.isFeatured).length;
  return {
    genres: facetValues(items.map((i) => i.genres)),
    locations: facetValues(items.map((i) => i.locations ?? [])),
    featured: { yes, no: items.length - yes },
  };
}

function taxonFilters(q: SearchQuery, withLocations: boolean): Param[] {
  const params: Param[] = [];
  if (q.genres?.length) params.push(...anyOf("[genres][slug]", q.genres));
  if (withLocations && q.locations?.length) params.push(...anyOf("[locations][slug]", q.locations));
  if (q.isFeatured !== undefined) params.push(["filters[is_featured][$eq]", q.isFeatured]);
  return params;
}

async function postHits(cms: CmsClient, q: SearchQuery): Promise<SearchResult<PostHit>> {
  const started = Date.now();
  const { page, pageSize } = paging(q.page, q.pageSize, DEFAULT_POST_PAGE_SIZE);
  const text = q.query.trim();
  // Strapi has no relevance ranking: both sorts are newest first.
  const res = await cms.get(
    "/blog-posts",
    [
      ...populate(POST_POPULATE),
      ...(text ? containsAny(POST_SEARCH_FIELDS, text) : []),
      ...taxonFilters(q, true),
      ...paginate(1, filteredFetchSize(pageSize)),
      ["sort", "postDate:desc"],
    ],
    listOf(postShape),
  );
  const posts: Post[] = res.data.map((p) => toPost(p, cms.media));
  const hits = posts.map((post) => ({
    post,
    highlights: {
      title: highlight(post.title, text),
      artist: post.artist === null ? null : highlight(post.artist, text),
      excerpt: highlight(post.excerpt, text),
    },
  }));
  return {
    ...slicePage(hits, page, pageSize),
    facets: facetsOf(posts),
    processingTimeMs: Date.now() - started,
  };
}

async function mixtapeHits(cms: CmsClient, q: SearchQuery): Promise<SearchResult<MixtapeHit>> {
  const started = Date.now();
  const { page, pageSize } = paging(q.page, q.pageSize, DEFAULT_POST_PAGE_SIZE);
  const text = q.query.trim();
  const res = await cms.get(
    "/mixtapes",
    [
      ["populate", "*"],
      ...(text ? [["filters[title][$containsi]", text] as const] : []),
      ...taxonFilters(q, false),
      ...paginate(1, filteredFetchSize(pageSize)),
      ["sort", "release_date:desc"],
    ],
    listOf(mixtapeShape),
  );
  const mixtapes: Mixtape[] = res.data.map((m) => toMixtape(m, cms.media));
  const hits = mixtapes.map((mixtape) => ({
    mixtape,
    highlights: {
      title: highlight(mixtape.title, text),
      artist: mixtape.artist === null ? null : highlight(mixtape.artist, text),
      excerpt: highlight(documentText(mixtape.description), text),
    },
  }));
  return {
    ...slicePage(hits, page, pageSize),
    facets: facetsOf(mixtapes),
    processingTimeMs: Date.now() - started,
  };
}

function emptyResult<T>(pageSize: number): SearchResult<T> {
  return {
    items: [],
    page: 1,
    pageSize,
    pageCount: 1,
    total: 0,
    processingTimeMs: 0,
    facets: { genres: [], locations: [], featured: { yes: 0, no: 0 } },
  };
}

/**
 * The CMS fallback search (docs/architecture.md): Strapi's `$containsi` filters, results
 * paginated and highlighted in the Worker. Blog search failures are rethrown (docs/product.md section 8:
 * the caller falls back); mixtape, suggestion and health failures give empty answers.
 */
export function createStrapiSearch(
  baseUrl: string,
  fetch?: FetchLike,
  options: Omit<StrapiOptions, "fetch"> = {},
): SearchIndex {
  const cms = createCmsClient(baseUrl, { ...options, fetch });
  const search: Pick<SearchIndex, "searchPosts" | "searchMixtapes"> = {
    searchPosts: (q) => postHits(cms, q),
    async searchMixtapes(q) {
      try {
        return await mixtapeHits(cms, q);
      } catch (error) {
        reportDegraded("Failed to search mixtapes", error);
        return emptyResult(paging(q.page, q.pageSize, DEFAULT_POST_PAGE_SIZE).pageSize);
      }
    },
  };
  return {
    kind: "strapi",
    ...search,
    async searchArtists(text, limit) {
      try {
        return await artistHits(cms, text, limit);
      } catch (error) {
        reportDegraded("Failed to search artists", error);
        return [];
      }
    },
    searchPostsAndMixtapes: searchSideBySide(search),
    async suggest(query, limit) {
      const text = query.trim();
      if (text.length < 2 || limit < 1) return [];
      const postLimit = Math.ceil(limit / 2);
      const mixtapeLimit = limit - postLimit;
      const fields = (names: string[]): Param[] => names.map((f, i) => [`fields[${i}]`, f] as const);
      const [posts, mixtapes] = await Promise.all([
        cms
          .get(
            "/blog-posts",
            [
              ...fields(["title", "artist_name", "slug"]),
              ...containsAny(["title", "artist_name"], text),
              ...paginate(1, postLimit),
              ["sort", "postDate:desc"],
            ],
            listOf(suggestionShape),
          )
          .then((r) => r.data)
          .catch((error) => {
            reportDegraded("Failed to fetch suggestions", error);
            return [];
          }),
        mixtapeLimit > 0
          ? cms
              .get(
                "/mixtapes",
                [
                  ...fields(["title", "artist_name", "slug"]),
                  ["filters[title][$containsi]", text],
                  ...paginate(1, mixtapeLimit),
                  ["sort", "release_date:desc"],
                ],
                listOf(suggestionShape),
              )
              .then((r) => r.data)
              .catch((error) => {
                reportDegraded("Failed to fetch suggestions", error);
                return [];
              })
          : [],
      ]);
      const out: Suggestion[] = [
        ...posts.map((p) => ({
          kind: "post" as const,
          title: p.title,
          artist: p.artist_name?.trim() ? p.artist_name : null,
          href: `/blog/${p.slug}`,
        })),
        ...mixtapes.map((m) => ({
          kind: "mixtape" as const,
          title: m.title,
          artist: m.artist_name?.trim() ? m.artist_name : null,
          href: `/mixtapes/${m.slug}`,
        })),
      ];
      return out.slice(0, limit);
    },
    async health() {
      try {
        const res = await cms.get(
          "/blog-posts",
          [["fields[0]", "slug"], ...paginate(1, 1)],
          listOf(v.unknown()),
        );
        return res.meta.pagination.total > 0;
      } catch (error) {
        reportDegraded("CMS health check failed", error);
        return false;
      }
    },
  };
}
